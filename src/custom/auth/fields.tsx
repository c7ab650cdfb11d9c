import { useId, type ChangeEvent, type MouseEvent, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import FormHelperText from '@mui/material/FormHelperText';
import Button, { type ButtonProps } from '@mui/material/Button';
import Link from '@mui/material/Link';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { nav } from './nav';
import type { Fields } from './form';
import { authKo } from '../../i18n/auth.ko';
import { MSG } from '../../domain/messages';
import type { ApiRequestError } from '../../providers/http';

/**
 * Small building blocks of the auth forms. TextField is not used on purpose: it pulls in Select,
 * Menu and Popover; FormControl + InputLabel + OutlinedInput + FormHelperText is what it renders.
 */
export interface TextInputProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  /** Shown under the field when there is no error (a hint, or a positive check result). */
  helper?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  placeholder?: string;
  maxLength?: number;
  autoFocus?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextInput(props: TextInputProps) {
  const id = `${useId()}-${props.name}`;
  const helperId = `${id}-helper`;
  const message = props.error ?? props.helper;
  return (
    <FormControl fullWidth error={Boolean(props.error)} disabled={props.disabled} sx={{ mb: 2 }} variant="outlined">
      <InputLabel htmlFor={id}>{props.label}</InputLabel>
      <OutlinedInput
        id={id}
        name={props.name}
        label={props.label}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(e: ChangeEvent<HTMLInputElement>) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        autoFocus={props.autoFocus}
        inputRef={props.inputRef}
        inputProps={{
          maxLength: props.maxLength,
          inputMode: props.inputMode,
          'aria-invalid': Boolean(props.error),
          'aria-describedby': message ? helperId : undefined,
        }}
      />
      {message ? <FormHelperText id={helperId}>{message}</FormHelperText> : null}
    </FormControl>
  );
}

/** A link between public pages: a real href (new tab works), in-app navigation on a plain click. */
export function AppLink({ href, children, sx }: { href: string; children: ReactNode; sx?: object }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    nav.push(href);
  };
  return (
    <Link href={href} onClick={onClick} underline="hover" sx={{ fontWeight: 500, ...sx }}>
      {children}
    </Link>
  );
}

/** The e-mail field of every auth form. */
export function EmailInput(props: Omit<TextInputProps, 'name' | 'label' | 'type' | 'inputMode' | 'placeholder'>) {
  return <TextInput name="email" label={authKo.common.email} type="email" inputMode="email" autoComplete="email" placeholder={authKo.common.emailPlaceholder} {...props} />;
}

/** A new password and its confirmation, with the password rule as the hint. */
export function NewPasswordFields({
  form,
  labels,
  autoFocus,
  inputRef,
}: {
  form: { input: Fields<Record<'password' | 'passwordConfirm', string>>['input'] };
  labels: { password: string; passwordConfirm: string };
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <>
      <TextInput {...form.input('password')} label={labels.password} type="password" autoComplete="new-password" helper={authKo.common.passwordHint} autoFocus={autoFocus} inputRef={inputRef} />
      <TextInput {...form.input('passwordConfirm')} label={labels.passwordConfirm} type="password" autoComplete="new-password" />
    </>
  );
}

/** A footer line: a question and the link that answers it ("no account yet? sign up"). */
export function FooterPrompt({ text, href, label }: { text: string; href: string; label: string }) {
  return (
    <>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {text}
      </Box>
      <AppLink href={href}>{label}</AppLink>
    </>
  );
}

/** The footer link back to the login page. */
export function LoginLink() {
  return <AppLink href="/auth/login">{authKo.common.login}</AppLink>;
}

/** A large full-width button that is a link to another public page. */
export function LinkButton({ href, children, ...rest }: Omit<ButtonProps, 'href' | 'onClick' | 'sx'> & { href: string }) {
  return (
    <Button
      href={href}
      variant="contained"
      size="large"
      fullWidth
      sx={{ height: 48 }}
      onClick={(e) => {
        e.preventDefault();
        nav.push(href);
      }}
      {...rest}
    >
      {children}
    </Button>
  );
}

export function SubmitButton({ children, loading, ...rest }: ButtonProps & { loading?: boolean }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth loading={loading} sx={{ height: 48, fontSize: 16, mt: 1 }} {...rest}>
      {children}
    </Button>
  );
}

export function Notice({ severity, title, children }: { severity: AlertColor; title?: ReactNode; children?: ReactNode }) {
  return (
    <Alert severity={severity} role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'} sx={{ mb: 2, wordBreak: 'keep-all' }}>
      {title ? <AlertTitle sx={{ mb: children ? 0.5 : 0 }}>{title}</AlertTitle> : null}
      {children}
    </Alert>
  );
}

/** The generic failure of spec 1 section 8: the server's title and message, else the defaults. */
export function ErrorNotice({ error }: { error: ApiRequestError }) {
  return (
    <Notice severity="error" title={error.title ?? MSG.genericErrorTitle}>
      {error.message || MSG.genericErrorMessage}
    </Notice>
  );
}
