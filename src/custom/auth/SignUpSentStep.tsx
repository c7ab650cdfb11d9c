import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MSG } from '../../domain/messages';
import { authKo } from '../../i18n/auth.ko';
import { AuthLayout } from './AuthLayout';
import { LinkButton, Notice } from './fields';
import { t } from './signUpForm';
import { useResendVerification } from './useResend';

/** After sign-up: the verification mail went out; the e-mail stays on screen. */
export function SignUpSentStep({ email }: { email: string }) {
  const { state, send } = useResendVerification();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <AuthLayout title={t.title}>
      <Typography ref={headingRef} tabIndex={-1} component="h2" sx={{ fontSize: 20, fontWeight: 700, mb: 1.5, outline: 'none' }}>
        {t.sentTitle}
      </Typography>
      <Typography sx={{ fontSize: 15, mb: 1, wordBreak: 'break-all' }}>
        <strong>{email}</strong>
        {t.sentBodySuffix}
      </Typography>
      <Typography sx={{ fontSize: 14, color: 'text.secondary', mb: 3, wordBreak: 'keep-all' }}>{t.sentHelp}</Typography>
      {state === 'sent' ? <Notice severity="success">{MSG.verificationResent}</Notice> : null}
      {state === 'failed' ? <Notice severity="error" title={MSG.genericErrorTitle}>{MSG.genericErrorMessage}</Notice> : null}
      <Button
        type="button"
        variant="outlined"
        size="large"
        fullWidth
        loading={state === 'sending'}
        onClick={() => void send(email)}
        sx={{ height: 48, mb: 1.5 }}
      >
        {authKo.common.resendVerification}
      </Button>
      <LinkButton href="/auth/login">{t.goLogin}</LinkButton>
    </AuthLayout>
  );
}
