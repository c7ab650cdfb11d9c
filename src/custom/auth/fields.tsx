import { useId, type ButtonHTMLAttributes, type ChangeEvent, type MouseEvent, type ReactNode, type Ref } from 'react';
import { nav } from './nav';
import type { Fields } from './form';
import { authKo } from '../../i18n/auth.ko';
import { MSG } from '../../domain/messages';
import type { ApiRequestError } from '../../providers/http';
import './auth.css';

/**
 * Small building blocks of the auth forms, in plain HTML and auth.css: the sign-in page, the first
 * screen of most visits, loads no MUI or emotion with them (issue 24).
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
    <div className={props.error ? 'auth-field is-error' : 'auth-field'}>
      <label className="auth-label" htmlFor={id}>
        {props.label}
      </label>
      <input
        className="auth-input"
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(e: ChangeEvent<HTMLInputElement>) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        autoFocus={props.autoFocus}
        disabled={props.disabled}
        ref={props.inputRef}
        maxLength={props.maxLength}
        inputMode={props.inputMode}
        aria-invalid={Boolean(props.error)}
        aria-describedby={message ? helperId : undefined}
      />
      {message ? (
        <p className="auth-helper" id={helperId}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** A link between public pages: a real href (new tab works), in-app navigation on a plain click. */
export function AppLink({ href, children }: { href: string; children: ReactNode }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    nav.push(href);
  };
  return (
    <a className="auth-link" href={href} onClick={onClick}>
      {children}
    </a>
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
      <span className="auth-muted">{text}</span>
      <AppLink href={href}>{label}</AppLink>
    </>
  );
}

/** The footer link back to the login page. */
export function LoginLink() {
  return <AppLink href="/auth/login">{authKo.common.login}</AppLink>;
}

type AuthButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'contained' | 'outlined' | 'text';
  /** Full width, 48 px high: the page's main actions. */
  large?: boolean;
  /** Busy: disabled, the label kept for screen readers, a spinner shown. */
  loading?: boolean;
};

/** The auth pages' button. */
export function AuthButton({ variant = 'text', large, loading, className, disabled, children, type = 'button', ...rest }: AuthButtonProps) {
  const classes = ['auth-button', `is-${variant}`, large ? 'is-large' : '', loading ? 'is-loading' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <span className="auth-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A large full-width button that is a link to another public page. */
export function LinkButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      className="auth-button is-contained is-large"
      onClick={(e) => {
        e.preventDefault();
        nav.push(href);
      }}
    >
      {children}
    </a>
  );
}

export function SubmitButton({ children, loading, disabled }: { children: ReactNode; loading?: boolean; disabled?: boolean }) {
  return (
    <AuthButton type="submit" variant="contained" large loading={loading} disabled={disabled} className="auth-submit">
      {children}
    </AuthButton>
  );
}

type Severity = 'error' | 'warning' | 'success' | 'info';

export function Notice({ severity, title, children }: { severity: Severity; title?: ReactNode; children?: ReactNode }) {
  return (
    <div className={`auth-notice is-${severity}`} role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'}>
      {title ? <span className="auth-notice-title">{title}</span> : null}
      {children}
    </div>
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
