import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { LinkBase } from 'react-admin';
import { PAYMENT_PATH } from './shellConfig';
import { useShellText } from './useShellText';

/**
 * Opened by the balance box's settings button. The spec opens the card list when cards exist,
 * else the add-card dialog; the card API arrives with the payment issue, so until then this
 * explains that no card is registered and leads to the payment page where cards are added.
 */
export function AutoChargeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useShellText();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="auto-charge-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="auto-charge-dialog-title">{t('shell.balance.dialogTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ fontWeight: 700, color: 'text.primary', mb: 1 }}>{t('shell.balance.noCard')}</DialogContentText>
        <DialogContentText>{t('shell.balance.noCardHelp')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('shell.balance.close')}
        </Button>
        <Button component={LinkBase} to={PAYMENT_PATH} onClick={onClose} variant="contained" disableElevation>
          {t('shell.balance.goToPayment')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
