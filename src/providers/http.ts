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

/** GETs started before the app that reads them has loaded, by URL, with the token they carry. */
const early = new Map<string, { token: string; response: Promise<Response> }>();

/**
 * Starts a signed-in GET now (src/main.tsx, while the admin app's chunks load); the first
 * apiRequest of the same URL and token takes its answer instead of asking again (issue 24).
 */
export function requestEarly(path: string, base: ApiBase = 'main'): void {
  const token = getToken();
  if (!token) return;
  const url = apiUrl(path, base);
  const response = fetch(url, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
  // A failed early request is asked again by its reader.
  response.catch(() => early.delete(url));
  early.set(url, { token, response });
}

function takeEarly(url: string, token: string | null): Promise<Response> | undefined {
  const hit = early.get(url);
  early.delete(url);
  return hit && hit.token === token ? hit.response.catch(() => fetch(url, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } })) : undefined;
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
    const started = method === 'GET' && !opts.signal ? takeEarly(url, token) : undefined;
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
