import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../tests/helpers/testApp';
import { findAccountByEmail } from '../modules/accounts/repository';
import { createSession } from '../modules/accounts/sessions';
import { UNKNOWN_IDX } from '../modules/securityMatrix';

/**
 * Walks the OpenAPI document and sends every operation generated bad input (wrong types, NUL
 * bytes, 1e309, repeated query parameters, deep and huge bodies, bad path parameters, bad values of
 * the headers it declares, integers beyond their columns, and to the uploads bad bytes and broken
 * multipart, the signed PUT at a signed address) with the session of a brand that has every
 * feature: bad input is a 4xx, never a 5xx.
 */
interface Param { name: string; in: 'path' | 'query' | 'header'; schema?: { type?: string } }
interface Operation {
  method: string;
  path: string;
  params: Param[];
  bodyProps: string[];
  /** Bodies holding one integer field (nested ones too) beyond its column: each documented integer once. */
  beyondBodies: Record<string, unknown>[];
  /** The request headers it declares: header parameters and its security schemes' API-key headers. */
  headers: string[];
  contentType?: string;
}
type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema };
type SecurityScheme = { type: string; in?: string; name?: string };

const NUL = '\u0000';
/** Just past the integer column (2^31), far past it, and below it: each once the driver's error, a 500. */
const BEYOND_COLUMN = [2_147_483_648, 3_000_000_000, -2_147_483_649] as const;
/** Parsed JSON values of the wrong kind for any declared property. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>({}, [], null, true, false, -1, 0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, ...BEYOND_COLUMN, '', NUL, `a${NUL}b`, '1e309', 'NaN', '-1', '9'.repeat(400), { a: { b: [1] } }, [NUL], [{}], ['x', 1]),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }),
);
/** Raw, already URL-encoded values for a path segment or a query value. */
const badUrlValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('1e309', '%00', 'a%00b', '-1', '0', '1.5', 'NaN', 'Infinity', '99999999999999999999', ...BEYOND_COLUMN.map(String), '%7B%7D', '%5B%5D', 'a'.repeat(5000), '%C0%80', '%FF', 'null', 'true', ''),
  fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent),
);
/** Whole bodies no route should choke on: deep nesting, 1e309 numbers, wrong top-level kinds, a large array. */
function rawBodies(props: string[]): string[] {
  const prop = props[0] ?? 'x';
  return [
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `{"${prop}":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
    `{"${prop}":1e309}`,
    `{"${prop}":"${'\\u0000'}"}`,
    '[]', '"text"', '12', 'null', '{', '{"__proto__":{"x":1}}',
    JSON.stringify({ [prop]: Array.from({ length: 50_000 }, (_, i) => i) }),
  ];
}

/** Each integer leaf of a body schema, as the value that holds it there (lists of one item on the way). */
function beyondValues(schema: Schema | undefined, value: number): unknown[] {
  if (!schema) return [];
  if (schema.type === 'integer') return [value];
  if (schema.type === 'array') return beyondValues(schema.items, value).map((v) => [v]);
  return Object.entries(schema.properties ?? {}).flatMap(([name, prop]) => beyondValues(prop, value).map((v) => ({ [name]: v })));
}

interface Doc {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  security?: Record<string, string[]>[];
  components?: { securitySchemes?: Record<string, SecurityScheme> };
}

/** The API-key headers of the security an operation asks for (its own, else the document's). */
function securityHeaders(doc: Doc, security: Record<string, string[]>[] | undefined): string[] {
  const schemes = (security ?? doc.security ?? []).flatMap((requirement) => Object.keys(requirement));
  return schemes.map((s) => doc.components?.securitySchemes?.[s]).filter((s) => s?.type === 'apiKey' && s.in === 'header').map((s) => s!.name!);
}

function operationsOf(doc: Doc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op], i) => {
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
      const contentType = content ? Object.keys(content)[0] : undefined;
      const schema = content?.[contentType ?? '']?.schema;
      const params = (op.parameters as Param[] | undefined) ?? [];
      return {
        method: method.toUpperCase(),
        path,
        params,
        bodyProps: Object.keys(schema?.properties ?? {}),
        beyondBodies: beyondValues(schema, BEYOND_COLUMN[i % BEYOND_COLUMN.length]) as Record<string, unknown>[],
        headers: [...params.filter((p) => p.in === 'header').map((p) => p.name), ...securityHeaders(doc, op.security as Record<string, string[]>[] | undefined)],
        contentType,
      };
    }),
  );
}

/** A bad request for one operation: what to change, and how. */
type Mutation =
  | { kind: 'path'; name: string; value: string }
  | { kind: 'query'; name: string; values: string[] }
  | { kind: 'body'; body: Record<string, unknown> }
  | { kind: 'raw'; payload: string }
  | { kind: 'header'; name: string; value: string }
  | { kind: 'upload'; contentType: string; payload: Buffer };

/** Bad values for any header: control bytes, empty, huge, numbers where text is meant, odd unicode. */
const badHeaderValue = fc.oneof(
  fc.constantFrom(`Bearer a${NUL}b`, NUL, `a${NUL}b`, '', ' ', 'Bearer ', 'a'.repeat(10_000), 'application/json; charset=x', '1e309', '-1', '%00', 'é'.repeat(70)),
  fc.string({ maxLength: 20 }),
);
/** Headers every route reads (the session, the client address, the body's type), sent with bad values. */
const badHeader = fc.record({
  kind: fc.constant('header' as const),
  name: fc.constantFrom('authorization', 'x-auth-token', 'x-forwarded-for', 'content-type', 'cookie'),
  value: badHeaderValue,
});

const MULTIPART = 'multipart/form-data';
const PNG_HEAD = Buffer.from('89504e470d0a1a0a', 'hex');
/** Bytes an upload route must refuse with a 4xx: not an image, an image's head with garbage, nothing. */
const badBytes: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
  fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.concat([PNG_HEAD, Buffer.from(a)])),
  fc.constantFrom(Buffer.alloc(0), Buffer.from('GIF8'), Buffer.from(`a${NUL}b`), Buffer.from('{"file":1}')),
);
/** Multipart bodies gone wrong: a bad part, a NUL or huge name, no closing boundary, too many parts, a wrong or missing boundary. */
function badMultipart(bytes: Buffer, variant: number): { contentType: string; payload: Buffer } {
  const b = 'fuzzboundary';
  const part = (name: string, filename: string | null, body: Buffer) =>
    Buffer.concat([Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${name}"${filename === null ? '' : `; filename="${filename}"`}\r\n\r\n`), body, Buffer.from('\r\n')]);
  const end = Buffer.from(`--${b}--\r\n`);
  const bodies = [
    Buffer.concat([part('file', 'a.png', bytes), end]),
    Buffer.concat([part('file', `a${NUL}.png`, bytes), end]),
    Buffer.concat([part(`fi${NUL}le`, 'a.png', bytes), end]),
    Buffer.concat([part('other', 'a.png', bytes), end]),
    Buffer.concat([part('file', null, bytes), end]),
    part('file', 'a.png', Buffer.concat([PNG_HEAD, bytes])),
    Buffer.concat([...Array.from({ length: 20 }, (_, i) => part(`f${i}`, null, bytes)), end]),
    Buffer.concat([part('x'.repeat(10_000), 'a.png', bytes), end]),
    Buffer.concat([part('__proto__', 'a.png', bytes), end]),
    bytes,
  ];
  const contentType = variant === bodies.length ? MULTIPART : variant === bodies.length + 1 ? `${MULTIPART}; boundary=other` : `${MULTIPART}; boundary=${b}`;
  return { contentType, payload: bodies[variant % bodies.length] };
}

