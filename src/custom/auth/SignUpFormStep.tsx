import { useEffect, useRef, useState, type FormEvent } from 'react';
import { signUpSchema } from '../../domain/validation/account';
import { authKo } from '../../i18n/auth.ko';
import type { ApiRequestError } from '../../providers/http';
import { AuthLayout } from './AuthLayout';
import { EmailInput, ErrorNotice, FooterPrompt, NewPasswordFields, SubmitButton } from './fields';
import { hasErrors, useFields, useFocusFirstError } from './form';
import { ResendInline } from './ResendInline';
import { SignUpCompanyFields, type FieldInput } from './SignUpCompanyFields';
import { SignUpConsents } from './SignUpConsents';
import { ACCOUNT_FIELDS, INITIAL, accountStepDone, t, type ConsentField } from './signUpForm';
import { requestSignUp } from './signUpRequest';
import { useBusinessNumberCheck } from './useBusinessNumberCheck';
import { useEmailCheck } from './useEmailCheck';

/**
 * The sign-up form, revealed in three steps: the e-mail first; once it is valid and free, the password
 * and the consents; once those are done, the business number, phone and company.
 */
export function SignUpFormStep({ onDone }: { onDone: (email: string) => void }) {
  const form = useFields(signUpSchema, INITIAL);
  const { values, errors } = form;
  const [revealed, setRevealed] = useState(false);
  const [detailsShown, setDetailsShown] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<ApiRequestError | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const passwordRef = useRef<HTMLInputElement>(null);
  const revealFocus = useRef(false);
  // Whether 가입하기 was pressed with step 2 on screen: the first press that finds it freshly opened
  // (the e-mail check revealed it while the user was reaching for the button) only moves there.
  const step2Pressed = useRef(false);

  const email = values.email.trim();
  const emailCheck = useEmailCheck(email, () => setRevealed(true));
  const businessCheck = useBusinessNumberCheck(values.businessNum);
  // The company fields appear once the account step is done, and stay.
  const accountDone = revealed && accountStepDone(values);
  const showDetails = detailsShown || accountDone;
  useEffect(() => {
    if (accountDone) setDetailsShown(true);
  }, [accountDone]);

  // When the rest of the form appears after pressing Enter on the e-mail, continue with the password.
  useEffect(() => {
    if (revealed && revealFocus.current) {
      revealFocus.current = false;
      passwordRef.current?.focus();
    }
  }, [revealed]);

  /** A change clears the last failure. */
  const input: FieldInput = (name, format = (v) => v) => {
    const props = form.input(name);
    return {
      ...props,
      onChange: (v: string) => {
        setFailure(null);
        props.onChange(format(v));
      },
    };
  };
  const setConsents = (fields: ConsentField[], checked: boolean) => {
    setFailure(null);
    form.update(Object.fromEntries(fields.map((f) => [f, checked])));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setFailure(null);

    if (!revealed) {
      // Step 1: only the e-mail is on screen. Enter checks it right away.
      const found = form.validate(['email']);
      if (found.email) return focusFirstError();
      const status = emailCheck.status && emailCheck.status !== 'checking' ? emailCheck.status : await emailCheck.check(email);
      if (status === 'ok' || status === 'unknown') {
        revealFocus.current = true;
        setRevealed(true);
      } else focusFirstError();
      return;
    }

    // Step 2 opened by itself and nothing typed there yet: go to it, without painting it red.
    const untouched = ACCOUNT_FIELDS.every((f) => values[f] === INITIAL[f]);
    if (!step2Pressed.current && untouched) {
      step2Pressed.current = true;
      passwordRef.current?.focus();
      return;
    }
    step2Pressed.current = true;

    // Step 2 checks what is on screen; with the company fields shown, the whole form.
    const found = form.validate(showDetails ? undefined : ['email', ...ACCOUNT_FIELDS]);
    if (hasErrors(found) || emailCheck.dupError || (showDetails && businessCheck.dupError)) return focusFirstError();
    if (!showDetails) return;

    setSubmitting(true);
    const outcome = await requestSignUp(values);
    if (outcome.ok) return onDone(email);
    setSubmitting(false);
    if ('fieldErrors' in outcome) {
      form.setErrors(outcome.fieldErrors);
      focusFirstError();
    } else setFailure(outcome.failure);
  };

  return (
    <AuthLayout
      title={t.title}
      subtitle={revealed ? t.step(2) : `${t.step(1)} · ${t.subtitle}`}
      footer={<FooterPrompt text={t.haveAccount} href="/auth/login" label={authKo.common.login} />}
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <EmailInput
          {...input('email')}
          error={errors.email ?? emailCheck.dupError}
          helper={emailCheck.status === 'checking' ? t.checkingEmail : emailCheck.status === 'ok' ? t.emailAvailable : undefined}
          autoFocus
        />
        {emailCheck.status === 'unconfirmed' && !errors.email ? <ResendInline email={email} /> : null}

        {revealed ? (
          <>
            <NewPasswordFields form={form} labels={{ password: authKo.common.password, passwordConfirm: authKo.common.passwordConfirm }} inputRef={passwordRef} />
            <SignUpConsents values={values} errors={errors} onChange={setConsents} />
          </>
        ) : null}

        {showDetails ? <SignUpCompanyFields input={input} businessCheck={businessCheck} /> : null}

        {failure ? <ErrorNotice error={failure} /> : null}
        <SubmitButton loading={submitting}>{t.submit}</SubmitButton>
      </form>
    </AuthLayout>
  );
}
