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
  /** The customer's lounge routes: no partner token, the customer's session in X-Lounge-Token (LOUNGE_SCHEME). */
  loungeSession?: boolean;
  body?: Record<string, unknown>;
  /** The body's content types when not JSON (uploads: binaryBody, multipartBody). */
  consumes?: string[];
  querystring?: Record<string, unknown>;
  params?: Record<string, unknown>;
  response?: Record<number, Record<string, unknown>>;
}

/** The security schemes of the document (server/app.ts): the partner's bearer token and the lounge customer's session. */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', description: '파트너 세션 토큰 (POST /v1/admin/partnerships/login이 줌): Authorization: Bearer <token>' },
  loungeToken: { type: 'apiKey', in: 'header', name: 'X-Lounge-Token', description: '라운지 고객 세션 토큰 (라운지 로그인이 줌); 파트너 토큰과 별개' },
  operatorBearer: { type: 'http', scheme: 'bearer', description: '운영자 세션 토큰 (POST /api/ops/v1/operators/sign-in이 줌); 파트너 토큰과 별개' },
} as const;

export function docs(d: RouteDocs): FastifySchema {
  const { isPublic, loungeSession, ...schema } = d;
  return {
    ...schema,
    ...(loungeSession ? { security: [{ loungeToken: [] }] } : isPublic ? { security: [] } : {}),
  };
}

/**
 * The document of the optional `Idempotency-Key` header of a create that must not be done twice (an
 * issue, a charge): a retry with the same key answers the first result. `maxLength` and `pattern`
 * are the route's own rule; its header check (http/routeInput.ts `headerCheck`) carries it.
 */
export const idempotencyKeyHeader = (rule: { maxLength: number; minLength?: number; pattern?: string }) => ({
  'Idempotency-Key': { type: 'string', ...rule, description: '재시도 키: 같은 키의 재요청은 처음 결과를 200으로 답합니다 (선택)' },
});

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

/** The answer of a spreadsheet bulk chunk (src/domain/bulkOutcome.ts): the rows written, and each refused row with its own reason. */
export const bulkOutcomeDoc = (written: string, fields: Record<string, Record<string, unknown>>) => obj('결과', {
  list: { type: 'array', description: written, items: obj('행', { row: { type: 'integer', description: 'rows의 index' }, ...fields }) },
  failed: {
    type: 'array', description: '등록하지 않은 행과 그 이유',
    items: obj('행', {
      row: { type: 'integer', description: 'rows의 index' }, code: str('MEMBERSHIP_NFT_ALREADY_EXISTS 등, 그 밖에는 VALIDATION_FAILED'),
      message: str('그 행의 첫 이유'), errors: { type: 'object', description: '필드별 오류' },
    }),
  },
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
