import * as yup from 'yup';
import type { AccessRule } from './access';
import type { MenuItem } from './menu';
import type { ApiBase } from '../config/apiBases';

/**
 * One declaration per resource (issue 10): its name, API path, fields, list and access. The console
 * (dataProvider entry, menu item, list columns, form inputs) and the server (validation, OpenAPI,
 * tenant-scoped CRUD routes, security-matrix rows) derive theirs from it, so nothing is written twice.
 * Plain data, no React: the server imports it too. Models: Payload's collection config, Django's
 * ModelAdmin (list_display, search_fields), react-admin's `<name>.fields.<source>` label keys.
 */
interface FieldCommon {
  /** Shown as a list column (in declaration order). */
  column?: boolean;
  /** Set by the server (key, creation time): listed and answered, never accepted in a body. */
  readOnly?: boolean;
  /** A helper text under the input, `<name>.<source>Help`. */
  help?: boolean;
}
export interface TextField extends FieldCommon {
  type: 'text';
  /** The message of an empty value; without it the field is optional (an empty value is null). */
  required?: string;
  max?: { length: number; message: string };
  /** The list's search box matches it (contains, case-insensitive). */
  searchable?: boolean;
}
/** A Y/N flag (the spec's boolean columns), edited as a switch. */
export interface FlagField extends FieldCommon {
  type: 'flag';
  invalid: string;
  default: 'Y' | 'N';
}
export interface IntegerField extends FieldCommon {
  type: 'integer';
}
export interface DateTimeField extends FieldCommon {
  type: 'datetime';
}
export type FieldDef = TextField | FlagField | IntegerField | DateTimeField;

/** Field builders: `field.text({ required: FIELD_MSG.x })` reads like the spec's field table. */
export const field = {
  text: <O extends Omit<TextField, 'type'>>(o: O = {} as O): TextField & O => ({ type: 'text', ...o }),
  flag: (o: Omit<FlagField, 'type'>): FlagField => ({ type: 'flag', ...o }),
  key: (): IntegerField => ({ type: 'integer', readOnly: true, column: true }),
  createdAt: (): DateTimeField => ({ type: 'datetime', readOnly: true, column: true }),
};

/** A field's value in an API answer: dates as ISO text, an optional text possibly null. */
export type FieldValue<F extends FieldDef> = F extends TextField
  ? F extends { required: string } ? string : string | null
  : F extends FlagField ? 'Y' | 'N' : F extends IntegerField ? number : string;

/** A record of a resource as the API answers it, typed from its fields. */
export type RecordOf<D extends { fields: Record<string, FieldDef> }> = { [K in keyof D['fields']]: FieldValue<D['fields'][K]> };

/** A resource as the derivations read it (field names as plain strings). */
export interface Resource {
  /** The one name: dataProvider resource, i18n prefix (`<name>.fields.<source>`), OpenAPI tag. */
  name: string;
  base: ApiBase;
  /** The spec's API path under the base. */
  apiPath: string;
  /** The record key (a field of `fields`). */
  idField: string;
  /** The console route (the spec's path): list at it, `register` and `edit/{id}` below it. */
  route: string;
  /**
   * The side-menu item (label `shell.menu.<key>`), placed in src/domain/menu.ts by `menuItemOf`; its
   * rule is `access.read`, so the pages, the read routes and the dataProvider resource agree.
   */
  menu: { key: string };
  access: { read: AccessRule; write: AccessRule };
  fields: Record<string, FieldDef>;
  list: {
    /** The server's list order (and the unpaged picker's). */
    order: readonly { field: string; dir: 'asc' | 'desc' }[];
    /** The field that links a row to its edit page. */
    linkColumn?: string;
  };
  /** The spec's API quirks beside the standard routes. */
  api?: {
    /** `PATCH <apiPath>` with the key in the body (the spec's update), besides `PATCH <apiPath>/{id}`. */
    updateIdInBody?: boolean;
    /** `GET <apiPath>/list`: every record unpaged (pickers), without the fields listed here. */
    pickerOmits?: readonly string[];
    /** The console reads one record from `GET <apiPath>/list` (the spec has no GET of one). */
    oneFromList?: boolean;
  };
}

/** A resource with its own field names: the keys it names must be its fields. */
export interface ResourceDefinition<F extends Record<string, FieldDef>> extends Resource {
  idField: keyof F & string;
  fields: F;
  list: { order: readonly { field: keyof F & string; dir: 'asc' | 'desc' }[]; linkColumn?: keyof F & string };
  api?: { updateIdInBody?: boolean; pickerOmits?: readonly (keyof F & string)[]; oneFromList?: boolean };
}

/** Declares a resource; the identity function that fixes its field types for the derivations. */
export function defineResource<F extends Record<string, FieldDef>>(def: ResourceDefinition<F>): ResourceDefinition<F> {
  if (!(def.idField in def.fields)) throw new Error(`defineResource(${def.name}): idField ${def.idField} is not a field`);
  return def;
}

