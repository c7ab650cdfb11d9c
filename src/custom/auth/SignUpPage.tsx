import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { AuthLayout } from './AuthLayout';
import { AppLink, ErrorNotice, Notice, SubmitButton, TextInput } from './fields';
import { asApiError, hasErrors, useFocusFirstError, validateAll, validateField, type FieldErrors } from './form';
import { authApi, type Consent } from './api';
import { nav } from './nav';
import { signUpSchema, emailRule } from '../../domain/validation/account';
import { FIELD_MSG, MSG } from '../../domain/messages';
import {
  BUSINESS_NUMBER_INPUT_MAX_LENGTH,
  PHONE_INPUT_MAX_LENGTH,
  digitsOnly,
  formatBusinessNumber,
  formatPhone,
  isValidBusinessNumber,
} from '../../domain/patterns';
import { authKo } from '../../i18n/auth.ko';
import type { ApiRequestError } from '../../providers/http';

const t = authKo.signup;

type TextField = 'email' | 'password' | 'passwordConfirm' | 'businessNum' | 'phoneNum' | 'companyName';
type ConsentField = 'isAgreeServiceUsage' | 'isAgreePersonalInformation' | 'isAgreePromotion' | 'isAgreeMarketing';
type Values = Record<TextField, string> & Record<ConsentField, boolean>;

const INITIAL: Values = {
  email: '',
  password: '',
  passwordConfirm: '',
  businessNum: '',
  phoneNum: '',
  companyName: '',
  isAgreeServiceUsage: false,
  isAgreePersonalInformation: false,
  isAgreePromotion: false,
  isAgreeMarketing: false,
};

const CONSENTS: { field: ConsentField; service: Consent['service']; label: string; required: boolean }[] = [
  { field: 'isAgreeServiceUsage', service: 'SERVICE_USAGE', label: t.consentServiceUsage, required: true },
  { field: 'isAgreePersonalInformation', service: 'PERSONAL_INFORMATION', label: t.consentPersonalInformation, required: true },
  { field: 'isAgreePromotion', service: 'PROMOTION', label: t.consentPromotion, required: false },
  { field: 'isAgreeMarketing', service: 'MARKETING', label: t.consentMarketing, required: false },
];

/** Server field names that differ from the form's (the contract sends companyName as brandName). */
const SERVER_FIELD: Record<string, keyof Values> = { brandName: 'companyName' };
const FORM_FIELDS = new Set<string>(Object.keys(INITIAL));

type EmailStatus = 'checking' | 'ok' | 'duplicate' | 'unconfirmed' | 'unknown';
const EMAIL_CHECK_DELAY_MS = 300;

