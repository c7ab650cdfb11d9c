import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useListContext, useNotify, useTranslate, type Identifier } from 'react-admin';
import { AS_REASON_MAX, asCancelSchema, canAsTransition, type AsType } from '../../../domain/afterService';
import { ConfirmBulkAction } from '../../../framework/list';
import { presentError } from '../../../dataProvider/errors';
import { CountedText, fieldErrorOf } from '../memo';
import { bulkMove, refusedRowsOf, type AsRow, type RefusedRow } from '../api';

/** A row as a refusal names it: its number and its certificate number or product. */
export const rowName = (idx: string, rows: AsRow[]) => {
  const row = rows.find((r) => String(r.id) === idx);
  return row ? `#${idx} ${row.nftNumber ?? row.productName ?? ''}`.trim() : `#${idx}`;
};

/** Runs a bulk move: a 409 hands the refused rows to `onRefused` and throws (the selection stays); other failures are presented. */
async function runBulk(work: () => Promise<unknown>, onRefused: (refused: RefusedRow[]) => void) {
  try {
    await work();
  } catch (err) {
    const refused = refusedRowsOf(err);
    if (refused) onRefused(refused);
    else presentError(err);
    throw err;
  }
}

/** 완료 처리: the selected requests to complete, after a confirmation (all or nothing); not offered while a selected row cannot be completed. */
export function BulkCompleteButton({ type, onRefused }: { type: AsType; onRefused: (refused: RefusedRow[]) => void }) {
  return (
    <ConfirmBulkAction
      label="afterService.list.complete"
      confirmTitle="afterService.list.completeTitle"
      confirmContent="afterService.list.completeConfirm"
      action={(ids: Identifier[]) => runBulk(() => bulkMove(type, 'complete', ids), onRefused)}
      successMessage="afterService.list.completed"
      failureMessage={false}
      unavailable={(rows) => (rows.some((r) => !canAsTransition('complete', (r as AsRow).status)) ? 'afterService.list.completeUnavailable' : null)}
    />
  );
}

/** 취소 처리: the selected requests cancelled with one reason (asked in the confirmation), all or nothing. */
export function BulkCancelButton({ type, onRefused }: { type: AsType; onRefused: (refused: RefusedRow[]) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { selectedIds = [], onUnselectItems, refetch } = useListContext();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const count = selectedIds.length;

  const submit = async () => {
    try {
      asCancelSchema.validateSync({ reason });
    } catch (err) {
      setError((err as Error).message);
      return;
    }
    setRunning(true);
    try {
      await runBulk(() => bulkMove(type, 'cancel', [...selectedIds], reason.trim()), onRefused);
      setOpen(false);
      notify('afterService.list.canceled', { type: 'success', messageArgs: { count } });
      onUnselectItems();
      void refetch?.();
    } catch (err) {
      const fieldError = fieldErrorOf(err, 'reason');
      if (fieldError) setError(fieldError);
      else setOpen(false);
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        color="warning"
        disabled={count === 0}
        onClick={() => {
          setReason('');
          setError(null);
          setOpen(true);
        }}
      >
        {translate('afterService.list.cancel')}
      </Button>
      <Dialog open={open} onClose={() => !running && setOpen(false)} aria-labelledby="as-bulk-cancel-title" maxWidth="xs" fullWidth>
        <DialogTitle id="as-bulk-cancel-title">{translate('afterService.list.cancelTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('afterService.list.cancelConfirm', { count })}
          </Typography>
          <CountedText
            label={translate('afterService.action.reason')}
            value={reason}
            max={AS_REASON_MAX}
            error={error}
            required
            minRows={2}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={() => setOpen(false)} disabled={running}>
            {translate('app.common.cancel')}
          </Button>
          <Button variant="contained" color="warning" disableElevation onClick={() => void submit()} disabled={running}>
            {translate('afterService.list.cancel')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