/** The bodies of an upload route: bytes under several declared types, or broken multipart. */
function uploadMutation(op: Operation): fc.Arbitrary<Mutation> {
  if (op.contentType === MULTIPART) return fc.tuple(badBytes, fc.nat(11)).map(([bytes, v]) => ({ kind: 'upload', ...badMultipart(bytes, v) }) as const);
  return fc.tuple(badBytes, fc.constantFrom('application/octet-stream', 'image/png', 'image/jpeg', 'application/json', 'text/plain', MULTIPART))
    .map(([payload, contentType]) => ({ kind: 'upload', contentType, payload }) as const);
}
const isUpload = (op: Operation) => op.contentType === MULTIPART || op.contentType === 'application/octet-stream';

function mutations(op: Operation): fc.Arbitrary<Mutation> {
  const path = op.params.filter((p) => p.in === 'path');
  const query = op.params.filter((p) => p.in === 'query');
  const options: fc.Arbitrary<Mutation>[] = [fc.constantFrom(...rawBodies(op.bodyProps)).map((payload) => ({ kind: 'raw', payload }) as const), badHeader];
  if (op.headers.length) options.push(fc.record({ kind: fc.constant('header' as const), name: fc.constantFrom(...op.headers), value: badHeaderValue }));
  if (path.length) options.push(fc.record({ kind: fc.constant('path' as const), name: fc.constantFrom(...path.map((p) => p.name)), value: badUrlValue }));
  if (query.length) {
    options.push(fc.record({ kind: fc.constant('query' as const), name: fc.constantFrom(...query.map((p) => p.name)), values: fc.array(badUrlValue, { minLength: 1, maxLength: 3 }) }));
  }
  if (isUpload(op)) options.push(uploadMutation(op), uploadMutation(op));
  const props = op.bodyProps.length ? op.bodyProps : ['x'];
  options.push(fc.dictionary(fc.constantFrom(...props), wrongValue, { minKeys: 1, maxKeys: props.length }).map((body) => ({ kind: 'body', body }) as const));
  return fc.oneof(...options);
}

