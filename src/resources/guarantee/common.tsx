import { Chip, Dialog, DialogContent, DialogContentText, List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { GUARANTEE_MSG } from '../../domain/guarantee';
import { NotFoundDialog, useGoBack, useRecordOr404 } from '../../framework/record/useRecordOr404';
import { DialogOkActions } from '../../framework/ui';
import { presentError } from '../../dataProvider/errors';
import { ApiRequestError } from '../../providers/http';
import { GUARANTEE_PATH, GUARANTEE_RESOURCE, statusColor, statusLabel, type Guarantee } from './api';

/** '존재하지 않는 보증서예요' with 확인, which goes back (the products' not-found pattern, spec 2 section 8). */
export function GuaranteeNotFoundDialog() {
  const goBack = useGoBack(GUARANTEE_PATH);
  return <NotFoundDialog message={GUARANTEE_MSG.notFound} onClose={goBack} />;
}

/** The certificate of the route's `:id`; a 404 (or an id that cannot be one) is `notFound`. */
export const useGuaranteeRecord = () => useRecordOr404<Guarantee>(GUARANTEE_RESOURCE);

/** The status as a coloured chip. */
export function StatusChip({ status }: { status: number }) {
  return <Chip size="small" label={statusLabel(status)} color={statusColor(status)} variant={status === 9 || status === 10 ? 'outlined' : 'filled'} />;
}

/** The refused certificates of a 409 ILLEGAL_TRANSITION answer (`errors["nftIdxList.<idx>"]`), or null for other failures. */
export function refusedOf(err: unknown): string[] | null {
  if (!(err instanceof ApiRequestError) || err.status !== 409) return null;
  const messages = Object.values(err.errors ?? {}).map(String);
  return messages.length ? messages : [err.message];
}

/**
 * Runs a certificate operation: a 409 refusal resolves to the refused certificates' messages (nothing
 * changed); other failures are presented like the dataProvider's (modal, toast or error dialog) and thrown.
 */
export async function runTransition(work: () => Promise<unknown>): Promise<{ ok: true } | { ok: false; refused: string[] }> {
  try {
    await work();
    return { ok: true };
  } catch (err) {
    const refused = refusedOf(err);
    if (refused) return { ok: false, refused };
    presentError(err);
    throw err;
  }
}

/** "처리할 수 없는 보증서가 있어요": the certificates a transition refused; nothing was changed. */
export function RefusedDialog({ refused, onClose }: { refused: string[] | null; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={refused !== null} onClose={onClose} aria-labelledby="guarantee-refused-title" maxWidth="sm" fullWidth>
      <DialogContent>
        <DialogContentText id="guarantee-refused-title" sx={{ color: 'text.primary', fontWeight: 700 }}>
          {translate('guarantee.refused.title')}
        </DialogContentText>
        <DialogContentText variant="body2" sx={{ mt: 0.5 }}>
          {translate('guarantee.refused.body')}
        </DialogContentText>
        <List dense aria-label={translate('guarantee.refused.listLabel')}>
          {(refused ?? []).map((m) => (
            <ListItem key={m} disableGutters>
              <ListItemText primary={m} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogOkActions onClose={onClose} />
    </Dialog>
  );
}