/** The label key of a field: `<name>.fields.<source>`. */
export const fieldLabel = (def: Pick<Resource, 'name'>, source: string) => `${def.name}.fields.${source}`;

/** The fields a body may carry (the not read-only ones). */
export function inputFields(def: Resource): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => !f.readOnly);
}

function yupOf(f: FieldDef): yup.AnySchema {
  switch (f.type) {
    case 'text': {
      let s = yup.string().trim();
      if (f.max) s = s.max(f.max.length, f.max.message);
      return f.required ? s.required(f.required) : s.nullable().optional();
    }
    case 'flag':
      return yup.string().oneOf(['Y', 'N'], f.invalid).default(f.default);
    case 'integer':
      return yup.number().integer();
    case 'datetime':
      return yup.string();
  }
}

/** The yup schema of a body: the form's resolver and the server's validation, with the spec's messages. */
export function yupSchemaOf(def: Resource): yup.AnyObjectSchema {
  return yup.object(Object.fromEntries(inputFields(def).map(([source, f]) => [source, yupOf(f)])));
}

type Json = Record<string, unknown>;

function jsonOf(f: FieldDef, description: string): Json {
  switch (f.type) {
    case 'text':
      return { type: f.required ? 'string' : ['string', 'null'], description, ...(f.max ? { maxLength: f.max.length } : {}) };
    case 'flag':
      return { type: 'string', enum: ['Y', 'N'], default: f.default, description };
    case 'integer':
      return { type: 'integer', description };
    case 'datetime':
      return { type: 'string', format: 'date-time', description };
  }
}

/** JSON Schema of a body (POST; `partial` for PATCH, nothing required), for the validator and OpenAPI. */
export function bodyJsonSchemaOf(def: Resource, partial = false): Json {
  const fields = inputFields(def);
  const required = partial ? [] : fields.filter(([, f]) => f.type === 'text' && f.required).map(([s]) => s);
  return {
    type: 'object',
    description: `${def.name} input`,
    properties: Object.fromEntries(fields.map(([s, f]) => [s, jsonOf(f, fieldLabel(def, s))])),
    ...(required.length ? { required } : {}),
  };
}

/** JSON Schema of a record as the API answers it. */
export function recordJsonSchemaOf(def: Resource, omit: readonly string[] = []): Json {
  const fields = Object.entries(def.fields).filter(([s]) => !omit.includes(s));
  return { type: 'object', description: def.name, properties: Object.fromEntries(fields.map(([s, f]) => [s, jsonOf(f, fieldLabel(def, s))])) };
}

/** The searchable text fields (the list's `searchType` values; the first is the default). */
export const searchFieldsOf = (def: Resource) =>
  Object.entries(def.fields).filter(([, f]) => f.type === 'text' && f.searchable).map(([s]) => s);

/** JSON Schema of the list query: the spec's paging and search names. */
export function listQueryJsonSchemaOf(def: Resource): Json {
  const search = searchFieldsOf(def);
  return {
    type: 'object',
    properties: {
      page: { type: 'integer', description: '1부터' },
      pageSize: { type: 'integer', description: '10 | 25 | 50 | 100 | 250 | 500 (기본 25)' },
      ...(search.length
        ? { searchType: { type: 'string', enum: search, description: '검색 대상' }, searchText: { type: 'string', description: '부분 일치' } }
        : {}),
    },
  };
}

/** The list columns, in declaration order. */
export const columnsOf = (def: Resource) => Object.entries(def.fields).filter(([, f]) => f.column).map(([s]) => s);

/** The side-menu item of a resource: its route, guarded by its read rule (register and edit/{id} highlight it by suffix). */
export const menuItemOf = (def: Resource): MenuItem => ({
  key: def.menu.key,
  path: def.route,
  labelKey: `shell.menu.${def.menu.key}`,
  rule: def.access.read,
});

/** The react-admin `<Resource name>` of a resource: its route without the leading slash (the spec's path). */
export const routeNameOf = (def: Pick<Resource, 'route'>) => def.route.replace(/^\//, '');

/** The title of a record (dialogs, aria labels): the field that links a row, else the key. */
export const titleOf = (def: Resource, record: Record<string, unknown>) => String(record[def.list.linkColumn ?? def.idField] ?? '');

/** The body of POST and PATCH from form values: texts trimmed (an empty optional text is null), flags Y/N. */
export function bodyOf(def: Resource, values: Record<string, unknown>): Record<string, unknown> {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return Object.fromEntries(
    inputFields(def).map(([s, f]) => {
      const v = values[s];
      if (f.type === 'text') return [s, f.required ? text(v) : text(v) || null];
      if (f.type === 'flag') return [s, v === 'Y' || v === 'N' ? v : f.default];
      return [s, v];
    }),
  );
}
