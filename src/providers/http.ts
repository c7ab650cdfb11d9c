import { API_BASES, type ApiBase } from '../config/apiBases';
import type { ApiErrorBody, ErrorCode, FieldErrors } from '../domain/errors';
import { MSG } from '../domain/messages';
import { getToken } from './session';

/** A failed API call, carrying the server's envelope. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly title?: string;
  readonly errors?: FieldErrors;
  constructor(status: number, body: Partial<ApiErrorBody>) {
    super(body.message ?? MSG.genericErrorMessage);
    this.status = status;
    this.code = (body.code ?? 'INTERNAL_ERROR') as ErrorCode;
    this.title = body.title;
    this.errors = body.errors;
  }
}

export interface RequestOptions {
  base?: ApiBase;
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Send without the stored token (public endpoints). */
  anonymous?: boolean;
  /** Send this bearer token instead of the stored one (the sign-up token, which is never saved). */
  token?: string;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

export function apiUrl(path: string, base: ApiBase = 'main', query?: RequestOptions['query']): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const q = qs.toString();
  return `${API_BASES[base]}${path}${q ? `?${q}` : ''}`;
}

/** GETs started before their reader asks, by URL, with the token they carry. */
const early = new Map<string, { token: string; response: Promise<Response> }>();

/**
 * Starts a signed-in GET now, and returns its URL (null without a session): the identity while the
 * admin app's chunks load (src/main.tsx), a list's first rows while its page renders
 * (requestListEarly). The first apiRequest of the same URL and token takes its answer instead of
 * asking again (issue 24); one already started is not asked twice.
 */
export function requestEarly(path: string, base: ApiBase = 'main', query?: RequestOptions['query']): string | null {
  const token = getToken();
  if (!token) return null;
  const url = apiUrl(path, base, query);
  if (early.get(url)?.token === token) return url;
  const response = fetch(url, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
  // A failed early request is asked again by its reader.
  response.catch(() => early.delete(url));
  early.set(url, { token, response });
  return url;
}

/** Forgets an early GET nobody took (its reader went away), so a later read of that URL asks afresh. */
export function dropEarly(url: string): void {
  early.delete(url);
}

function takeEarly(url: string, token: string | null, signal?: AbortSignal): Promise<Response> | undefined {
  const hit = early.get(url);
  early.delete(url);
  if (!hit || hit.token !== token) return undefined;
  const response = hit.response.catch(() => fetch(url, { headers: { accept: 'application/json', authorization: `Bearer ${token}` }, signal }));
  if (!signal) return response;
  // The reader may still cancel: it stops waiting, as an aborted fetch would.
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(new DOMException('The read was cancelled', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    response.then(resolve, reject);
  });
}

/** Calls the partner API and returns the `data` of the success envelope. */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  // FormData (uploads) sets its own multipart content type and boundary.
  const isForm = opts.body instanceof FormData;
  if (opts.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const token = opts.token ?? (opts.anonymous ? null : getToken());
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  const url = apiUrl(path, opts.base, opts.query);
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  try {
    const started = method === 'GET' ? takeEarly(url, token, opts.signal) : undefined;
    res = await (started ?? fetch(url, {
      method,
      headers,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    }));
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiRequestError(0, { code: 'INTERNAL_ERROR', title: MSG.genericErrorTitle, message: MSG.genericErrorMessage });
  }
  const text = await res.text();
  const json = text ? safeJson(text) : null;
  if (!res.ok) throw new ApiRequestError(res.status, (json as Partial<ApiErrorBody>) ?? {});
  return (json as { data: T } | null)?.data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