/**
 * The five inputs of issue 10 for the operation, tried first, and those of issue 20: each declared
 * header empty and huge, each integer parameter and body field (nested ones too) beyond its column.
 */
function issueExamples(op: Operation): [Mutation][] {
  const examples: Mutation[] = [{ kind: 'raw', payload: rawBodies(op.bodyProps)[0] }, { kind: 'header', name: 'authorization', value: `Bearer a${NUL}b` }];
  for (const p of op.params) {
    const beyond = p.schema?.type === 'integer' ? [String(BEYOND_COLUMN[1])] : [];
    if (p.in === 'path') examples.push(...['1e309', 'a%00b', ...beyond].map((value) => ({ kind: 'path', name: p.name, value }) as const));
    else if (p.in === 'query') examples.push(...[['1e309'], ['1', '2'], ['a%00b'], ...beyond.map((v) => [v])].map((values) => ({ kind: 'query', name: p.name, values }) as const));
  }
  for (const name of op.headers) examples.push({ kind: 'header', name, value: '' }, { kind: 'header', name, value: 'a'.repeat(10_000) });
  for (const prop of op.bodyProps) examples.push({ kind: 'body', body: { [prop]: { a: 1 } } }, { kind: 'body', body: { [prop]: `a${NUL}b` } });
  for (const body of op.beyondBodies) examples.push({ kind: 'body', body });
  return examples.map((m) => [m]);
}

/** `signedUrl`: for the signed PUT, an address signed for a fresh upload, so bad bytes reach the route's own checks. */
function requestOf(op: Operation, m: Mutation, token: string, signedUrl?: string): InjectOptions {
  if (m.kind === 'upload' && signedUrl) return { method: op.method as 'PUT', url: signedUrl, headers: { 'content-type': m.contentType }, payload: m.payload };
  let url = op.path;
  for (const p of op.params.filter((x) => x.in === 'path')) {
    const value = m.kind === 'path' && m.name === p.name ? m.value : p.schema?.type === 'integer' ? String(UNKNOWN_IDX) : 'a'.repeat(32);
    url = url.replace(`{${p.name}}`, value);
  }
  if (m.kind === 'query') url += `?${m.values.map((v) => `${m.name}=${v}`).join('&')}`;
  // A bad header rides on an otherwise ordinary request (a JSON body where one is taken), so the route's header check meets it.
  const bad = m.kind === 'header' ? { [m.name]: m.value } : {};
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (op.method === 'GET' || (op.method === 'DELETE' && m.kind !== 'body' && m.kind !== 'raw')) return { method: op.method as 'GET', url, headers: { ...headers, ...bad } };
  if (m.kind === 'upload') return { method: op.method as 'POST', url, headers: { ...headers, 'content-type': m.contentType }, payload: m.payload };
  if (op.contentType && op.contentType !== 'application/json' && m.kind !== 'raw') return { method: op.method as 'POST', url, headers: { ...headers, ...bad } };
  headers['content-type'] = 'application/json';
  const payload = m.kind === 'raw' ? m.payload : m.kind === 'body' ? JSON.stringify(m.body) : '{}';
  return { method: op.method as 'POST', url, headers: { ...headers, ...bad }, payload };
}

