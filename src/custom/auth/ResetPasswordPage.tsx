import { useRef, useState, type FormEvent } from 'react';
import { AuthLayout } from './AuthLayout';
import { ErrorNotice, LinkButton, LoginLink, NewPasswordFields, Notice, SubmitButton } from './fields';
import { asApiError, hasErrors, useFields, useFocusFirstError } from './form';
import { authApi } from './api';
import { newPasswordSchema } from '../../domain/validation/account';
import { FIELD_MSG } from '../../domain/messages';
import { authKo } from '../../i18n/auth.ko';
import type { ApiRequestError } from '../../providers/http';

/** /reset/password?token=…: set a new password with the mailed token. */
export function ResetPasswordPage({ search }: { search: string }) {
  const t = authKo.resetPassword;
  const token = new URLSearchParams(search).get('token') ?? '';
  const form = useFields(newPasswordSchema, { password: '', passwordConfirm: '' }, { context: { token } });
  const [state, setState] = useState<'form' | 'sending' | 'done' | 'invalid'>(token ? 'form' : 'invalid');
  const [failure, setFailure] = useState<ApiRequestError | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (state !== 'form') return;
    const found = form.validate();
    if (found.token) return setState('invalid');
    if (hasErrors(found)) return focusFirstError();
    setFailure(null);
    setState('sending');
    try {
      await authApi.resetPassword(token, form.values.password, form.values.passwordConfirm);
      setState('done');
    } catch (err) {
      const error = asApiError(err);
      if (error.code === 'INVALID_TOKEN') return setState('invalid');
      setState('form');
      if (error.errors && (error.errors.password || error.errors.passwordConfirm)) {
        form.setErrors({ password: error.errors.password, passwordConfirm: error.errors.passwordConfirm });
        focusFirstError();
      } else if (error.errors?.token) setState('invalid');
      else setFailure(error);
    }
  };

  if (state === 'done') {
    return (
      <AuthLayout title={t.title}>
        <Notice severity="success">{t.success}</Notice>
        <LinkButton href="/auth/login">{authKo.common.login}</LinkButton>
      </AuthLayout>
    );
  }
  if (state === 'invalid') {
    return (
      <AuthLayout title={t.title} footer={<LoginLink />}>
        <Notice severity="error">{FIELD_MSG.resetTokenInvalid}</Notice>
        <p className="auth-help">{t.requestAgainHelp}</p>
        <LinkButton href="/reset/request/password">{t.requestAgain}</LinkButton>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t.title} subtitle={t.body} footer={<LoginLink />}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <NewPasswordFields form={form} labels={{ password: authKo.common.newPassword, passwordConfirm: authKo.common.newPasswordConfirm }} autoFocus />
        {failure ? <ErrorNotice error={failure} /> : null}
        <SubmitButton loading={state === 'sending'}>{t.submit}</SubmitButton>
      </form>
    </AuthLayout>
  );
}
