import { Stream } from 'node:stream';
import Ajv, { type ErrorObject } from 'ajv';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FieldErrors } from '../../src/domain/errors';
import { FIELD_MSG } from '../../src/domain/messages';
import { ApiError, validationFailed } from './errors';
import { attachRouteInput } from './routeInput';
import { applyBodyLimit } from './bodyLimits';

/**
 * The checks every route's input passes before its handler, whatever the route: a JSON body no
 * deeper than MAX_JSON_DEPTH, no NUL byte in any string (PostgreSQL text cannot hold one), no
 * repeated query parameter where one value is declared, and a JSON object where the route
 * declares one. Each refusal is a 400 `{ code, message, errors }` keyed like the form's fields.
 * The values themselves (paging, search types, dates...) are then checked by the route's declared
 * input (`config.input`: its parser or the domain's yup schema, which own the Korean messages).
 */
export const MAX_JSON_DEPTH = 64;

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; oneOf?: JsonSchema[]; anyOf?: JsonSchema[] };

/** The deepest nesting of objects and arrays in a JSON text, counted without parsing it (strings skipped). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

const pathOf = (parent: string, key: string | number) =>
  typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key;

/** Bytes, not text: a Buffer (or any typed array) or a stream (an upload's body being read). */
const isBytes = (value: object) => ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Stream;

/**
 * The first field, in the form's key style (`rows[0].name`), whose string or key holds a NUL byte.
 * Bytes are never walked: a Buffer or a stream (an upload's body) is not text, and walking one
 * entry by entry froze the server for every request (issue 20).
 */
export function fieldWithNul(value: unknown, at = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at || '_' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = fieldWithNul(value[i], pathOf(at, i));
      if (found) return found;
    }
  } else if (value && typeof value === 'object' && !isBytes(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (key.includes('\u0000')) return pathOf(at, key.replaceAll('\u0000', ''));
      const found = fieldWithNul(v, pathOf(at, key));
      if (found) return found;
    }
  }
  return null;
}

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false });

/**
 * What a query string or path can carry for a declared schema: one string per scalar property
 * (values arrive as text; the route parses them with its own messages), a list where a list is
 * declared. So `?page=1&page=2` is refused instead of reaching a parser as an array.
 */
function rawInputSchema(schema: JsonSchema): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, prop]) => [name, prop.type === 'array' ? { type: 'array', items: { type: 'string' } } : { type: 'string' }]),
  );
  return { type: 'object', properties };
}

const SCALAR_KINDS = ['string', 'number', 'boolean', 'null'];

/**
 * The kinds a declared body admits, loosely: where the route declares a scalar, any scalar (the
 * domain's yup schema casts "3" and 3 alike and owns the message); where it declares an object or
 * a list, that (or null), checked the same way inside. So `{ name: { a: 1 } }` is refused before
 * a string transform meets an object.
 */
function bodyKindSchema(schema: JsonSchema): JsonSchema {
  if (schema.oneOf) return { anyOf: schema.oneOf.map(bodyKindSchema) };
  const types = ([] as string[]).concat(schema.type ?? []).filter((type) => type !== 'null');
  if (types.length !== 1) return {};
  if (types[0] === 'object') {
    const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, prop]) => [name, bodyKindSchema(prop)]));
    return { type: ['object', 'null'], properties };
  }
  if (types[0] === 'array') return { type: ['array', 'null'], ...(schema.items ? { items: bodyKindSchema(schema.items) } : {}) };
  return { type: SCALAR_KINDS };
}

const jsonPathOf = (instancePath: string) =>
  instancePath.split('/').slice(1).reduce<string>((at, key) => pathOf(at, /^\d+$/.test(key) ? Number(key) : key), '');

function fieldErrorsOf(errors: ErrorObject[] | null | undefined, message: (e: ErrorObject) => string): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors ?? []) {
    const key = jsonPathOf(e.instancePath) || '_';
    if (!(key in out)) out[key] = message(e);
  }
  return out;
}

type BinarySchema = JsonSchema & { format?: string };
const isBinary = (schema: BinarySchema) =>
  schema.format === 'binary' || Object.values(schema.properties ?? {}).some((p) => (p as BinarySchema).format === 'binary');

/**
 * Ajv on every declared part: on the query string and path their shape (one value per declared
 * scalar), on the body the kinds of its fields. A wrong top-level body kind has no field to name.
 */
export const inputValidatorCompiler: FastifySchemaCompiler<JsonSchema> = ({ schema, httpPart }) => {
  if (httpPart === 'querystring' || httpPart === 'params') {
    const validate = ajv.compile(rawInputSchema(schema));
    return (data) => (validate(data ?? {}) ? true : { error: validationFailed(fieldErrorsOf(validate.errors, () => FIELD_MSG.repeatedParameter)) });
  }
  if (httpPart === 'body') {
    // An upload's bytes (http/docs.ts binaryBody, multipartBody): the route reads and checks them.
    if (isBinary(schema)) return () => true;
    const validate = ajv.compile(bodyKindSchema(schema));
    return (data) => {
      if (validate(data)) return true;
      const errors = fieldErrorsOf(validate.errors, () => FIELD_MSG.valueInvalid);
      return { error: '_' in errors ? new ApiError(400, 'VALIDATION_FAILED', FIELD_MSG.valueInvalid) : validationFailed(errors) };
    };
  }
  return () => true;
};

function refuseNul(request: FastifyRequest): void {
  for (const part of [request.params, request.query, request.body]) {
    const field = fieldWithNul(part);
    if (field) throw validationFailed({ [field]: FIELD_MSG.nulCharacter });
  }
}

/**
 * Installs the guards on a scope: its JSON parser, its validator compiler, the NUL check, each
 * route's declared input checks (`config.input`, http/routeInput.ts) before its handler, and each
 * route's body limit (http/bodyLimits.ts).
 */
export function installInputGuards(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    // Kept for the routes that check a signature over the bytes sent (the messaging webhooks).
    (request as { rawBody?: string }).rawBody = text;
    // Many clients send `content-type: application/json` on every request, a DELETE's too: an
    // empty body is no body (issue 22 A6), and a route that needs one names its fields.
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new ApiError(400, 'VALIDATION_FAILED', FIELD_MSG.bodyTooDeep), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  scope.setValidatorCompiler(inputValidatorCompiler);
  scope.addHook('preValidation', async (request) => refuseNul(request));
  scope.addHook('onRoute', attachRouteInput);
  scope.addHook('onRoute', applyBodyLimit);
}
