import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FIELD_MSG } from '../../domain/messages';
import { authApi } from './api';
import { emailFormatError } from './signUpForm';

export type EmailStatus = 'checking' | 'ok' | 'duplicate' | 'unconfirmed' | 'unknown';
const EMAIL_CHECK_DELAY_MS = 300;

/**
 * Whether the typed e-mail is free: once its format is valid, the server is asked after a short
 * pause; `onFree` runs when it is free (or the look-up failed, as the server checks again on sign-up).
 */
export function useEmailCheck(email: string, onFree: () => void) {
  const [emailCheck, setEmailCheck] = useState<{ email: string; status: EmailStatus } | null>(null);
  const checkSeq = useRef(0);
  // The newest answer, read by the typing effect without re-running it when the answer lands.
  const answered = useRef<{ email: string; status: EmailStatus } | null>(null);
  const freed = useRef(onFree);
  useLayoutEffect(() => {
    freed.current = onFree;
  });

  const show = useCallback((value: { email: string; status: EmailStatus } | null) => {
    answered.current = value;
    setEmailCheck(value);
  }, []);

  /** Asks the server whether the e-mail is free; the newest call wins. */
  const check = useCallback(async (target: string, signal?: AbortSignal): Promise<EmailStatus> => {
    const seq = ++checkSeq.current;
    show({ email: target, status: 'checking' });
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
    show({ email: target, status });
    if (status === 'ok' || status === 'unknown') freed.current();
    return status;
  }, [show]);

  // E-mail revalidates on change: once its format is valid, the duplicate check runs after a short pause.
  useEffect(() => {
    if (emailFormatError(email)) {
      checkSeq.current++;
      show(null);
      return;
    }
    const last = answered.current;
    if (last?.email === email && last.status !== 'checking') return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => void check(email, ctrl.signal), EMAIL_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [email, check, show]);

  const status = emailCheck?.email === email ? emailCheck.status : undefined;
  const dupError = status === 'duplicate' ? FIELD_MSG.emailDuplicate : status === 'unconfirmed' ? FIELD_MSG.emailUnconfirmed : undefined;
  return { status, dupError, check };
}
