import { Chip, Dialog, DialogContent, DialogContentText, List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { checkAccess, type AccessRule } from '../../domain/access';
import { AS_STATUS_LABELS, type AsStatus } from '../../domain/afterService';
import { toAccessContext } from '../../domain/identity';
import { usePartnership } from '../../authProvider/usePartnership';
import { clock } from '../../providers/session';
import { DialogOkActions } from '../../framework/ui';
import type { RefusedRow } from './api';

const STATUS_COLOR: Record<AsStatus, 'default' | 'info' | 'warning' | 'success' | 'secondary'> = {
  request: 'info',
  preinspect: 'warning',
  inspecting: 'warning',
  working: 'secondary',
  washing: 'secondary',
  complete: 'success',
  shipping: 'success',
  cancel: 'default',
  exchanged: 'default',
};

/** A request's stage as a coloured chip with its Korean label (AS_STATUS_LABELS). */
export function AsStatusChip({ status }: { status: AsStatus }) {
  return <Chip size="small" label={AS_STATUS_LABELS[status] ?? status} color={STATUS_COLOR[status] ?? 'default'} variant={status === 'cancel' || status === 'exchanged' ? 'outlined' : 'filled'} />;
}

/** Whether the signed-in account passes `rule` (the brand-only controls: the intake, the certificate link, the categories). */
export function useAllows(rule: AccessRule): boolean {
  const { partnership } = usePartnership();
  return partnership !== undefined && checkAccess(toAccessContext(partnership), rule, new Date(clock.now())) === null;
}

/** "처리할 수 없는 요청이 있어요": each refused request of a 409 by its name (the row's certificate number or idx) and the server's message. */
export function RefusedRowsDialog({ refused, nameOf, onClose }: { refused: RefusedRow[] | null; nameOf: (idx: string) => string; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={refused !== null} onClose={onClose} aria-labelledby="as-refused-title" maxWidth="sm" fullWidth>
      <DialogContent>
        <DialogContentText id="as-refused-title" sx={{ color: 'text.primary', fontWeight: 700 }}>
          {translate('afterService.refused.title')}
        </DialogContentText>
        <DialogContentText variant="body2" sx={{ mt: 0.5 }}>
          {translate('afterService.refused.body')}
        </DialogContentText>
        <List dense aria-label={translate('afterService.refused.listLabel')}>
          {(refused ?? []).map((r) => (
            <ListItem key={`${r.idx}:${r.message}`} disableGutters>
              <ListItemText primary={r.idx ? translate('afterService.refused.row', { name: nameOf(r.idx), message: r.message }) : r.message} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogOkActions onClose={onClose} />
    </Dialog>
  );
}
