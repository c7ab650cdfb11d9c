import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { onAppEvent } from './events';

/**
 * The generic failure dialog (spec 1 section 8): the server's title and message, else
 * MSG.genericErrorTitle / MSG.genericErrorMessage, and a confirm button.
 */
export function GenericErrorDialog() {
  const translate = useTranslate();
  const [error, setError] = useState<{ title?: string; message?: string } | null>(null);
  useEffect(
    () =>
      onAppEvent((e) => {
        if (e.type === 'error') setError({ title: e.title, message: e.message });
      }),
    [],
  );
  if (!error) return null;
  const close = () => setError(null);
  return (
    <Dialog open onClose={close} aria-labelledby="generic-error-title" aria-describedby="generic-error-message" maxWidth="xs" fullWidth>
      <DialogTitle id="generic-error-title" sx={{ fontWeight: 700 }}>
        {error.title || translate('app.errorDialog.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="generic-error-message">{error.message || translate('app.errorDialog.message')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" disableElevation onClick={close} autoFocus>
          {translate('app.errorDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
