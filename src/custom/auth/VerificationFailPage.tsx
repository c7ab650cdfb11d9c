import { AuthLayout } from './AuthLayout';
import { LoginLink, Notice } from './fields';
import { EmailActionForm } from './EmailActionForm';
import { authApi } from './api';
import { MSG } from '../../domain/messages';
import { authKo } from '../../i18n/auth.ko';

/** /auth/verification/fail: the mailed link was expired or invalid; send a new one. */
export function VerificationFailPage() {
  const t = authKo.verificationFail;
  return (
    <AuthLayout title={t.title} footer={<LoginLink />}>
      <Notice severity="warning">{t.body}</Notice>
      <p className="auth-help">{t.help}</p>
      <EmailActionForm
        submitLabel={authKo.common.resendVerification}
        successText={MSG.verificationResent}
        action={authApi.resendVerification}
      />
    </AuthLayout>
  );
}
