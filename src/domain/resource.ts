import * as yup from 'yup';
import type { AccessRule } from './access';
import type { ApiBase } from '../config/apiBases';
import type { MenuSectionKey } from './routing';
import { FIELD_MSG, STANDARD_MSG } from './messages';
import { idxJson } from './integers';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './listQuery';
import { bodyValueOf, jsonOfField, recordJsonOfField, yupOfField, type FieldDef, type Json } from './fields';

/** The field kinds (`field.text(...)`, FieldDef, RecordOf, ...) are read through this module too. */
export * from './fields';

/**
 * One declaration per resource (issue 10): its name, API path, fields, list and access. The console
 * (dataProvider entry, menu item, list columns, form inputs) and the server (validation, OpenAPI,
 * tenant-scoped CRUD routes, security-matrix rows) derive theirs from it, so nothing is written twice.
 * Plain data, no React: the server imports it too. Models: Payload's collection config, Django's
 * ModelAdmin (list_display, search_fields), react-admin's `<name>.fields.<source>` label keys.
 * The field kinds live in ./fields.ts.
 */

/**
 * What every declared resource says of itself: its name, API path, key, console route, menu item,
 * pages and access. A resource outside the registry (customers, src/domain/resources/customer.ts)
 * derives its menu rows and dataProvider entry from this.
 */
