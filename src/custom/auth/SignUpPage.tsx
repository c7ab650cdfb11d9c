import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { AuthLayout } from './AuthLayout';
import { EmailInput, ErrorNotice, FooterPrompt, LinkButton, NewPasswordFields, Notice, SubmitButton, TextInput } from './fields';
import { asApiError, hasErrors, useFields, useFocusFirstError, validateField, type FieldErrors } from './form';
import { useResendVerification } from './useResend';
import { authApi, type Consent } from './api';
import { signUpSchema, emailRule } from '../../domain/validation/account';
import { FIELD_MSG, MSG } from '../../domain/messages';
import { TERMS_TEXT } from '../../domain/terms';
import type { ConsentService } from '../../domain/validation/account';
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

/** The second step: a valid password, its confirmation and the required consents. */
const ACCOUNT_FIELDS = ['password', 'passwordConfirm', ...CONSENTS.map((c) => c.field)] satisfies (keyof Values)[];
const accountStepDone = (values: Values) =>
  (['password', 'passwordConfirm', ...CONSENTS.filter((c) => c.required).map((c) => c.field)] as const).every((f) => !validateField(signUpSchema, f, values));

/**
 * /auth/signup (spec 1 sections 3, 4, 5): the e-mail first; once it is valid and free, the password and
 * the consents; once those are done, the business number, phone and company; then "check your mail".
 */
export function SignUpPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo ? <SentStep email={sentTo} /> : <FormStep onDone={setSentTo} />;
}

function FormStep({ onDone }: { onDone: (email: string) => void }) {
  const form = useFields(signUpSchema, INITIAL);
  const { values, errors } = form;
  const [emailCheck, setEmailCheck] = useState<{ email: string; status: EmailStatus } | null>(null);
  const [bizCheck, setBizCheck] = useState<{ digits: string; duplicated: boolean } | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [detailsShown, setDetailsShown] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<ApiRequestError | null>(null);
  const checkSeq = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const passwordRef = useRef<HTMLInputElement>(null);
  const revealFocus = useRef(false);
  // Whether 가입하기 was pressed with step 2 on screen: the first press that finds it freshly opened
  // (the e-mail check revealed it while the user was reaching for the button) only moves there.
  const step2Pressed = useRef(false);
  const [termsShown, setTermsShown] = useState<ConsentService | null>(null);

  const email = values.email.trim();
  // The company fields appear once the account step is done, and stay.
  const accountDone = revealed && accountStepDone(values);
  const showDetails = detailsShown || accountDone;
  useEffect(() => {
    if (accountDone) setDetailsShown(true);
  }, [accountDone]);

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

  const checkBusinessNo = async (value: string) => {
    const digits = digitsOnly(value);
    if (!isValidBusinessNumber(value) || bizCheck?.digits === digits) return;
    try {
      const res = await authApi.businessNoDuplication(digits);
      setBizCheck({ digits, duplicated: Boolean(res?.duplicated) });
    } catch {
      // The server checks again on sign-up.
    }
  };

  /** A text field's props; a change clears the last failure, `format` shapes what is typed. */
  const input = (name: TextField, format: (v: string) => string = (v) => v) => {
    const props = form.input(name);
    return {
      ...props,
      onChange: (v: string) => {
        setFailure(null);
        props.onChange(format(v));
      },
    };
  };

  const allAgreed = CONSENTS.every((c) => values[c.field]);
  const someAgreed = CONSENTS.some((c) => values[c.field]);
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
      const status = emailStatus && emailStatus !== 'checking' ? emailStatus : await checkEmail(email);
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
    if (hasErrors(found) || emailDupError || (showDetails && bizDupError)) return focusFirstError();
    if (!showDetails) return;

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
        form.setErrors(fieldErrors);
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
  const businessNum = input('businessNum', formatBusinessNumber);

  return (
    <AuthLayout
      title={t.title}
      subtitle={revealed ? t.step(2) : `${t.step(1)} · ${t.subtitle}`}
      footer={<FooterPrompt text={t.haveAccount} href="/auth/login" label={authKo.common.login} />}
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <EmailInput
          {...input('email')}
          error={errors.email ?? emailDupError}
          helper={emailStatus === 'checking' ? t.checkingEmail : emailStatus === 'ok' ? t.emailAvailable : undefined}
          autoFocus
        />
        {emailStatus === 'unconfirmed' && !errors.email ? <ResendInline email={email} /> : null}

        {revealed ? (
          <>
            <NewPasswordFields form={form} labels={{ password: authKo.common.password, passwordConfirm: authKo.common.passwordConfirm }} inputRef={passwordRef} />
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
                    onChange={(e) => setConsents(CONSENTS.map((c) => c.field), e.target.checked)}
                  />
                }
                label={t.consentAll}
                sx={{ display: 'flex', mr: 0, pb: 0.5, mb: 0.5, borderBottom: '1px solid #f0f1f3', '& .MuiFormControlLabel-label': { fontWeight: 700 } }}
              />
              {CONSENTS.map((c) => (
                <Box key={c.field} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        size="small"
                        checked={values[c.field]}
                        onChange={(e) => setConsents([c.field], e.target.checked)}
                        slotProps={{ input: { 'aria-invalid': Boolean(termsError && c.required && !values[c.field]) } as object }}
                      />
                    }
                    label={c.label}
                    sx={{ display: 'flex', flex: 1, mr: 0, '& .MuiFormControlLabel-label': { fontSize: 14, wordBreak: 'keep-all' } }}
                  />
                  <Button
                    type="button"
                    size="small"
                    variant="text"
                    aria-label={t.viewTermsOf(TERMS_TEXT[c.service].title)}
                    onClick={() => setTermsShown(c.service)}
                    sx={{ minWidth: 0, px: 1, flexShrink: 0, fontSize: 13, color: 'text.secondary', textDecoration: 'underline' }}
                  >
                    {t.viewTerms}
                  </Button>
                </Box>
              ))}
            </Box>
            {termsError ? (
              <FormHelperText id="signup-terms-error" error sx={{ mx: 1.75, mt: -1.5, mb: 2 }}>
                {termsError}
              </FormHelperText>
            ) : null}
          </>
        ) : null}

        {showDetails ? (
          <>
            <TextInput
              {...businessNum}
              onBlur={() => {
                businessNum.onBlur();
                void checkBusinessNo(values.businessNum);
              }}
              error={businessNum.error ?? bizDupError}
              label={t.businessNum}
              inputMode="numeric"
              placeholder={t.businessNumPlaceholder}
              maxLength={BUSINESS_NUMBER_INPUT_MAX_LENGTH}
            />
            <TextInput
              {...input('phoneNum', formatPhone)}
              label={t.phoneNum}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={t.phonePlaceholder}
              maxLength={PHONE_INPUT_MAX_LENGTH}
            />
            <TextInput {...input('companyName')} label={t.companyName} autoComplete="organization" />
          </>
        ) : null}

        {failure ? <ErrorNotice error={failure} /> : null}
        <SubmitButton loading={submitting}>{t.submit}</SubmitButton>
      </form>
      <TermsDialog service={termsShown} onClose={() => setTermsShown(null)} />
    </AuthLayout>
  );
}

