import { AuthLayout } from './AuthLayout';
import { LoginLink } from './fields';
import { EmailActionForm } from './EmailActionForm';
import { authApi } from './api';
import { authKo } from '../../i18n/auth.ko';

/** /reset/request/password: the answer never says whether the account exists. */
export function ResetRequestPage() {
  const t = authKo.resetRequest;
  return (
    <AuthLayout title={t.title} subtitle={t.body} footer={<LoginLink />}>
      <EmailActionForm submitLabel={t.submit} successText={t.sent} action={authApi.requestPasswordReset} />
    </AuthLayout>
  );
}
