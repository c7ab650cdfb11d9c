import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emptyValueOf, inputFields, searchFieldsOf, storedFieldNames, yupSchemaOf, type Resource } from '../../src/domain/resource';
import type { FieldErrors } from '../../src/domain/errors';
import { FIELD_MSG } from '../../src/domain/messages';
import { isIdx } from '../../src/domain/integers';
import type { Db } from '../db/client';
import { principalOf } from '../plugins/auth';
import { validationFailed } from './errors';
import { readPaging, type Paging } from './params';
import type { ResourceHandlers, Row } from './resourceRoutes';
import { validateWith } from './validate';

/** A record as the API answers it: dates as ISO text. */
const toRecord = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));

/** An input value as the column stores it: an optional text or day left empty is null. */
function columnValues(def: Resource, form: Row): Row {
  const emptyIsNull = (f: Resource['fields'][string]) => (f.type === 'text' || f.type === 'date') && !f.required;
  // An input left empty (a cleared number, a hidden input) is saved as empty, not skipped: an edit must not keep the old value.
  const valueOf = (s: string, f: Resource['fields'][string]) => (emptyIsNull(f) ? (form[s] as string | null | undefined) || null : form[s] ?? emptyValueOf(f));
  return Object.fromEntries(inputFields(def).map(([s, f]) => [s, valueOf(s, f)]));
}

export interface PlainListQuery extends Paging {
  /** The searched field (without a searchType, the first searchable field). */
  searchField?: string;
  searchText?: string;
  /** The declared filters asked for: a select's codes, a flag's Y or N, a reference's key. */
  filters: Record<string, number[] | string | number>;
}

/**
 * The declared filters of a list query (`list.filters`): a select as a comma list of its codes, a
 * flag as Y or N, a reference as a key; an empty value is no filter, a bad one a field error.
 */
function readFilters(def: Resource, query: Record<string, unknown>, errors: FieldErrors): PlainListQuery['filters'] {
  const filters: PlainListQuery['filters'] = {};
  for (const source of def.list.filters ?? []) {
    const raw = query[source];
    if (raw === undefined || raw === '') continue;
    const f = def.fields[source];
    const text = String(raw);
    if (f.type === 'select') {
      const codes = text.split(',').map(Number);
      if (codes.every((c) => String(c) in f.options)) filters[source] = codes;
      else errors[source] = FIELD_MSG.valueInvalid;
    } else if (f.type === 'flag') {
      if (text === 'Y' || text === 'N') filters[source] = text;
      else errors[source] = FIELD_MSG.valueInvalid;
    } else if (isIdx(Number(text)) && /^\d+$/.test(text)) filters[source] = Number(text);
    else errors[source] = FIELD_MSG.valueInvalid;
  }
  return filters;
}

/** The list query of a plain resource: the shared paging (400 naming the parameter), its search and its filters. */
export const plainListQuery = (def: Resource) => (raw: unknown): PlainListQuery => {
  const query = (raw ?? {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const paging = readPaging(query, errors);
  const filters = readFilters(def, query, errors);
  const searchable = searchFieldsOf(def);
  const asked = query.searchType ?? searchable[0];
  if (asked !== undefined && !searchable.includes(asked as string)) errors.searchType = FIELD_MSG.valueInvalid;
  if (Object.keys(errors).length) throw validationFailed(errors);
  const text = typeof query.searchText === 'string' ? query.searchText.trim() : '';
  return { ...paging, filters, ...(text && asked ? { searchField: asked as string, searchText: text } : {}) };
};

/** `ILIKE` pattern of a contains search: the user's wildcards match only themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The handlers of a plain resource: its columns, tenant-scoped, listed in its order and searched on its searchable fields. */
export function plainHandlers(app: FastifyInstance, def: Resource, table: PgTable): ResourceHandlers<PlainListQuery> {
  // A plain resource's table was derived from its definition (server/db/resourceTable.ts): walked by field name.
  const t = table as unknown as Record<string, AnyPgColumn>;
  const schema = yupSchemaOf(def);
  const key = t[def.idField];
  const columns = Object.fromEntries(storedFieldNames(def).map((s) => [s, t[s]]));
  const order = def.list.order.map((o) => (o.dir === 'desc' ? desc(t[o.field]) : asc(t[o.field])));
  const tenantOf = (request: FastifyRequest) => eq(t.tenantIdx, principalOf(request).tenantIdx);
  const db = (): Db => app.db;
  const one = async (request: FastifyRequest, idx: number) => {
    const [row] = await db().select(columns).from(table).where(and(tenantOf(request), eq(key, idx)));
    return row ? toRecord(row) : null;
  };
  return {
    listQuery: plainListQuery(def),
    list: async (request, { page, pageSize, searchField, searchText, filters }) => {
      const search: SQL | undefined = searchField && searchText ? sql`${t[searchField]} ILIKE ${containing(searchText)}` : undefined;
      const filtered = Object.entries(filters).map(([s, v]) => (Array.isArray(v) ? inArray(t[s], v) : eq(t[s], v)));
      const where = and(tenantOf(request), search, ...filtered);
      const [rows, [{ total }]] = await Promise.all([
        db().select(columns).from(table).where(where).orderBy(...order).limit(pageSize).offset((page - 1) * pageSize),
        db().select({ total: count() }).from(table).where(where),
      ]);
      return { list: rows.map(toRecord), total };
    },
    get: one,
    create: async (request, body) => {
      const values = columnValues(def, body);
      const [row] = await db().insert(table).values({ ...values, tenantIdx: principalOf(request).tenantIdx, createdAt: app.clock.now() } as never).returning(columns);
      return toRecord(row as Row);
    },
    update: async (request, idx, sent) => {
      // A partial update checks the merged record, so a rule across fields sees the stored values too.
      const stored = def.api?.partialUpdate ? await one(request, idx) : {};
      if (!stored) return null;
      const values = columnValues(def, def.api?.partialUpdate ? await validateWith(schema, { ...stored, ...sent }) : sent);
      const [row] = await db().update(table).set(values as never).where(and(tenantOf(request), eq(key, idx))).returning(columns);
      return row ? toRecord(row as Row) : null;
    },
  };
}
