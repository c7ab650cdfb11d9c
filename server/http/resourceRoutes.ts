import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { API_BASES } from '../../src/config/apiBases';
import {
  bodyJsonSchemaOf, inputFields, listQueryJsonSchemaOf, recordJsonSchemaOf, searchFieldsOf, yupSchemaOf,
  type FieldDef, type Resource, type ResourceDefinition,
} from '../../src/domain/resource';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../src/domain/listQuery';
import { FIELD_MSG } from '../../src/domain/messages';
import type { Db } from '../db/client';
import { principalOf } from '../plugins/auth';
import { docs, errorEnvelope, obj, ok } from './docs';
import { notFound, validationFailed } from './errors';
import { validateWith } from './validate';

/** The TypeScript value of a field, as its column must hold it. */
type ValueOf<F extends FieldDef> = F extends { type: 'text' } ? string : F extends { type: 'flag' } ? 'Y' | 'N' : F extends { type: 'integer' } ? number : Date;

/**
 * The Drizzle table of a plain resource: a tenant_idx column plus one column per field, of the
 * field's type. A table that lacks a field, or types it differently, does not compile.
 */
export type ResourceTable<F extends Record<string, FieldDef>> = PgTable & { tenantIdx: AnyPgColumn } & {
  [K in keyof F]: AnyPgColumn<{ data: ValueOf<F[K]> }>;
};

type Row = Record<string, unknown>;
const MAX_BULK = 500;

/** A record as the API answers it: dates as ISO text. */
const toRecord = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));

/** A path or body key: a positive safe integer, anything else names no record (404). */
function keyOf(raw: unknown): number {
  const idx = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(idx) || idx <= 0) throw notFound();
  return idx;
}

/** An input value as the column stores it: an optional text left empty is null. */
function columnValues(def: Resource, form: Row): Row {
  return Object.fromEntries(inputFields(def).map(([s, f]) => [s, f.type === 'text' && !f.required ? (form[s] as string | null | undefined) || null : form[s]]));
}

/**
 * Tenant-scoped CRUD of a plain resource under its spec path, every route with its access rule
 * and its schemas from the definition: GET (paged list, searchType/searchText, page, pageSize),
 * GET /list (unpaged, for pickers), GET /{id}, POST, PATCH /{id} (and PATCH on the path with the
 * key in the body where the spec says so), DELETE /{id} and DELETE /bulk (`{ idxList }`, all or nothing).
 * Every query is scoped by tenant_idx, so another tenant's record is not found.
 */
