import type { AccessDenialView } from '../domain/errors';

/**
 * A tiny event bus between the data layer (plain functions) and the global dialogs mounted in the
 * shell: access-denial modals, the toasts of a blocked feature and of a refused action, and the
 * generic error dialog.
 */
export type AppEvent =
  | { type: 'accessDenied'; view: Exclude<AccessDenialView, 'home'> }
  | { type: 'refused'; code: 'SUB_ACCOUNT_FORBIDDEN' | 'FORBIDDEN_ROLE' }
  | { type: 'error'; title?: string; message?: string };

type Listener = (event: AppEvent) => void;
const listeners = new Set<Listener>();

export function emitAppEvent(event: AppEvent): void {
  for (const l of [...listeners]) l(event);
}

export function onAppEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