export interface ResourceIdentity {
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
   * The side-menu item: `section` and `after` (the key of the item it follows there, a hand-written
   * item or another resource's; first in the section without it) place it in the route table
   * (src/domain/routes.ts, `placeResources`), with its routes and labelled with the list's title
   * (`<name>.title`, or `label`). Its rule is `access.read`, register and edit/{id} are guarded by
   * `access.write`, so the pages, the API routes and the dataProvider resource agree.
   */
  menu: { key: string; section: MenuSectionKey; after?: string; label?: string; isNew?: boolean };
  /**
   * The resource's own pages beside list, register and edit/{id} (products' spreadsheet upload and
   * detail): a path below `route` and its view, rendered by the page `<name>.<view>` that the
   * resource's folder gives (src/pages.ts); guarded by the read rule like the list.
   */
  views?: readonly { path: string; view: string }[];
  /** `dialog`: register and edit are dialogs of the list page (customers), so they get no routes. */
  forms?: 'pages' | 'dialog';
  /** The register page's path below `route` (the spec's `new` for coupons); `register` without it. */
  registerPath?: string;
  /**
   * Other console paths of the register page, outside `route` (the spec's /b2b/inspection for
   * inspections), guarded by the write rule like it.
   */
  registerAliases?: readonly string[];
  access: { read: AccessRule; write: AccessRule };
  /** The spec's API quirks beside the standard routes. */
  api?: ResourceApi;
}

/** A resource as the derivations read it (field names as plain strings). */
export interface Resource extends ResourceIdentity {
  fields: Record<string, FieldDef>;
  list: {
    /** The server's list order (and the unpaged picker's). */
    order: readonly { field: string; dir: 'asc' | 'desc' }[];
    /** The field that links a row to its edit page. */
    linkColumn?: string;
    /** The list columns in their order (Django's list_display); without it, the `column` fields in declaration order. */
    columns?: readonly string[];
    /** searchType `all` (the default) matches any searchable field; searchText may hold several comma-separated terms. */
    searchAll?: boolean;
    /** The fields `sort=<field>,ASC|DESC` may name (the first is the default, descending). */
    sortable?: readonly string[];
    /**
     * Filters by value (Django's list_filter), on the server, the list page and OpenAPI alike: a
     * select by a comma list of its codes, a flag by Y or N, a reference by its key.
     */
    filters?: readonly string[];
    /** The field startDate and endDate (YYYY-MM-DD, Seoul days, inclusive) bound. */
    dateRange?: string;
  };
  /**
   * The rules across fields (an expiry by days or by date, stores when the place needs them): the
   * errors by field of validated values, in Korean. Both the form and the server apply them after
   * the fields' own checks; `context` is the yup context (`today`, the Seoul day, on the server).
   */
  rules?: (values: Record<string, unknown>, context: Record<string, unknown> | undefined) => Record<string, string>;
  /**
   * The fields' Korean labels (its `src/i18n/resources/<name>.ko.ts` fields): the standard messages of
   * `required: true` and a bare `max` are made from them ("태그는 100자까지 입력할 수 있어요").
   */
  labels?: Readonly<Partial<Record<string, string>>>;
}

/** The spec's API quirks of a resource beside the standard routes. */
export interface ResourceApi {
  /** `PATCH <apiPath>` with the key in the body (the spec's update), besides `PATCH <apiPath>/{id}`. */
  updateIdInBody?: boolean;
  /** `GET <apiPath>/list`: every record unpaged (pickers), without the fields listed here. */
  pickerOmits?: readonly string[];
  /** The console reads one record from `GET <apiPath>/list` (the spec has no GET of one). */
  oneFromList?: boolean;
  /** `DELETE <apiPath>/bulk`: the key list's name, its most keys and the message of a bad list (BULK_DELETE without it). */
  bulkDelete?: BulkDelete;
  /** No `GET <apiPath>/list` (the unpaged picker list). */
  picker?: false;
  /** PATCH changes only the fields it sends (the stored record fills in the rest before validation). */
  partialUpdate?: boolean;
  /** The message of a 404 for this resource's records. */
  notFound?: string;
  /** The list's sort as two query parameters (customers' orderBy and orderDirection) instead of `sort=field,DIR`. */
  sortParams?: { field: string; order: string };
  /** The spec has no delete of these records (customers): the dataProvider entry has no bulk delete. */
  delete?: false;
}

export interface BulkDelete {
  key: string;
  max: number;
  required: string;
}
export const BULK_DELETE: BulkDelete = { key: 'idxList', max: 500, required: FIELD_MSG.idxListRequired };

/** The fields a list may filter by: selects, flags and references (any other kind does not type-check). */
export const FILTER_KINDS = ['select', 'flag', 'reference'] as const;
type FilterableKey<F> = { [K in keyof F]: F[K] extends { type: (typeof FILTER_KINDS)[number] } ? K : never }[keyof F] & string;

/** A resource with its own field names: the keys it names must be its fields. */
export interface ResourceDefinition<F extends Record<string, FieldDef>> extends Resource {
  idField: keyof F & string;
  fields: F;
  list: Resource['list'] & {
    order: readonly { field: keyof F & string; dir: 'asc' | 'desc' }[];
    linkColumn?: keyof F & string;
    columns?: readonly (keyof F & string)[];
    sortable?: readonly (keyof F & string)[];
    filters?: readonly FilterableKey<F>[];
    dateRange?: keyof F & string;
  };
  api?: Resource['api'] & { pickerOmits?: readonly (keyof F & string)[] };
}

/** Declares a resource; the identity function that fixes its field types for the derivations. */
export function defineResource<F extends Record<string, FieldDef>>(def: ResourceDefinition<F>): ResourceDefinition<F> {
  if (!(def.idField in def.fields)) throw new Error(`defineResource(${def.name}): idField ${def.idField} is not a field`);
  const fields = Object.fromEntries(Object.entries(def.fields).map(([source, f]) => [source, withStandardMessages(def, source, f)]));
  return { ...def, fields: fields as F };
}

/**
 * A field with its standard messages made (issue 22 A5): `required: true` becomes "<label>을/를 입력해
 * 주세요" (선택해 주세요 for a choice), a bare `max` "<label>은/는 N자까지 입력할 수 있어요", the
 * particles chosen from the label. A field without its label fails here, when the module loads.
 */
function withStandardMessages(def: Pick<Resource, 'name' | 'labels'>, source: string, f: FieldDef): FieldDef {
  const label = () => {
    const text = def.labels?.[source];
    if (!text) throw new Error(`defineResource(${def.name}): ${source} needs its Korean label in \`labels\` for its standard messages`);
    return text;
  };
  let made = f;
  if ('required' in made && made.required === true) {
    const choose = made.type === 'select' || made.type === 'reference';
    made = { ...made, required: choose ? STANDARD_MSG.choose(label()) : STANDARD_MSG.required(label()) } as FieldDef;
  }
  if (made.type === 'text' && typeof made.max === 'number') made = { ...made, max: { length: made.max, message: STANDARD_MSG.maxLength(label(), made.max) } };
  return made;
}

/** The label key of a field: `<name>.fields.<source>`. */
export const fieldLabel = (def: Pick<Resource, 'name'>, source: string) => `${def.name}.fields.${source}`;

/** A field as OpenAPI describes it: its Korean label where the definition has its labels, else the label key. */
const describedAs = (def: Pick<Resource, 'name' | 'labels'>, source: string) => def.labels?.[source] ?? fieldLabel(def, source);

/** The fields with a column of their own (not `computed` from another table). */
export const storedFieldNames = (def: Pick<Resource, 'fields'>) => Object.keys(def.fields).filter((s) => !def.fields[s].computed);

/** The fields a body may carry (the not read-only ones). */
export function inputFields(def: Pick<Resource, 'fields'>): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => !f.readOnly);
}

