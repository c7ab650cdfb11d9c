import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { useTranslate } from 'react-admin';

/** 지금 실행 regrades every customer, so it asks first. */
export function GradeRunConfirmDialog({ open, onClose, onConfirm }: { open: boolean; onClose: () => void; onConfirm: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-describedby="grade-run-confirm">
      <DialogContent>
        <DialogContentText id="grade-run-confirm" sx={{ color: 'text.primary', fontWeight: 600 }}>
          {translate('customer.grade.runConfirm')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{translate('app.common.cancel')}</Button>
        <Button variant="contained" disableElevation onClick={onConfirm}>
          {translate('customer.grade.runNow')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
