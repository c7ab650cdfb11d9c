import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { EmailInput, ErrorNotice, Notice, SubmitButton } from './fields';
import { asApiError, useFields, useFocusFirstError } from './form';
import { passwordResetRequestSchema } from '../../domain/validation/account';
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
  const form = useFields(passwordResetRequestSchema, { email: '' });
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<ApiRequestError | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (state === 'sending') return;
    if (form.validate().email) return focusFirstError();
    setFailure(null);
    setState('sending');
    try {
      await action(form.values.email.trim());
      setState('sent');
    } catch (err) {
      const apiError = asApiError(err);
      setState('idle');
      if (apiError.errors?.email) {
        form.setErrors({ email: apiError.errors.email });
        focusFirstError();
      } else setFailure(apiError);
    }
  };

  const email = form.input('email');
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <EmailInput
        {...email}
        onChange={(v) => {
          email.onChange(v);
          if (state === 'sent') setState('idle');
        }}
        autoFocus
      />
      {state === 'sent' ? <Notice severity="success">{successText}</Notice> : null}
      {failure ? <ErrorNotice error={failure} /> : null}
      <SubmitButton loading={state === 'sending'}>{submitLabel}</SubmitButton>
    </form>
  );
}