/** The value of an empty or hidden input: none (its default for a flag, no keys for a list). */
export const emptyValueOf = (f: FieldDef): unknown => (f.type === 'flag' ? f.default : f.type === 'references' || f.type === 'images' ? [] : null);

/**
 * A body with the inputs its `shownWhen` hides set to their hidden value, so what the form no longer
 * shows (a count limit after 제한 없음) is never saved. A partial body that does not send the
 * controlling field keeps what it sends.
 */
export function clearHiddenFields(def: Pick<Resource, 'fields'>, body: Record<string, unknown>): Record<string, unknown> {
  const cleared = { ...body };
  for (const [source, f] of inputFields(def)) {
    const when = f.shownWhen;
    if (!when || !(when.field in body) || !(source in body)) continue;
    if (!when.in.map(String).includes(String(body[when.field]))) cleared[source] = emptyValueOf(f);
  }
  return cleared;
}

/** The yup schema of a body: the form's resolver and the server's validation, with the spec's messages. */
export function yupSchemaOf(def: Pick<Resource, 'fields' | 'rules'>): yup.AnyObjectSchema {
  const schema = yup.object(Object.fromEntries(inputFields(def).map(([source, f]) => [source, yupOfField(f)])))
    .transform((value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? clearHiddenFields(def, value as Record<string, unknown>) : value));
  const { rules } = def;
  if (!rules) return schema;
  return schema.test('rules', FIELD_MSG.valueInvalid, function (values) {
    const errors = rules((values ?? {}) as Record<string, unknown>, this.options.context);
    const inner = Object.entries(errors).map(([path, message]) => this.createError({ path, message }));
    return inner.length ? new yup.ValidationError(inner) : true;
  });
}

/** JSON Schema of a body (POST; `partial` for PATCH, nothing required), for the validator and OpenAPI. */
export function bodyJsonSchemaOf(def: Pick<Resource, 'name' | 'fields' | 'labels'>, partial = false): Json {
  const fields = inputFields(def);
  const required = partial ? [] : fields.filter(([, f]) => (f.type === 'text' || f.type === 'date' || f.type === 'phone' || f.type === 'select') && f.required).map(([s]) => s);
  return {
    type: 'object',
    description: `${def.name} input`,
    properties: Object.fromEntries(fields.map(([s, f]) => [s, jsonOfField(f, describedAs(def, s))])),
    ...(required.length ? { required } : {}),
  };
}