/**
 * One part of the walk: the operations whose place in the document is `part` modulo `parts`. The
 * walk is split over several test files (server/fuzz/part*.api.test.ts) so the API stage's workers
 * share it, and each part stays far from its ceiling as routes are added.
 */
export function fuzzPart(part: number, parts: number) {
  let t: TestApp;
  let brandIdx: number;
  const doc: Doc = { paths: {} };
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    brandIdx = (await findAccountByEmail(t.database.db, 'brand@demo.test'))!.idx;
    Object.assign(doc, (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json());
  }, 120_000);
  afterAll(() => t.close());

  /** A fresh session per request, so sign-out and the like cannot spend it for the next one. */
  async function freshToken(): Promise<string> {
    const account = await findAccountByEmail(t.database.db, 'brand@demo.test');
    return (await createSession(t.database.db, account!, t.clock.now())).token;
  }

  /** A fresh signed PUT address of the brand (POST /v1/common/file). */
  async function signedUploadUrl(token: string): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/common/file', headers: { authorization: `Bearer ${token}` }, payload: { ext: 'png' } });
    return res.json().data.uploadUrl;
  }

  const mine = () => operationsOf(doc).filter((_, i) => i % parts === part - 1);

  describe(`bad input never answers 5xx, part ${part} of ${parts} (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
    it('walks an OpenAPI document with every route in it, the uploads with their bodies\' types', () => {
      expect(operationsOf(doc).length).toBeGreaterThan(90);
      expect(mine().length).toBeGreaterThan(0);
      const uploads = operationsOf(doc).filter(isUpload).map((op) => `${op.method} ${op.path} ${op.contentType}`);
      expect(uploads).toEqual(expect.arrayContaining([
        'POST /api/v1/file/upload multipart/form-data',
        'POST /api/v1/admin/lounge/image multipart/form-data',
        'PUT /api/media/upload/{tenantIdx}/{name} application/octet-stream',
      ]));
      // The declared headers (Idempotency-Key on six creates, X-Lounge-Token on four lounge routes) and the integer body fields are walked.
      expect(operationsOf(doc).filter((op) => op.headers.length).length).toBeGreaterThanOrEqual(9);
      expect(operationsOf(doc).flatMap((op) => op.beyondBodies).length).toBeGreaterThan(50);
      expect(brandIdx).toBeGreaterThan(0);
    });

    it('answers every operation\'s bad input with a 4xx', async () => {
      const failures: string[] = [];
      for (const op of mine()) {
        await fc.assert(
          fc.asyncProperty(mutations(op), async (m) => {
            const token = await freshToken();
            const signed = m.kind === 'upload' && op.params.some((p) => p.name === 'signature') ? await signedUploadUrl(token) : undefined;
            const res = await t.app.inject(requestOf(op, m, token, signed));
            if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body}`);
          }),
          { numRuns: 15, examples: issueExamples(op), endOnFailure: true },
        ).catch((err: Error) => failures.push(`${op.method} ${op.path}: ${err.message.split('\n').slice(0, 4).join(' ')}`));
      }
      expect(failures, failures.join('\n')).toEqual([]);
    }, 300_000);
  });
}
