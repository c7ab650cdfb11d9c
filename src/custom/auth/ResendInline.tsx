import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MSG } from '../../domain/messages';
import { authKo } from '../../i18n/auth.ko';
import { Notice } from './fields';
import { useResendVerification } from './useResend';

/** For an e-mail of an account that never confirmed: send the verification mail again. */
export function ResendInline({ email }: { email: string }) {
  const { state, send, reset } = useResendVerification();
  useEffect(reset, [email, reset]);
  if (state === 'sent') return <Notice severity="success">{MSG.verificationResent}</Notice>;
  return (
    <Box sx={{ mt: -1, mb: 2 }}>
      <Button type="button" size="small" variant="text" loading={state === 'sending'} onClick={() => void send(email)} sx={{ px: 0.5 }}>
        {authKo.common.resendVerification}
      </Button>
      {state === 'failed' ? (
        <Typography role="alert" sx={{ fontSize: 13, color: 'error.main' }}>
          {MSG.genericErrorTitle} {MSG.genericErrorMessage}
        </Typography>
      ) : null}
    </Box>
  );
}