/** The full text of one consent, opened by its 보기 link. */
function TermsDialog({ service, onClose }: { service: ConsentService | null; onClose: () => void }) {
  const terms = service ? TERMS_TEXT[service] : null;
  return (
    <Dialog open={terms !== null} onClose={onClose} aria-labelledby="signup-terms-title" maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id="signup-terms-title" sx={{ fontWeight: 700 }}>
        {terms?.title}
      </DialogTitle>
      <DialogContent dividers>
        {terms?.paragraphs.map((p) => (
          <Typography key={p} sx={{ fontSize: 14, mb: 1.5, wordBreak: 'keep-all' }}>
            {p}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={onClose}>
          {t.closeTerms}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** For an e-mail of an account that never confirmed: send the verification mail again. */
function ResendInline({ email }: { email: string }) {
  const { state, send, reset } = useResendVerification();
  useEffect(reset, [email, reset]);
  if (state === 'sent') return <Notice severity="success">{MSG.verificationResent}</Notice>;
  return (
    <Box sx={{ mt: -1, mb: 2 }}>
      <Button type="button" size="small" variant="text" loading={state === 'sending'} onClick={() => void send(email)} sx={{ px: 0.5 }}>
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

/** After sign-up: the verification mail went out; the e-mail stays on screen. */
function SentStep({ email }: { email: string }) {
  const { state, send } = useResendVerification();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <AuthLayout title={t.title}>
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
        onClick={() => void send(email)}
        sx={{ height: 48, mb: 1.5 }}
      >
        {authKo.common.resendVerification}
      </Button>
      <LinkButton href="/auth/login">{t.goLogin}</LinkButton>
    </AuthLayout>
  );
}