function emailFormatError(email: string): string | undefined {
  try {
    emailRule.validateSync(email);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/** /auth/signup (spec 1 sections 3, 4, 5): e-mail first, then the rest, then "check your mail". */
export function SignUpPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo ? <SentStep email={sentTo} /> : <FormStep onDone={setSentTo} />;
}

function FormStep({ onDone }: { onDone: (email: string) => void }) {
  const [values, setValues] = useState<Values>(INITIAL);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [emailCheck, setEmailCheck] = useState<{ email: string; status: EmailStatus } | null>(null);
  const [bizCheck, setBizCheck] = useState<{ digits: string; duplicated: boolean } | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<ApiRequestError | null>(null);
  const checkSeq = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const passwordRef = useRef<HTMLInputElement>(null);
  const revealFocus = useRef(false);

  const email = values.email.trim();

  /** Asks the server whether the e-mail is free; the newest call wins. */
  const checkEmail = async (target: string, signal?: AbortSignal): Promise<EmailStatus> => {
    const seq = ++checkSeq.current;
    setEmailCheck({ email: target, status: 'checking' });
    let status: EmailStatus;
    try {
      const res = await authApi.emailDuplication(target, signal);
      status = res?.unconfirmed ? 'unconfirmed' : res?.duplicated ? 'duplicate' : 'ok';
    } catch (err) {
      if ((err as Error).name === 'AbortError') return 'unknown';
      // The server repeats the check on sign-up, so a failed look-up does not block the form.
      status = 'unknown';
    }
    if (seq !== checkSeq.current) return status;
    setEmailCheck({ email: target, status });
    if (status === 'ok' || status === 'unknown') setRevealed(true);
    return status;
  };

  // E-mail revalidates on change: once its format is valid, the duplicate check runs after a short pause.
  useEffect(() => {
    if (emailFormatError(email)) {
      checkSeq.current++;
      setEmailCheck(null);
      return;
    }
    if (emailCheck?.email === email && emailCheck.status !== 'checking') return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => void checkEmail(email, ctrl.signal), EMAIL_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [email]);

  // When the rest of the form appears after pressing Enter on the e-mail, continue with the password.
  useEffect(() => {
    if (revealed && revealFocus.current) {
      revealFocus.current = false;
      passwordRef.current?.focus();
    }
  }, [revealed]);

  const emailStatus = emailCheck?.email === email ? emailCheck.status : undefined;
  const emailDupError =
    emailStatus === 'duplicate' ? FIELD_MSG.emailDuplicate : emailStatus === 'unconfirmed' ? FIELD_MSG.emailUnconfirmed : undefined;
  const bizDupError =
    bizCheck && bizCheck.duplicated && bizCheck.digits === digitsOnly(values.businessNum) ? FIELD_MSG.businessNumDuplicate : undefined;

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setFailure(null);
    // Revalidate a field already shown as touched (and the e-mail on every change once blurred).
    const revalidate: (keyof Values)[] = [name];
    if (name === 'password' && touched.passwordConfirm) revalidate.push('passwordConfirm');
    if (touched[name] || errors[name] || revalidate.length > 1) {
      setErrors((e) => {
        const out = { ...e };
        for (const f of revalidate) if (touched[f] || e[f]) out[f] = validateField(signUpSchema, f, next);
        return out;
      });
    }
  };

  const blur = (name: TextField) => () => {
    setTouched((tch) => ({ ...tch, [name]: true }));
    // Untouched empty fields are left alone on blur: the "required" message comes on submit.
    if (!values[name] && !errors[name]) return;
    const message = validateField(signUpSchema, name, values);
    setErrors((e) => ({ ...e, [name]: message }));
    if (name === 'businessNum' && !message) void checkBusinessNo(values.businessNum);
  };

  const checkBusinessNo = async (value: string) => {
    const digits = digitsOnly(value);
    if (!isValidBusinessNumber(value) || bizCheck?.digits === digits) return bizCheck?.digits === digits && bizCheck.duplicated;
    try {
      const res = await authApi.businessNoDuplication(digits);
      setBizCheck({ digits, duplicated: Boolean(res?.duplicated) });
      return Boolean(res?.duplicated);
    } catch {
      return false;
    }
  };

  const setConsent = (field: ConsentField, checked: boolean) => {
    const next = { ...values, [field]: checked };
    setValues(next);
    if (errors.isAgreeServiceUsage || errors.isAgreePersonalInformation) {
      setErrors((e) => ({
        ...e,
        isAgreeServiceUsage: validateField(signUpSchema, 'isAgreeServiceUsage', next),
        isAgreePersonalInformation: validateField(signUpSchema, 'isAgreePersonalInformation', next),
      }));
    }
  };
  const allAgreed = CONSENTS.every((c) => values[c.field]);
  const someAgreed = CONSENTS.some((c) => values[c.field]);
  const setAll = (checked: boolean) => {
    const next = { ...values };
    for (const c of CONSENTS) next[c.field] = checked;
    setValues(next);
    if (errors.isAgreeServiceUsage || errors.isAgreePersonalInformation)
      setErrors((e) => ({
        ...e,
        isAgreeServiceUsage: validateField(signUpSchema, 'isAgreeServiceUsage', next),
        isAgreePersonalInformation: validateField(signUpSchema, 'isAgreePersonalInformation', next),
      }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setFailure(null);

    if (!revealed) {
      // Step 1: only the e-mail is on screen. Enter checks it right away.
      setTouched((tch) => ({ ...tch, email: true }));
      const formatError = emailFormatError(email);
      setErrors((er) => ({ ...er, email: formatError }));
      if (formatError) return focusFirstError();
      const status = emailStatus && emailStatus !== 'checking' ? emailStatus : await checkEmail(email);
      if (status === 'ok' || status === 'unknown') {
        revealFocus.current = true;
        setRevealed(true);
      } else focusFirstError();
      return;
    }

    const found: FieldErrors = validateAll(signUpSchema, values);
    if (!found.email && emailDupError) found.email = emailDupError;
    if (!found.businessNum && bizDupError) found.businessNum = bizDupError;
    setErrors(found);
    setTouched(Object.fromEntries(Object.keys(INITIAL).map((k) => [k, true])));
    if (hasErrors(found)) return focusFirstError();

    setSubmitting(true);
    let token: string;
    try {
      ({ token } = await authApi.signUp({
        email,
        password: values.password,
        passwordConfirm: values.passwordConfirm,
        businessNum: digitsOnly(values.businessNum),
        phoneNum: digitsOnly(values.phoneNum),
        brandName: values.companyName.trim(),
        isAgreeServiceUsage: values.isAgreeServiceUsage,
        isAgreePersonalInformation: values.isAgreePersonalInformation,
        isAgreePromotion: values.isAgreePromotion,
        isAgreeMarketing: values.isAgreeMarketing,
      }));
    } catch (err) {
      setSubmitting(false);
      const error = asApiError(err);
      const fieldErrors: FieldErrors = {};
      for (const [key, message] of Object.entries(error.errors ?? {})) {
        const field = SERVER_FIELD[key] ?? key;
        if (FORM_FIELDS.has(field) && !fieldErrors[field]) fieldErrors[field] = message;
      }
      if (!hasErrors(fieldErrors) && error.code === 'DUPLICATE_EMAIL') fieldErrors.email = error.message || FIELD_MSG.emailDuplicate;
      if (!hasErrors(fieldErrors) && error.code === 'DUPLICATE_BUSINESS_NO') fieldErrors.businessNum = error.message || FIELD_MSG.businessNumDuplicate;
      if (hasErrors(fieldErrors)) {
        setErrors(fieldErrors);
        focusFirstError();
      } else setFailure(error);
      return;
    }
    // The account exists; record the consent answers with its (unconfirmed, unsaved) token.
    try {
      await authApi.sendConsents(
        token,
        CONSENTS.map((c) => ({ service: c.service, isAgreed: values[c.field] ? 'Y' : 'N' })),
      );
    } catch (err) {
      console.warn('consents not recorded', err);
    }
    onDone(email);
  };

  const termsError = errors.isAgreeServiceUsage || errors.isAgreePersonalInformation;
  const emailError = errors.email ?? emailDupError;

  return (
    <AuthLayout
      title={t.title}
      subtitle={revealed ? t.step(1) : t.subtitle}
      footer={
        <>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t.haveAccount}
          </Box>
          <AppLink href="/auth/login">{authKo.common.login}</AppLink>
        </>
      }
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <TextInput
          name="email"
          label={authKo.common.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={authKo.common.emailPlaceholder}
          value={values.email}
          onChange={(v) => {
            set('email', v);
            // A server error or a shown format error is replaced by the fresh check.
            if (touched.email || errors.email) setErrors((er) => ({ ...er, email: touched.email ? emailFormatError(v.trim()) : undefined }));
          }}
          onBlur={blur('email')}
          error={emailError}
          helper={emailStatus === 'checking' ? t.checkingEmail : emailStatus === 'ok' ? t.emailAvailable : undefined}
          autoFocus
        />
        {emailStatus === 'unconfirmed' && !errors.email ? <ResendInline email={email} /> : null}

        {revealed ? (
          <>
            <TextInput
              name="password"
              label={authKo.common.password}
              type="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(v) => set('password', v)}
              onBlur={blur('password')}
              error={errors.password}
              helper={authKo.common.passwordHint}
              inputRef={passwordRef}
            />
            <TextInput
              name="passwordConfirm"
              label={authKo.common.passwordConfirm}
              type="password"
              autoComplete="new-password"
              value={values.passwordConfirm}
              onChange={(v) => set('passwordConfirm', v)}
              onBlur={blur('passwordConfirm')}
              error={errors.passwordConfirm}
            />
            <TextInput
              name="businessNum"
              label={t.businessNum}
              type="text"
              inputMode="numeric"
              placeholder={t.businessNumPlaceholder}
              maxLength={BUSINESS_NUMBER_INPUT_MAX_LENGTH}
              value={values.businessNum}
              onChange={(v) => set('businessNum', formatBusinessNumber(v))}
              onBlur={blur('businessNum')}
              error={errors.businessNum ?? bizDupError}
            />
            <TextInput
              name="phoneNum"
              label={t.phoneNum}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={t.phonePlaceholder}
              maxLength={PHONE_INPUT_MAX_LENGTH}
              value={values.phoneNum}
              onChange={(v) => set('phoneNum', formatPhone(v))}
              onBlur={blur('phoneNum')}
              error={errors.phoneNum}
            />
            <TextInput
              name="companyName"
              label={t.companyName}
              autoComplete="organization"
              value={values.companyName}
              onChange={(v) => set('companyName', v)}
              onBlur={blur('companyName')}
              error={errors.companyName}
            />

            <Box
              component="fieldset"
              aria-describedby={termsError ? 'signup-terms-error' : undefined}
              sx={{
                m: 0,
                mb: 2,
                p: 2,
                pt: 1,
                border: '1px solid',
                borderColor: termsError ? 'error.main' : '#e5e7eb',
                borderRadius: 2,
                minWidth: 0,
              }}
            >
              <Box component="legend" sx={{ px: 0.5, fontSize: 14, fontWeight: 700 }}>
                {t.consentTitle}
              </Box>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={allAgreed}
                    indeterminate={someAgreed && !allAgreed}
                    onChange={(e) => setAll(e.target.checked)}
                  />
                }
                label={t.consentAll}
                sx={{ display: 'flex', mr: 0, pb: 0.5, mb: 0.5, borderBottom: '1px solid #f0f1f3', '& .MuiFormControlLabel-label': { fontWeight: 700 } }}
              />
              {CONSENTS.map((c) => (
                <FormControlLabel
                  key={c.field}
                  control={
                    <Checkbox
                      size="small"
                      checked={values[c.field]}
                      onChange={(e) => setConsent(c.field, e.target.checked)}
                      slotProps={{ input: { 'aria-invalid': Boolean(termsError && c.required && !values[c.field]) } as object }}
                    />
                  }
                  label={c.label}
                  sx={{ display: 'flex', mr: 0, '& .MuiFormControlLabel-label': { fontSize: 14, wordBreak: 'keep-all' } }}
                />
              ))}
            </Box>
            {termsError ? (
              <FormHelperText id="signup-terms-error" error sx={{ mx: 1.75, mt: -1.5, mb: 2 }}>
                {termsError}
              </FormHelperText>
            ) : null}
          </>
        ) : null}

        {failure ? <ErrorNotice error={failure} /> : null}
        <SubmitButton loading={submitting}>{t.submit}</SubmitButton>
      </form>
    </AuthLayout>
  );
}

/** For an e-mail of an account that never confirmed: send the verification mail again. */
function ResendInline({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  useEffect(() => setState('idle'), [email]);
  const send = async () => {
    setState('sending');
    try {
      await authApi.resendVerification(email);
      setState('sent');
    } catch {
      setState('failed');
    }
  };
  if (state === 'sent') return <Notice severity="success">{MSG.verificationResent}</Notice>;
  return (
    <Box sx={{ mt: -1, mb: 2 }}>
      <Button type="button" size="small" variant="text" loading={state === 'sending'} onClick={() => void send()} sx={{ px: 0.5 }}>
        {authKo.common.resendVerification}
      </Button>
      {state === 'failed' ? (
        <Typography role="alert" sx={{ fontSize: 13, color: 'error.main' }}>
          {MSG.genericErrorTitle} {MSG.genericErrorMessage}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Step 2: the verification mail went out; the e-mail stays on screen. */
function SentStep({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const resend = async () => {
    setState('sending');
    try {
      await authApi.resendVerification(email);
      setState('sent');
    } catch {
      setState('failed');
    }
  };
  return (
    <AuthLayout title={t.title} subtitle={t.step(2)}>
      <Typography ref={headingRef} tabIndex={-1} component="h2" sx={{ fontSize: 20, fontWeight: 700, mb: 1.5, outline: 'none' }}>
        {t.sentTitle}
      </Typography>
      <Typography sx={{ fontSize: 15, mb: 1, wordBreak: 'break-all' }}>
        <strong>{email}</strong>
        {t.sentBodySuffix}
      </Typography>
      <Typography sx={{ fontSize: 14, color: 'text.secondary', mb: 3, wordBreak: 'keep-all' }}>{t.sentHelp}</Typography>
      {state === 'sent' ? <Notice severity="success">{MSG.verificationResent}</Notice> : null}
      {state === 'failed' ? <Notice severity="error" title={MSG.genericErrorTitle}>{MSG.genericErrorMessage}</Notice> : null}
      <Button
        type="button"
        variant="outlined"
        size="large"
        fullWidth
        loading={state === 'sending'}
        onClick={() => void resend()}
        sx={{ height: 48, mb: 1.5 }}
      >
        {authKo.common.resendVerification}
      </Button>
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
        {t.goLogin}
      </Button>
    </AuthLayout>
  );
}
