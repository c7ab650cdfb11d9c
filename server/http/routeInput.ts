import type { FastifyRequest, RouteOptions, preHandlerAsyncHookHandler } from 'fastify';
import type { AnyObjectSchema, InferType, Schema } from 'yup';
import { validateWith } from './validate';

/**
 * What a route declares about its input, in `config.input`, so that every part is checked before
 * the handler runs and the handler reads the checked values from `request.params`, `.query` and
 * `.body`:
 *
 *     config: { access, input: { params: idxParams(MSG.notFound), body: memberUpdateSchema } },
 *
 * A part is the domain's yup schema (the form's own: cast, unknown keys dropped, 400 with field
 * errors) or a parser that owns its messages and throws an ApiError (a list query, a path idx).
 * The step runs after the scope's input guards (http/inputGuards.ts) and after route-level rate
 * limits, so a refused input still counts against them, as when the handler checked it.
 */
export type InputCheck = Schema | ((raw: unknown, request: FastifyRequest) => unknown);

/** The value a check hands the handler: a schema's cast output, a parser's result. */
export type Checked<C> = C extends Schema ? InferType<C> : C extends (...args: never[]) => infer R ? Awaited<R> : never;

export interface RouteInput {
  params?: InputCheck;
  /** Checks the headers the route reads (request.headers stays as sent; the handler reads the checked header there). */
  headers?: InputCheck;
  query?: InputCheck;
  body?: InputCheck;
}

type JsonProperties = Record<string, Record<string, unknown>>;

/**
 * A check of the headers a route reads, for `config.input.headers`: `read` throws the header's 400
 * (an ApiError naming it); `accepts` documents each header, so OpenAPI lists it as a header parameter.
 */
export const headerCheck = (read: (headers: FastifyRequest['headers']) => unknown, accepts: JsonProperties) =>
  Object.assign((_raw: unknown, request: FastifyRequest) => read(request.headers), { accepts });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's input checks, run before its handler (http/routeInput.ts). */
    input?: RouteInput;
  }
}

type Validate = (schema: AnyObjectSchema, raw: unknown) => Promise<unknown>;

/**
 * The body check of a route that merges the body onto the stored row (a PATCH): each field sent is
 * checked and cast by its own rule in the schema, the others stay absent (no defaults), so the
 * handler merges only what was sent and checks the merged row where it merges it.
 */
export const sentFields = (schema: AnyObjectSchema, validate: Validate = validateWith) => async (raw: unknown) => {
  const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return validate(schema.pick(Object.keys(schema.fields).filter((name) => name in body)), body) as Promise<Record<string, unknown>>;
};

/** Path first (a row that cannot exist is 404 whatever the body), then headers, query, body. */
const PARTS = ['params', 'headers', 'query', 'body'] as const;

const run = (check: InputCheck, raw: unknown, request: FastifyRequest) => (typeof check === 'function' ? check(raw, request) : validateWith(check, raw));

function inputStep(input: RouteInput): preHandlerAsyncHookHandler {
  return async function checkInput(request: FastifyRequest) {
    for (const part of PARTS) {
      const check = input[part];
      if (!check) continue;
      const checked = await run(check, request[part], request);
      if (part !== 'headers') (request as unknown as Record<string, unknown>)[part] = checked;
    }
  };
}

const propertiesOf = (doc: unknown) => Object.keys((doc as { properties?: object } | undefined)?.properties ?? {}).sort().join(',');

/**
 * A documented body beside a yup body check must document the same fields (http/yupDocs.ts
 * derives it), so the OpenAPI document cannot drift from what the route accepts.
 */
function assertBodyDocumented(route: RouteOptions, check: InputCheck): void {
  if (typeof check === 'function' || check.type !== 'object') return;
  const documented = propertiesOf(route.schema?.body);
  const validated = Object.keys((check as AnyObjectSchema).fields).sort().join(',');
  if (documented !== validated) {
    throw new Error(`${route.method} ${route.url}: the documented body (${documented}) is not the validated one (${validated}); document it with bodyFromYup`);
  }
}

type JsonObject = { properties?: JsonProperties };
const DOC_OF = { params: 'params', headers: 'headers', query: 'querystring' } as const;

/**
 * A parser that says what it accepts (`accepts`, e.g. idxParams: 1..IDX_MAX) lends those keywords
 * to the route's documented parameters of the same name, so OpenAPI shows the parser's bounds; a
 * header check's headers are documented by it alone.
 */
function documentAccepted(route: RouteOptions, part: keyof typeof DOC_OF, check: InputCheck | undefined): void {
  const accepts = typeof check === 'function' ? (check as { accepts?: JsonProperties }).accepts : undefined;
  const doc = (route.schema?.[DOC_OF[part]] ?? (part === 'headers' ? { type: 'object', properties: {} } : undefined)) as JsonObject | undefined;
  if (!accepts || !doc?.properties) return;
  const properties = { ...doc.properties };
  for (const [name, keywords] of Object.entries(accepts)) if (properties[name] || part === 'headers') properties[name] = { ...properties[name], ...keywords };
  route.schema = { ...route.schema, [DOC_OF[part]]: { ...doc, properties } };
}

/** onRoute: appends the route's declared input step to its preHandler hooks. */
export function attachRouteInput(route: RouteOptions): void {
  const input = (route.config as { input?: RouteInput } | undefined)?.input;
  if (!input) return;
  if (input.body) assertBodyDocumented(route, input.body);
  for (const part of ['params', 'headers', 'query'] as const) documentAccepted(route, part, input[part]);
  const existing = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
  route.preHandler = [...existing, inputStep(input)];
}
