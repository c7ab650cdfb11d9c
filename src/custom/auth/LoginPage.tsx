import { useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { AuthLayout } from './AuthLayout';
import { AppLink, ErrorNotice, Notice, SubmitButton, TextInput } from './fields';
import { asApiError, hasErrors, validateAll, validateField, useFocusFirstError, type FieldErrors } from './form';
import { authApi } from './api';
import { nav } from './nav';
import { signInSchema } from '../../domain/validation/account';
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

/** /auth/login (spec 1 sections 2.1, 8): sign in, then a full page load of the admin app. */
export function LoginPage({ search }: { search: string }) {
  const t = authKo.login;
  const verified = new URLSearchParams(search).get('verified') === '1';
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const formRef = useRef<HTMLFormElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  const change = (name: keyof typeof values) => (value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (errors[name]) setErrors((e) => ({ ...e, [name]: validateField(signInSchema, name, next) }));
  };
  const blur = (name: keyof typeof values) => () => {
    if (values[name]) setErrors((e) => ({ ...e, [name]: validateField(signInSchema, name, values) }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const found = validateAll(signInSchema, values);
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstError();
      return;
    }
    setFailure(null);
    setResend('idle');
    setSubmitting(true);
    const email = values.email.trim();
    try {
      const { token } = await authApi.signIn(email, values.password);
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
        setErrors({ email: error.errors.email, password: error.errors.password });
        focusFirstError();
      } else setFailure({ kind: 'generic', error });
    }
  };

  const resendMail = async (email: string) => {
    setResend('sending');
    try {
      await authApi.resendVerification(email);
      setResend('sent');
    } catch {
      setResend('failed');
    }
  };

  return (
    <AuthLayout
      title={t.title}
      subtitle={t.subtitle}
      footer={
        <>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t.noAccount}
          </Box>
          <AppLink href="/auth/signup">{authKo.common.signup}</AppLink>
        </>
      }
    >
      {verified ? <Notice severity="success">{t.verified}</Notice> : null}
      <form ref={formRef} onSubmit={submit} noValidate>
        <TextInput
          name="email"
          label={authKo.common.email}
          type="email"
          inputMode="email"
          autoComplete="username"
          placeholder={authKo.common.emailPlaceholder}
          value={values.email}
          onChange={change('email')}
          onBlur={blur('email')}
          error={errors.email}
          autoFocus
        />
        <TextInput
          name="password"
          label={authKo.common.password}
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          onBlur={blur('password')}
          error={errors.password}
          inputRef={passwordRef}
        />
        <Box aria-live="polite">
          {failure?.kind === 'credentials' ? <Notice severity="error">{FIELD_MSG.invalidCredentials}</Notice> : null}
          {failure?.kind === 'tooMany' ? <Notice severity="warning">{failure.message}</Notice> : null}
          {failure?.kind === 'generic' ? <ErrorNotice error={failure.error} /> : null}
          {failure?.kind === 'unconfirmed' ? (
            <Notice severity="warning" title={MSG.unconfirmedAccount}>
              {resend === 'sent' ? (
                <Box component="span" role="status" sx={{ display: 'block' }}>
                  {MSG.verificationResent}
                </Box>
              ) : (
                <>
                  <Box component="span" sx={{ display: 'block', mb: 1 }}>
                    {t.unconfirmedHelp}
                  </Box>
                  {resend === 'failed' ? (
                    <Box component="span" sx={{ display: 'block', mb: 1 }}>
                      {MSG.genericErrorTitle} {MSG.genericErrorMessage}
                    </Box>
                  ) : null}
                  <Button
                    type="button"
                    size="small"
                    variant="outlined"
                    color="inherit"
                    loading={resend === 'sending'}
                    onClick={() => void resendMail(failure.email)}
                  >
                    {authKo.common.resendVerification}
                  </Button>
                </>
              )}
            </Notice>
          ) : null}
        </Box>
        <SubmitButton loading={submitting}>{authKo.common.login}</SubmitButton>
      </form>
      <Box sx={{ mt: 2, textAlign: 'right', fontSize: 14 }}>
        <AppLink href="/reset/request/password">{authKo.common.findPassword}</AppLink>
      </Box>
    </AuthLayout>
  );
}
