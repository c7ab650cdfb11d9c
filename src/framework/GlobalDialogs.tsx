import { useEffect } from 'react';
import { Notification, useNotify } from 'react-admin';
import { MSG } from '../domain/messages';
import { onAppEvent } from './events';
import { AccessDenialModal } from './AccessDenialModal';
import { GenericErrorDialog } from './GenericErrorDialog';
import { startSessionWatcher } from '../authProvider/sessionWatcher';

export const TOAST_MS = 3000;

/** Toasts: 3000 ms, top-center (spec 1 section 9). Passed to <Admin notification>. */
export function TopCenterNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'center' }} autoHideDuration={TOAST_MS} />;
}

/** The toasts of a blocked feature (FEATURE_DISABLED) and of an action this account may not take. */
function AccessToasts() {
  const notify = useNotify();
  useEffect(
    () =>
      onAppEvent((e) => {
        const warn = (message: string) => notify(message, { type: 'warning', autoHideDuration: TOAST_MS });
        if (e.type === 'accessDenied' && e.view === 'toast') warn(MSG.featureBlocked);
        if (e.type === 'refused') warn(e.code === 'SUB_ACCOUNT_FORBIDDEN' ? MSG.subAccountRefused : MSG.roleRefused);
      }),
    [notify],
  );
  return null;
}

/** The 6-hour session watcher, running while the shell is mounted. */
function SessionWatcher() {
  useEffect(() => startSessionWatcher(), []);
  return null;
}

/** Everything global the shell carries besides the Layout: dialogs, the toast bridge, the session watcher. */
export function GlobalDialogs() {
  return (
    <>
      <SessionWatcher />
      <AccessToasts />
      <AccessDenialModal />
      <GenericErrorDialog />
    </>
  );
}