/** JSON Schema of a record as the API answers it. */
export function recordJsonSchemaOf(def: Pick<Resource, 'name' | 'fields' | 'labels'>, omit: readonly string[] = []): Json {
  const fields = Object.entries(def.fields).filter(([s]) => !omit.includes(s));
  return { type: 'object', description: def.name, properties: Object.fromEntries(fields.map(([s, f]) => [s, recordJsonOfField(f, describedAs(def, s))])) };
}

/** The searchable text fields (the list's `searchType` values; the first is the default). */
export const searchFieldsOf = (def: Resource) =>
  Object.entries(def.fields).filter(([, f]) => f.type === 'text' && f.searchable).map(([s]) => s);

/** The searchType values of a resource's list (`all` first where it searches every searchable field at once). */
export const searchTypesOf = (def: Resource) => [...(def.list.searchAll ? ['all'] : []), ...searchFieldsOf(def)];

/** JSON Schema of a filter's query value: a comma list of codes, Y or N, or a key. */
function filterJsonOf(def: Resource, source: string): Json {
  const f = def.fields[source];
  const description = describedAs(def, source);
  if (f.type === 'select') {
    // A comma list of the codes (or nothing: no filter), so that a generated client knows them.
    const code = `(${Object.keys(f.options).join('|')})`;
    return { type: 'string', pattern: `^(${code}(,${code})*)?$`, description: `${description}: ${Object.entries(f.options).map(([c, l]) => `${c} ${l}`).join(', ')} 중 쉼표로 구분` };
  }
  if (f.type === 'flag') return { type: 'string', enum: ['Y', 'N'], description };
  return idxJson(description);
}

/** JSON Schema of the list query: the spec's paging, search, filter, period and sort names. */
export function listQueryJsonSchemaOf(def: Resource): Json {
  const search = searchTypesOf(def);
  const { filters = [], dateRange, sortable } = def.list;
  const day = (edge: string) => ({ type: 'string', format: 'date', description: `${describedAs(def, dateRange!)} ${edge} YYYY-MM-DD (Asia/Seoul, 포함)` });
  return {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: '1부터' },
      pageSize: { type: 'integer', enum: [...PAGE_SIZES], description: `${PAGE_SIZES.join(' | ')} (기본 ${DEFAULT_PAGE_SIZE})` },
      ...(search.length
        ? {
          searchType: { type: 'string', enum: search, description: '검색 대상' },
          searchText: { type: 'string', description: def.list.searchAll ? '부분 일치, 쉼표로 구분해 여러 개 (하나라도 포함)' : '부분 일치' },
        }
        : {}),
      ...Object.fromEntries(filters.map((source) => [source, filterJsonOf(def, source)])),
      ...(dateRange ? { startDate: day('시작'), endDate: day('끝') } : {}),
      ...(sortable?.length ? { sort: { type: 'string', description: `${sortable.join(' | ')} 뒤에 ,ASC 또는 ,DESC (기본 ${sortable[0]},DESC)` } } : {}),
    },
  };
}

/** The list columns: the declared order, else the `column` fields in declaration order. */
export const columnsOf = (def: Resource) => def.list.columns ?? Object.entries(def.fields).filter(([, f]) => f.column).map(([s]) => s);

/** The bulk delete of a resource: its body key, its most keys and its message. */
export const bulkDeleteOf = (def: Pick<ResourceIdentity, 'api'>): BulkDelete => def.api?.bulkDelete ?? BULK_DELETE;

/** The title of a record (dialogs, aria labels): the field that links a row, else the key. */
export const titleOf = (def: Resource, record: Record<string, unknown>) => String(record[def.list.linkColumn ?? def.idField] ?? '');

/**
 * The body of POST and PATCH from form values: texts trimmed (an empty optional text is null; a
 * multiline text kept as typed), flags Y/N, numbers without separators, codes and keys as numbers.
 */
export function bodyOf(def: Pick<Resource, 'fields'>, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(inputFields(def).map(([s, f]) => [s, bodyValueOf(f, values[s])]));
}
