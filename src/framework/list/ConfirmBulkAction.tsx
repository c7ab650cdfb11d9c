import { useId, useState, type ReactNode } from 'react';
import { Button, CircularProgress, Tooltip } from '@mui/material';
import { Confirm, useListContext, useNotify, useTranslate, type Identifier, type RaRecord } from 'react-admin';

export interface ConfirmBulkActionProps {
  /** Button text (text or i18n key). */
  label: string;
  icon?: ReactNode;
  /** Dialog title (text or i18n key; `%{count}` is the number of selected rows). */
  confirmTitle: string;
  /** Dialog body: text or i18n key with `%{count}`, or a function of the count, e.g. (n) => `선택한 ${n}개 상품을 삭제할까요?`. */
  confirmContent: string | ((count: number) => string);
  /** Confirm button text; the action's label by default. */
  confirmLabel?: string;
  /** The work, on the selected ids. Resolve to succeed; throw to fail (the selection is then kept). */
  action: (ids: Identifier[]) => Promise<unknown>;
  /** Notified on success (text or i18n key with `%{count}`); app.list.bulkDone by default. */
  successMessage?: string;
  /**
   * Notified on failure; by default the error's message. `false` when the action's own call
   * already presented the error (the dataProvider presents the failures of its writes).
   */
  failureMessage?: string | false;
  color?: 'primary' | 'warning' | 'error' | 'inherit';
  /**
   * Why the action cannot run on the selected rows (text or i18n key), or null when it can: the
   * button then does nothing and says why (aria-disabled, the reason as its description and
   * tooltip). Rows off the page count as possible.
   */
  unavailable?: (selected: RaRecord[]) => string | null;
}

/**
 * A bulk action that asks first: the button (inside DataTable's bulk toolbar, or anywhere under a
 * ListContext) opens a confirmation naming the count; on confirm it runs `action(selectedIds)` with
 * a progress indicator, notifies, clears the selection and refetches the list on success.
 */
export function ConfirmBulkAction({ label, icon, confirmTitle, confirmContent, confirmLabel, action, successMessage, failureMessage, color = 'primary', unavailable }: ConfirmBulkActionProps) {
  const { selectedIds = [], onUnselectItems, refetch, data = [] } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const count = selectedIds.length;
  const tr = (text: string) => translate(text, { _: text, count, smart_count: count });
  const reasonId = useId();
  const reason = count > 0 && unavailable ? unavailable(data.filter((r) => selectedIds.includes(r.id))) : null;

  const run = async () => {
    setRunning(true);
    try {
      await action([...selectedIds]);
      setOpen(false);
      notify(successMessage ?? 'app.list.bulkDone', { type: 'success', messageArgs: { count, smart_count: count, _: successMessage } });
      onUnselectItems();
      void refetch?.();
    } catch (err) {
      setOpen(false);
      if (failureMessage !== false) {
        const message = failureMessage ?? (err instanceof Error && err.message ? err.message : 'app.list.bulkFailed');
        notify(message, { type: 'error', messageArgs: { _: message } });
      }
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <Tooltip title={reason ? tr(reason) : ''} describeChild>
        {/* Not offered, yet focusable so the reason is heard and seen (a disabled button takes neither focus nor hover). */}
        <Button
          size="small"
          color={color}
          startIcon={running ? <CircularProgress size={16} color="inherit" /> : icon}
          disabled={count === 0 || running}
          aria-disabled={reason ? true : undefined}
          aria-describedby={reason ? reasonId : undefined}
          aria-busy={running}
          sx={reason ? { opacity: 0.5, cursor: 'not-allowed' } : undefined}
          onClick={() => !reason && setOpen(true)}
        >
          {tr(label)}
        </Button>
      </Tooltip>
      {reason && (
        <span id={reasonId} hidden>
          {tr(reason)}
        </span>
      )}
      <Confirm
        isOpen={open}
        loading={running}
        title={tr(confirmTitle)}
        content={typeof confirmContent === 'function' ? confirmContent(count) : tr(confirmContent)}
        confirm={confirmLabel ? tr(confirmLabel) : tr(label)}
        cancel="app.common.cancel"
        confirmColor={color === 'error' || color === 'warning' ? 'warning' : 'primary'}
        ConfirmIcon={running ? () => <CircularProgress size={16} color="inherit" /> : undefined}
        onConfirm={() => void run()}
        onClose={() => {
          if (!running) setOpen(false);
        }}
      />
    </>
  );
}
