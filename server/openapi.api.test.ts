import SwaggerParser from '@apidevtools/swagger-parser';
import { createTestApp, type TestApp } from '../tests/helpers/testApp';

/**
 * The OpenAPI document at /api/docs/json is what a generated client (openapi-typescript,
 * openapi-generator) is built from: it must be a valid OpenAPI 3.0.3 document, show the bounds the
 * server applies to every integer, and declare the headers and security schemes the routes read.
 */
type Json = Record<string, unknown>;
type Operation = { parameters?: (Json & { in: string; name: string; schema: Json })[]; requestBody?: Json; responses: Record<string, Json>; security?: Json[] };
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, Json> }; security?: Json[] };

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
}, 120_000);
afterAll(() => t.close());

const operations = () => Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, op })));

/** The integer schemas under a schema, with where they are. */
function integersIn(schema: unknown, at: string): { at: string; schema: Json }[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => integersIn(s, `${at}/${i}`));
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Json;
  const own = s.type === 'integer' ? [{ at, schema: s }] : [];
  return [...own, ...Object.entries(s).flatMap(([key, value]) => integersIn(value, `${at}/${key}`))];
}

describe(`the OpenAPI document (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('is a valid OpenAPI 3.0.3 document (@apidevtools/swagger-parser)', async () => {
    expect(doc.openapi).toBe('3.0.3');
    // validate() dereferences in place: hand it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('shows the bounds of every integer parameter and body field (minimum and maximum, or the values)', () => {
    const unbounded = operations().flatMap(({ at, op }) => [
      ...(op.parameters ?? []).flatMap((p) => integersIn(p.schema, `${at} ${p.in} ${p.name}`)),
      ...integersIn(op.requestBody, `${at} body`),
    ]).filter(({ schema }) => !('enum' in schema) && !('minimum' in schema && 'maximum' in schema)).map(({ at }) => at);
    expect(unbounded).toEqual([]);
  });

  it('declares the security schemes and the headers the routes read', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'loungeToken', 'operatorBearer']);
    expect(doc.components.securitySchemes.loungeToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Lounge-Token' });
    const withKey = operations().filter(({ op }) => op.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key')).map(({ at }) => at).sort();
    expect(withKey).toEqual([
      'POST /api/credit/account/charge', 'POST /api/payment/v2/subscription', 'POST /api/v1/admin/customers/{idx}/points', 'POST /api/v1/admin/membership-nft',
      'POST /api/v1/admin/nft', 'POST /api/v1/admin/repair',
    ]);
    const lounge = operations().filter(({ at }) => at.includes('/public/lounge/'));
    const withSession = lounge.filter(({ op }) => JSON.stringify(op.security) === JSON.stringify([{ loungeToken: [] }])).map(({ at }) => at.split('/{loungeKey}')[1]).sort();
    expect(withSession).toEqual(['/coupons/{idx}/redeem', '/me', '/memberships/{idx}/join', '/sign-out']);
  });

  it('documents a body schema for every response that has a body', () => {
    const bare = operations().flatMap(({ at, op }) => Object.entries(op.responses).flatMap(([status, r]) =>
      Object.entries((r.content ?? {}) as Record<string, { schema?: Json }>)
        .filter(([, media]) => !media.schema || !['type', '$ref', 'oneOf', 'anyOf', 'allOf', 'properties'].some((k) => k in media.schema!))
        .map(([type]) => `${at} ${status} ${type}`)));
    expect(bare).toEqual([]);
  });
});
