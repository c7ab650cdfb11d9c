import { useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { AuthLayout } from './AuthLayout';
import { AppLink, ErrorNotice, Notice, SubmitButton, TextInput } from './fields';
import { asApiError, hasErrors, useFocusFirstError, validateAll, validateField, type FieldErrors } from './form';
import { authApi } from './api';
import { nav } from './nav';
import { newPasswordSchema } from '../../domain/validation/account';
import { FIELD_MSG } from '../../domain/messages';
import { authKo } from '../../i18n/auth.ko';
import type { ApiRequestError } from '../../providers/http';

type Field = 'password' | 'passwordConfirm';

/** /reset/password?token=…: set a new password with the mailed token. */
export function ResetPasswordPage({ search }: { search: string }) {
  const t = authKo.resetPassword;
  const token = new URLSearchParams(search).get('token') ?? '';
  const [values, setValues] = useState<Record<Field, string>>({ password: '', passwordConfirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [state, setState] = useState<'form' | 'sending' | 'done' | 'invalid'>(token ? 'form' : 'invalid');
  const [failure, setFailure] = useState<ApiRequestError | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  const set = (name: Field, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setErrors((e) => {
      const out = { ...e };
      if (touched[name] || e[name]) out[name] = validateField(newPasswordSchema, name, { ...next, token });
      if (name === 'password' && (touched.passwordConfirm || e.passwordConfirm))
        out.passwordConfirm = validateField(newPasswordSchema, 'passwordConfirm', { ...next, token });
      return out;
    });
  };
  const blur = (name: Field) => () => {
    if (!values[name] && !errors[name]) return;
    setTouched((tch) => ({ ...tch, [name]: true }));
    setErrors((e) => ({ ...e, [name]: validateField(newPasswordSchema, name, { ...values, token }) }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (state !== 'form') return;
    const found = validateAll(newPasswordSchema, { ...values, token });
    setErrors(found);
    setTouched({ password: true, passwordConfirm: true });
    if (found.token) return setState('invalid');
    if (hasErrors(found)) return focusFirstError();
    setFailure(null);
    setState('sending');
    try {
      await authApi.resetPassword(token, values.password, values.passwordConfirm);
      setState('done');
    } catch (err) {
      const error = asApiError(err);
      if (error.code === 'INVALID_TOKEN') return setState('invalid');
      setState('form');
      if (error.errors && (error.errors.password || error.errors.passwordConfirm)) {
        setErrors({ password: error.errors.password, passwordConfirm: error.errors.passwordConfirm });
        focusFirstError();
      } else if (error.errors?.token) setState('invalid');
      else setFailure(error);
    }
  };

  const loginButton = (
    <Button
      href="/auth/login"
      variant="contained"
      size="large"
      fullWidth
      sx={{ height: 48 }}
      onClick={(e) => {
        e.preventDefault();
        nav.push('/auth/login');
      }}
    >
      {authKo.common.login}
    </Button>
  );

  if (state === 'done') {
    return (
      <AuthLayout title={t.title}>
        <Notice severity="success">{t.success}</Notice>
        {loginButton}
      </AuthLayout>
    );
  }
  if (state === 'invalid') {
    return (
      <AuthLayout title={t.title} footer={<AppLink href="/auth/login">{authKo.common.login}</AppLink>}>
        <Notice severity="error">{FIELD_MSG.resetTokenInvalid}</Notice>
        <Box sx={{ fontSize: 15, color: 'text.secondary', mb: 2, wordBreak: 'keep-all' }}>{t.requestAgainHelp}</Box>
        <Button
          href="/reset/request/password"
          variant="contained"
          size="large"
          fullWidth
          sx={{ height: 48 }}
          onClick={(e) => {
            e.preventDefault();
            nav.push('/reset/request/password');
          }}
        >
          {t.requestAgain}
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t.title} subtitle={t.body} footer={<AppLink href="/auth/login">{authKo.common.login}</AppLink>}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <TextInput
          name="password"
          label={authKo.common.newPassword}
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(v) => set('password', v)}
          onBlur={blur('password')}
          error={errors.password}
          helper={authKo.common.passwordHint}
          autoFocus
        />
        <TextInput
          name="passwordConfirm"
          label={authKo.common.newPasswordConfirm}
          type="password"
          autoComplete="new-password"
          value={values.passwordConfirm}
          onChange={(v) => set('passwordConfirm', v)}
          onBlur={blur('passwordConfirm')}
          error={errors.passwordConfirm}
        />
        {failure ? <ErrorNotice error={failure} /> : null}
        <SubmitButton loading={state === 'sending'}>{t.submit}</SubmitButton>
      </form>
    </AuthLayout>
  );
}
