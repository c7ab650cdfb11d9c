import { HttpError } from 'react-admin';
import { accessDenialView, type ErrorCode } from '../domain/errors';
import { ApiRequestError } from '../providers/http';
import { emitAppEvent } from '../framework/events';

/**
 * `{ 'a.b': 'msg' }` → `{ a: { b: 'msg' } }`, the shape of the form, for react-admin's setSubmissionErrors.
 * List items may be named yup's way (`links[0].url`) or the form's way (`links.0.url`): both land on the input.
 */
export function nestFieldErrors(flat: Record<string, string> | undefined): Record<string, unknown> | undefined {
  if (!flat || Object.keys(flat).length === 0) return undefined;
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const parts = path.replace(/\[(\d+)\]/g, '.$1').split('.');
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = message;
      else {
        if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return out;
}

export interface HttpErrorBody {
  code: ErrorCode;
  title?: string;
  message: string;
  errors?: Record<string, unknown>;
}

/** An API failure as react-admin's HttpError; `body.errors` is shaped like the form. */
export function toHttpError(err: unknown): unknown {
  if (!(err instanceof ApiRequestError)) return err;
  const body: HttpErrorBody = { code: err.code, title: err.title, message: err.message, errors: nestFieldErrors(err.errors) };
  return new HttpError(err.message, err.status, body);
}

export type ErrorPresentation = 'none' | 'fields' | 'toast' | 'modal' | 'dialog';

/**
 * How a failed call is shown (spec 1 section 8): 401 is the authProvider's (logout); 403 access
 * refusals become the blocked-feature toast or a subscription modal; field errors go on the inputs;
 * everything else opens the generic error dialog with the server's title and message.
 */
export function presentError(err: unknown): ErrorPresentation {
  if (!(err instanceof ApiRequestError)) {
    if ((err as Error)?.name === 'AbortError') return 'none';
    emitAppEvent({ type: 'error' });
    return 'dialog';
  }
  if (err.status === 401) return 'none';
  if (err.status === 403) {
    const view = accessDenialView(err.code);
    if (view && view !== 'home') {
      emitAppEvent({ type: 'accessDenied', view });
      return view === 'toast' ? 'toast' : 'modal';
    }
    // An action this account may not take says why, never the generic error (issue 22 A3).
    if (err.code === 'SUB_ACCOUNT_FORBIDDEN' || err.code === 'FORBIDDEN_ROLE') {
      emitAppEvent({ type: 'refused', code: err.code });
      return 'toast';
    }
  }
  if (err.errors && Object.keys(err.errors).length > 0 && err.status >= 400 && err.status < 500) return 'fields';
  emitAppEvent({ type: 'error', title: err.title, message: err.status >= 500 || err.status === 0 ? undefined : err.message });
  return 'dialog';
}

/**
 * The API failures behind the errors of dataProvider reads, until they are presented. A read does not
 * present its failure itself: react-query's query cache does, once, unless the query's page presents
 * it (src/framework/queryClient.ts), so no read parameter (a cache key part) has to say who shows it.
 */
const unpresentedReads = new WeakMap<object, unknown>();

/** A read's failure as react-admin's HttpError, kept for presentReadError. */
export function toReadError(err: unknown): unknown {
  const thrown = toHttpError(err);
  if (typeof thrown === 'object' && thrown !== null) unpresentedReads.set(thrown, err);
  return thrown;
}

/** Presents a dataProvider read's failure once (like presentError); 'none' for anything else or a second time. */
export function presentReadError(err: unknown): ErrorPresentation {
  if (typeof err !== 'object' || err === null || !unpresentedReads.has(err)) return 'none';
  const original = unpresentedReads.get(err);
  unpresentedReads.delete(err);
  return presentError(original);
}
