import { useEffect, useState } from 'react';
import { AuthLayout } from './AuthLayout';
import { AuthButton, ErrorNotice, Notice } from './fields';
import { asApiError } from './form';
import { authApi } from './api';
import { nav } from './nav';
import { clearSession } from '../../providers/session';
import { HOME_PATH, LOGIN_PATH } from '../../entry';
import { authKo } from '../../i18n/auth.ko';
import type { ApiRequestError } from '../../providers/http';

/**
 * /signedout (spec 1 section 2.2): a signed-in account whose isLeaved is Y. It can cancel the
 * withdrawal (back to home) or log out. An account that is not withdrawn goes home.
 */
export function SignedOutPage() {
  const t = authKo.signedOut;
  const [busy, setBusy] = useState<'cancel' | 'logout' | null>(null);
  const [failure, setFailure] = useState<ApiRequestError | null>(null);

  useEffect(() => {
    let live = true;
    authApi.identity().then(
      (me) => {
        if (live && me?.isLeaved === 'N') nav.replace(HOME_PATH);
      },
      (err) => {
        const error = asApiError(err);
        // 401/404 mean the session is gone (docs/api-contract.md, Identity).
        if (live && (error.status === 401 || error.status === 404)) {
          clearSession();
          nav.replace(LOGIN_PATH);
        }
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const cancel = async () => {
    setBusy('cancel');
    setFailure(null);
    try {
      await authApi.cancelWithdraw();
      nav.replace(HOME_PATH);
    } catch (err) {
      setBusy(null);
      setFailure(asApiError(err));
    }
  };

  const logout = async () => {
    setBusy('logout');
    try {
      await authApi.signOut();
    } catch {
      // The local session ends either way.
    }
    clearSession();
    nav.replace(LOGIN_PATH);
  };

  return (
    <AuthLayout title={t.title}>
      <Notice severity="warning">{t.body}</Notice>
      <p className="auth-help">{t.help}</p>
      {failure ? <ErrorNotice error={failure} /> : null}
      <div className="auth-stack">
        <AuthButton variant="contained" large loading={busy === 'cancel'} disabled={busy !== null && busy !== 'cancel'} onClick={() => void cancel()}>
          {t.cancel}
        </AuthButton>
        <AuthButton variant="outlined" large loading={busy === 'logout'} disabled={busy !== null && busy !== 'logout'} onClick={() => void logout()}>
          {t.logout}
        </AuthButton>
      </div>
    </AuthLayout>
  );
}
