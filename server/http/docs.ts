import type { FastifySchema } from 'fastify';

/**
 * OpenAPI description of a route. The module scope also checks input against it (see
 * http/inputGuards.ts: one value per declared query parameter, the body's field kinds); the values
 * are validated with the domain's yup schemas, whose Korean messages name the field. Where a body
 * has a yup schema, document it with http/yupDocs.ts so the two cannot drift.
 */
export interface RouteDocs {
  tags: string[];
  summary: string;
  description?: string;
  /** Public routes need no bearer token. */
  isPublic?: boolean;
  body?: Record<string, unknown>;
  /** The body's content types when not JSON (uploads: binaryBody, multipartBody). */
  consumes?: string[];
  querystring?: Record<string, unknown>;
  params?: Record<string, unknown>;
  response?: Record<number, Record<string, unknown>>;
}

export function docs(d: RouteDocs): FastifySchema {
  const { isPublic, ...schema } = d;
  return isPublic ? { ...schema, security: [] } : schema;
}

/** `{ type: 'object', properties }` with every property described and none required. */
export function obj(description: string, properties: Record<string, Record<string, unknown>> = {}): Record<string, unknown> {
  return { type: 'object', description, properties };
}

export const str = (description: string) => ({ type: 'string', description });
export const bool = (description: string) => ({ type: 'boolean', description });

/** A success envelope `{ data }` for the response documentation. */
export const ok = (description: string, data: Record<string, unknown> = { type: 'object' }) => ({
  description,
  type: 'object',
  properties: { data },
});

/** The error envelope, for the documented refusals of a route. */
export const errorEnvelope = (description: string) => ({
  description,
  type: 'object',
  properties: { code: str('ERROR_CODES'), title: str('제목'), message: str('한국어 안내'), errors: { type: 'object', description: '필드별 오류' } },
});

/**
 * An upload's body for the document: raw bytes (the signed PUT) or one multipart part `file`.
 * `format: 'binary'` tells the scope's validator the route reads the body itself: it is never
 * parsed as JSON nor walked by the JSON guards (http/inputGuards.ts).
 */
export const binaryBody = (description: string) => ({
  body: { type: 'string', format: 'binary', description },
  consumes: ['application/octet-stream'],
});
export const multipartBody = (description: string) => ({
  body: obj('multipart/form-data', { file: { type: 'string', format: 'binary', description } }),
  consumes: ['multipart/form-data'],
});