export function registerResourceRoutes<F extends Record<string, FieldDef>>(app: FastifyInstance, definition: ResourceDefinition<F>, resourceTable: ResourceTable<F>): void {
  // The types were checked at the call; below, the definition and the table are walked by name.
  const def: Resource = definition;
  const table = resourceTable as PgTable;
  const t = resourceTable as unknown as Record<string, AnyPgColumn>;
  const path = def.apiPath;
  const tags = [def.name];
  const schema = yupSchemaOf(def);
  const key = t[def.idField];
  const columns = Object.fromEntries(Object.keys(def.fields).map((s) => [s, t[s]]));
  const pickerColumns = Object.fromEntries(Object.keys(def.fields).filter((s) => !def.api?.pickerOmits?.includes(s as never)).map((s) => [s, t[s]]));
  const order = def.list.order.map((o) => (o.dir === 'desc' ? desc(t[o.field]) : asc(t[o.field])));
  const tenantOf = (request: FastifyRequest) => eq(t.tenantIdx, principalOf(request).tenantIdx);
  const db = (): Db => app.db;
  const record = recordJsonSchemaOf(def);
  const idParams = obj('경로', { [def.idField]: { type: 'integer', description: 'idx' } });
  const read = { access: def.access.read };
  const write = { access: def.access.write };
  const searchable = searchFieldsOf(def);

  app.get(`${path}/list`, {
    config: read,
    schema: docs({ tags, summary: `${def.name} 전체 목록 (선택 상자용)`, response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: recordJsonSchemaOf(def, def.api?.pickerOmits ?? []) } })) } }),
  }, async (request) => ({ data: { list: await db().select(pickerColumns).from(table).where(tenantOf(request)).orderBy(...order) } }));

  app.get(path, {
    config: read,
    schema: docs({
      tags, summary: `${def.name} 목록 (페이지)`, querystring: listQueryJsonSchemaOf(def),
      response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: record }, total: { type: 'integer' } })), 400: errorEnvelope('VALIDATION_FAILED: errors.pageSize') },
    }),
  }, async (request) => {
    const q = request.query as Record<string, string | undefined>;
    const page = Math.max(1, Math.trunc(Number(q.page)) || 1);
    const pageSize = q.pageSize ? Number(q.pageSize) : DEFAULT_PAGE_SIZE;
    if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) throw validationFailed({ pageSize: FIELD_MSG.pageSizeInvalid });
    // A page beyond any safe offset (1e309 is Infinity) is a mistake, not a page to clamp.
    const offset = (page - 1) * pageSize;
    if (!Number.isSafeInteger(offset)) throw validationFailed({ page: FIELD_MSG.pageInvalid });
    const text = q.searchText?.trim();
    const searchField = q.searchType && searchable.includes(q.searchType) ? q.searchType : searchable[0];
    const search: SQL | undefined = text && searchField ? sql`${t[searchField]} ILIKE ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined;
    const where = and(tenantOf(request), search);
    const [rows, [{ total }]] = await Promise.all([
      db().select(columns).from(table).where(where).orderBy(...order).limit(pageSize).offset(offset),
      db().select({ total: count() }).from(table).where(where),
    ]);
    return { data: { list: rows.map(toRecord), total } };
  });

  app.get(`${path}/:${def.idField}`, {
    config: read,
    schema: docs({ tags, summary: `${def.name} 조회`, params: idParams, response: { 200: ok(def.name, record), 404: errorEnvelope('NOT_FOUND') } }),
  }, async (request) => {
    const idx = keyOf((request.params as Row)[def.idField]);
    const [row] = await db().select(columns).from(table).where(and(tenantOf(request), eq(key, idx)));
    if (!row) throw notFound();
    return { data: toRecord(row) };
  });

  app.post(path, {
    config: write,
    schema: docs({ tags, summary: `${def.name} 추가`, body: bodyJsonSchemaOf(def), response: { 201: ok('추가됨', record), 400: errorEnvelope('VALIDATION_FAILED') } }),
  }, async (request, reply) => {
    const values = columnValues(def, await validateWith(schema, request.body));
    const [row] = await db().insert(table).values({ ...values, tenantIdx: principalOf(request).tenantIdx, createdAt: app.clock.now() } as never).returning(columns);
    return reply.status(201).send({ data: toRecord(row as Row) });
  });

  const update = async (request: FastifyRequest, idx: number) => {
    const values = columnValues(def, await validateWith(schema, request.body));
    const [row] = await db().update(table).set(values as never).where(and(tenantOf(request), eq(key, idx))).returning(columns);
    if (!row) throw notFound();
    return { data: toRecord(row as Row) };
  };
  const updateResponse = { 200: ok(def.name, record), 400: errorEnvelope('VALIDATION_FAILED'), 404: errorEnvelope('NOT_FOUND') };
  app.patch(`${path}/:${def.idField}`, {
    config: write,
    schema: docs({ tags, summary: `${def.name} 수정`, params: idParams, body: bodyJsonSchemaOf(def), response: updateResponse }),
  }, async (request) => update(request, keyOf((request.params as Row)[def.idField])));
  if (def.api?.updateIdInBody) {
    const body = bodyJsonSchemaOf(def) as { properties: Row };
    app.patch(path, {
      config: write,
      schema: docs({
        tags, summary: `${def.name} 수정 (spec 경로)`, description: `수정할 레코드의 ${def.idField}는 본문에.`,
        body: { ...body, properties: { [def.idField]: { type: 'integer', description: 'idx' }, ...body.properties } }, response: updateResponse,
      }),
    }, async (request) => update(request, keyOf((request.body as Row | undefined)?.[def.idField])));
  }

  app.delete(`${path}/bulk`, {
    config: write,
    schema: docs({
      tags, summary: `${def.name} 일괄 삭제`, description: '모두 이 계정의 것일 때만 한꺼번에 지워요.',
      body: obj('삭제 대상', { idxList: { type: 'array', items: { type: 'integer' }, description: `${MAX_BULK}개까지` } }),
      response: { 200: ok('삭제됨', obj('삭제', { idxList: { type: 'array', items: { type: 'integer' } } })), 404: errorEnvelope('NOT_FOUND') },
    }),
  }, async (request) => {
    const raw = (request.body as { idxList?: unknown } | undefined)?.idxList;
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_BULK) throw validationFailed({ idxList: FIELD_MSG.idxListRequired });
    if (!raw.every((i) => Number.isSafeInteger(i) && (i as number) > 0)) throw validationFailed({ idxList: FIELD_MSG.idxListRequired });
    const idxList = [...new Set(raw as number[])];
    await db().transaction(async (tx) => {
      const deleted = await tx.delete(table).where(and(tenantOf(request), inArray(key, idxList))).returning({ idx: key });
      if (deleted.length !== idxList.length) throw notFound();
    });
    return { data: { idxList } };
  });

  app.delete(`${path}/:${def.idField}`, {
    config: write,
    schema: docs({ tags, summary: `${def.name} 삭제`, params: idParams, response: { 200: ok('삭제됨', obj('삭제', { [def.idField]: { type: 'integer' } })), 404: errorEnvelope('NOT_FOUND') } }),
  }, async (request) => {
    const idx = keyOf((request.params as Row)[def.idField]);
    const deleted = await db().delete(table).where(and(tenantOf(request), eq(key, idx))).returning({ idx: key });
    if (deleted.length === 0) throw notFound();
    return { data: { [def.idField]: idx } };
  });
}

/** The routes of a declared resource as a plugin, mounted under the resource's API base (server/modules/resources.ts). */
export function resourceRoutes<F extends Record<string, FieldDef>>(definition: ResourceDefinition<F>, table: ResourceTable<F>): { plugin: FastifyPluginAsync; prefix: string } {
  return { plugin: async (app) => registerResourceRoutes(app, definition, table), prefix: API_BASES[definition.base] };
}
