import { useEffect, useRef } from 'react';
import { MSG } from '../../domain/messages';
import { authKo } from '../../i18n/auth.ko';
import { AuthLayout } from './AuthLayout';
import { AuthButton, LinkButton, Notice } from './fields';
import { t } from './signUpForm';
import { useResendVerification } from './useResend';

/** After sign-up: the verification mail went out; the e-mail stays on screen. */
export function SignUpSentStep({ email }: { email: string }) {
  const { state, send } = useResendVerification();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <AuthLayout title={t.title}>
      <h2 ref={headingRef} tabIndex={-1} className="auth-sent-title">
        {t.sentTitle}
      </h2>
      <p className="auth-sent-email">
        <strong>{email}</strong>
        {t.sentBodySuffix}
      </p>
      <p className="auth-help">{t.sentHelp}</p>
      {state === 'sent' ? <Notice severity="success">{MSG.verificationResent}</Notice> : null}
      {state === 'failed' ? <Notice severity="error" title={MSG.genericErrorTitle}>{MSG.genericErrorMessage}</Notice> : null}
      <div className="auth-stack">
        <AuthButton variant="outlined" large loading={state === 'sending'} onClick={() => void send(email)}>
          {authKo.common.resendVerification}
        </AuthButton>
        <LinkButton href="/auth/login">{t.goLogin}</LinkButton>
      </div>
    </AuthLayout>
  );
}
