import { useEffect } from 'react';
import { MSG } from '../../domain/messages';
import { authKo } from '../../i18n/auth.ko';
import { AuthButton, Notice } from './fields';
import { useResendVerification } from './useResend';

/** For an e-mail of an account that never confirmed: send the verification mail again. */
export function ResendInline({ email }: { email: string }) {
  const { state, send, reset } = useResendVerification();
  useEffect(reset, [email, reset]);
  if (state === 'sent') return <Notice severity="success">{MSG.verificationResent}</Notice>;
  return (
    <div className="auth-resend">
      <AuthButton variant="text" loading={state === 'sending'} onClick={() => void send(email)}>
        {authKo.common.resendVerification}
      </AuthButton>
      {state === 'failed' ? (
        <p role="alert" className="auth-error-text">
          {MSG.genericErrorTitle} {MSG.genericErrorMessage}
        </p>
      ) : null}
    </div>
  );
}
