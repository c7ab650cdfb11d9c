import { useRef, useState, type FormEvent } from 'react';
import { AuthLayout } from './AuthLayout';
import { AppLink, AuthButton, EmailInput, ErrorNotice, FooterPrompt, Notice, SubmitButton, TextInput } from './fields';
import { asApiError, hasErrors, useFields, useFocusFirstError } from './form';
import { useResendVerification } from './useResend';
import { authApi } from './api';
import { nav } from './nav';
import { FIELD_MSG, MSG } from '../../domain/messages';
import { saveSession } from '../../providers/session';
import { safeReturnUrl } from '../../entry';
import { authKo } from '../../i18n/auth.ko';
import type { ApiRequestError } from '../../providers/http';

type Failure =
  | { kind: 'credentials' }
  | { kind: 'tooMany'; message: string }
  | { kind: 'unconfirmed'; email: string }
  | { kind: 'generic'; error: ApiRequestError };

/** The sign-in rules, loaded beside the page rather than in its first download (issue 24: no yup there). */
const loadSignInSchema = () => import('../../domain/validation/account').then((m) => m.signInSchema);

/** /auth/login (spec 1 sections 2.1, 8): sign in, then a full page load of the admin app. */
export function LoginPage({ search }: { search: string }) {
  const t = authKo.login;
  const verified = new URLSearchParams(search).get('verified') === '1';
  const form = useFields(loadSignInSchema, { email: '', password: '' }, { live: 'error' });
  const [failure, setFailure] = useState<Failure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const resend = useResendVerification();
  const formRef = useRef<HTMLFormElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    await form.ready();
    if (hasErrors(form.validate())) return focusFirstError();
    setFailure(null);
    resend.reset();
    setSubmitting(true);
    const email = form.values.email.trim();
    try {
      const { token } = await authApi.signIn(email, form.values.password);
      saveSession(token);
      nav.replace(safeReturnUrl(window.location.search));
    } catch (err) {
      const error = asApiError(err);
      setSubmitting(false);
      if (error.code === 'INVALID_CREDENTIALS') {
        setFailure({ kind: 'credentials' });
        passwordRef.current?.focus();
      } else if (error.code === 'TOO_MANY_REQUESTS') setFailure({ kind: 'tooMany', message: error.message || FIELD_MSG.tooManyAttempts });
      else if (error.code === 'UNCONFIRMED_ACCOUNT') setFailure({ kind: 'unconfirmed', email });
      else if (error.code === 'VALIDATION_FAILED' && error.errors) {
        form.setErrors({ email: error.errors.email, password: error.errors.password });
        focusFirstError();
      } else setFailure({ kind: 'generic', error });
    }
  };

  return (
    <AuthLayout
      title={t.title}
      subtitle={t.subtitle}
      footer={<FooterPrompt text={t.noAccount} href="/auth/signup" label={authKo.common.signup} />}
    >
      {verified ? <Notice severity="success">{t.verified}</Notice> : null}
      <form ref={formRef} onSubmit={submit} noValidate>
        <EmailInput {...form.input('email')} autoComplete="username" autoFocus />
        <TextInput {...form.input('password')} label={authKo.common.password} type="password" autoComplete="current-password" inputRef={passwordRef} />
        <div aria-live="polite">
          {failure?.kind === 'credentials' ? <Notice severity="error">{FIELD_MSG.invalidCredentials}</Notice> : null}
          {failure?.kind === 'tooMany' ? <Notice severity="warning">{failure.message}</Notice> : null}
          {failure?.kind === 'generic' ? <ErrorNotice error={failure.error} /> : null}
          {failure?.kind === 'unconfirmed' ? (
            <Notice severity="warning" title={MSG.unconfirmedAccount}>
              {resend.state === 'sent' ? (
                <span role="status" className="auth-block">
                  {MSG.verificationResent}
                </span>
              ) : (
                <>
                  <span className="auth-block-gap">{t.unconfirmedHelp}</span>
                  {resend.state === 'failed' ? (
                    <span className="auth-block-gap">
                      {MSG.genericErrorTitle} {MSG.genericErrorMessage}
                    </span>
                  ) : null}
                  <AuthButton variant="outlined" loading={resend.state === 'sending'} onClick={() => void resend.send(failure.email)}>
                    {authKo.common.resendVerification}
                  </AuthButton>
                </>
              )}
            </Notice>
          ) : null}
        </div>
        <SubmitButton loading={submitting}>{authKo.common.login}</SubmitButton>
      </form>
      <div className="auth-end">
        <AppLink href="/reset/request/password">{authKo.common.findPassword}</AppLink>
      </div>
    </AuthLayout>
  );
}
