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

/** Calls the partner API and returns the `data` of the success envelope. */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  // FormData (uploads) sets its own multipart content type and boundary.
  const isForm = opts.body instanceof FormData;
  if (opts.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const token = opts.token ?? (opts.anonymous ? null : getToken());
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(apiUrl(path, opts.base, opts.query), {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    });
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
