import { convertSchema } from '@sodaru/yup-to-json-schema';
import type { AnyObjectSchema } from 'yup';

type Json = Record<string, unknown>;

/**
 * The converter's output made an OpenAPI 3.0 schema: a `oneOf([ref('password')])` converts to an
 * enum of ref objects (not a JSON value, so not an enum); `positive()` to a numeric
 * `exclusiveMinimum` (the 3.1 form; 3.0 says `minimum` plus `exclusiveMinimum: true`); a `mixed()`
 * with no `jsonSchema` meta to `type: []` (no type at all).
 */
function asOpenApi30(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asOpenApi30);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'enum' && Array.isArray(value) && value.some((v) => v && typeof v === 'object')) continue;
    if (key === 'type' && Array.isArray(value) && value.length === 0) continue;
    if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'number') {
      out[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'] = value;
      out[key] = true;
      continue;
    }
    out[key] = asOpenApi30(value);
  }
  return out;
}

/**
 * A route's body document derived from the domain's yup schema, the one the form and the handler
 * validate with: its fields, types, required list and limits cannot drift from the validation
 * (the scope's validator checks the body's field kinds against this same document). Prose is
 * added per field; a description for a field the schema does not have fails at start-up.
 */
export function bodyFromYup(schema: AnyObjectSchema, description: string, fields: Record<string, string> = {}): Json {
  const converted = asOpenApi30(convertSchema(schema)) as Json & { properties: Record<string, Json>; required?: string[] };
  for (const [name, text] of Object.entries(fields)) {
    if (!converted.properties[name]) throw new Error(`bodyFromYup: "${name}" is not a field of the schema (${description})`);
    converted.properties[name] = { ...converted.properties[name], description: text };
  }
  return { ...converted, description };
}

/** The same document for a route that changes only the fields sent: nothing is required. */
export function partialBodyFromYup(schema: AnyObjectSchema, description: string, fields: Record<string, string> = {}): Json {
  const { required: _required, ...rest } = bodyFromYup(schema, description, fields);
  return rest;
}
