import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorNotice, Notice, SubmitButton, TextInput } from './fields';
import { asApiError, useFocusFirstError, validateField } from './form';
import { passwordResetRequestSchema } from '../../domain/validation/account';
import { authKo } from '../../i18n/auth.ko';
import type { ApiRequestError } from '../../providers/http';

/**
 * One e-mail field and one button, for the calls that always answer 200 whether or not the account
 * exists (resend verification, request a password reset): the success text is neutral.
 */
export function EmailActionForm({
  submitLabel,
  successText,
  action,
}: {
  submitLabel: string;
  successText: ReactNode;
  action: (email: string) => Promise<unknown>;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [touched, setTouched] = useState(false);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<ApiRequestError | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (state === 'sending') return;
    setTouched(true);
    const message = validateField(passwordResetRequestSchema, 'email', { email });
    setError(message);
    if (message) return focusFirstError();
    setFailure(null);
    setState('sending');
    try {
      await action(email.trim());
      setState('sent');
    } catch (err) {
      const apiError = asApiError(err);
      setState('idle');
      if (apiError.errors?.email) {
        setError(apiError.errors.email);
        focusFirstError();
      } else setFailure(apiError);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <TextInput
        name="email"
        label={authKo.common.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={authKo.common.emailPlaceholder}
        value={email}
        onChange={(v) => {
          setEmail(v);
          if (state === 'sent') setState('idle');
          if (touched || error) setError(validateField(passwordResetRequestSchema, 'email', { email: v }));
        }}
        onBlur={() => {
          if (email) {
            setTouched(true);
            setError(validateField(passwordResetRequestSchema, 'email', { email }));
          }
        }}
        error={error}
        autoFocus
      />
      {state === 'sent' ? <Notice severity="success">{successText}</Notice> : null}
      {failure ? <ErrorNotice error={failure} /> : null}
      <SubmitButton loading={state === 'sending'}>{submitLabel}</SubmitButton>
    </form>
  );
}
