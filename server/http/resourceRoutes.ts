import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AnyObjectSchema } from 'yup';
import { API_BASES } from '../../src/config/apiBases';
import { bodyJsonSchemaOf, bulkDeleteOf, listQueryJsonSchemaOf, recordJsonSchemaOf, storedFieldNames, yupSchemaOf, type Resource } from '../../src/domain/resource';
import type { Db } from '../db/client';
import { principalOf } from '../plugins/auth';
import { docs, errorEnvelope, obj, ok } from './docs';
import { notFound, validationFailed } from './errors';
import { idxParams, pagingDocs, parseIdx, type PageRule } from './params';
import { plainHandlers } from './plainResource';
import { sentFields } from './routeInput';
import { validateWith } from './validate';
import { idxJson } from '../../src/domain/integers';

export type Row = Record<string, unknown>;

/**
 * What a resource does beyond plain columns (products: joins, computed fields, checks that need the
 * database), behind the same routes, access rules and input checks. The routes check the input
 * first (http/routeInput.ts), so each handler receives checked values; each answers null for a
 * record that is not the tenant's (404).
 */
export interface ResourceHandlers<Q> {
  /** The list query's check (the spec's paging, search, filter and sort names): 400 naming the parameter. */
  listQuery: (raw: unknown) => Q;
  /** The page sizes listQuery accepts, so the document names them (the shared ones without it). */
  pageRule?: PageRule;
  /** The `$` context of the definition's yup schema (products: whether the account must name a brand). */
  bodyContext?: (request: FastifyRequest) => Record<string, unknown>;
  /** The paged list `{ list, total, ... }` of the checked query. */
  list: (request: FastifyRequest, query: Q) => Promise<Row>;
  get: (request: FastifyRequest, idx: number) => Promise<Row | null>;
  /** Creates the record from the body the definition's schema checked (plus its own checks against the database). */
  create: (request: FastifyRequest, body: Row) => Promise<Row>;
  /** Updates it from the checked body: every input field, or the fields sent where `api.partialUpdate`. */
  update: (request: FastifyRequest, idx: number, body: Row) => Promise<Row | null>;
}

/** The checked body of the spec's PATCH with the key in the body. */
interface KeyedBody { idx: number; fields: Row }

/**
 * Tenant-scoped CRUD of a resource under its spec path, every route with its access rule, its input
 * checks (`config.input`: body, query, params) and its OpenAPI document from the definition: GET (paged list: the spec's paging,
 * search, filter and sort names), GET /list (unpaged, for pickers, unless `api.picker` is false),
 * GET /{id}, POST, PATCH /{id} (and PATCH on the path with the key in the body where the spec says
 * so), DELETE /{id} and DELETE /bulk (`{ <bulk key>: [...] }`, all or nothing). A plain resource's
 * table serves them all; a resource with handlers reads and writes its own way, and the routes
 * delete by key. Every query is scoped by tenant_idx, so another tenant's record is not found.
 */
export function registerResourceRoutes<Q>(app: FastifyInstance, def: Resource, table: PgTable, handlers: ResourceHandlers<Q>): void {
  // A plain resource's table was derived from its definition (server/db/resourceTable.ts): walked by field name.
  const t = table as unknown as Record<string, AnyPgColumn>;
  const path = def.apiPath;
  const tags = [def.name];
  const key = t[def.idField];
  const missing = def.api?.notFound;
  const found = <R>(row: R | null): R => {
    if (!row) throw notFound(missing);
    return row;
  };
  const tenantOf = (request: FastifyRequest) => eq(t.tenantIdx, principalOf(request).tenantIdx);
  const db = (): Db => app.db;
  const record = recordJsonSchemaOf(def);
  const idParams = obj('경로', { [def.idField]: { type: 'integer', description: 'idx' } });
  const notFoundDoc = errorEnvelope(`NOT_FOUND: ${missing ?? '없는 레코드 또는 다른 테넌트의 레코드'}`);

  // The input checks, from the definition: the key (404 when it cannot name a record), the list
  // query, and bodies by the form's own yup schema (a PATCH of `api.partialUpdate` by the fields sent).
  const params = idxParams(missing, def.idField);
  const keyOf = (request: FastifyRequest) => (request.params as Record<string, number>)[def.idField];
  const schema = yupSchemaOf(def);
  const validate = (request: FastifyRequest) => (s: AnyObjectSchema, raw: unknown) => validateWith(s, raw, handlers.bodyContext?.(request));
  const createBody = (raw: unknown, request: FastifyRequest) => validate(request)(schema, raw);
  const partial = Boolean(def.api?.partialUpdate);
  const updateBody = partial ? (raw: unknown, request: FastifyRequest) => sentFields(schema, validate(request))(raw) : createBody;
  const read = { access: def.access.read };
  const write = { access: def.access.write };

  if (def.api?.picker !== false) {
    const pickerColumns = Object.fromEntries(storedFieldNames(def).filter((s) => !def.api?.pickerOmits?.includes(s as never)).map((s) => [s, t[s]]));
    const order = def.list.order.map((o) => (o.dir === 'desc' ? desc(t[o.field]) : asc(t[o.field])));
    app.get(`${path}/list`, {
      config: read,
      schema: docs({ tags, summary: `${def.name} 전체 목록 (선택 상자용)`, response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: recordJsonSchemaOf(def, def.api?.pickerOmits ?? []) } })) } }),
    }, async (request) => ({ data: { list: await db().select(pickerColumns).from(table).where(tenantOf(request)).orderBy(...order) } }));
  }

  const listQuery = listQueryJsonSchemaOf(def) as { properties: Row };
  app.get(path, {
    config: { ...read, input: { query: handlers.listQuery } },
    schema: docs({
      tags, summary: `${def.name} 목록 (페이지)`, querystring: { ...listQuery, properties: { ...listQuery.properties, ...pagingDocs(handlers.pageRule) } },
      response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: record }, total: { type: 'integer' } })), 400: errorEnvelope('VALIDATION_FAILED: errors가 쿼리 이름을 가리킴') },
    }),
  }, async (request) => ({ data: await handlers.list(request, request.query as Q) }));

  app.get(`${path}/:${def.idField}`, {
    config: { ...read, input: { params } },
    schema: docs({ tags, summary: `${def.name} 조회`, params: idParams, response: { 200: ok(def.name, record), 404: notFoundDoc } }),
  }, async (request) => ({ data: found(await handlers.get(request, keyOf(request))) }));

  app.post(path, {
    config: { ...write, input: { body: createBody } },
    schema: docs({ tags, summary: `${def.name} 추가`, body: bodyJsonSchemaOf(def), response: { 201: ok('추가됨', record), 400: errorEnvelope('VALIDATION_FAILED') } }),
  }, async (request, reply) => reply.status(201).send({ data: await handlers.create(request, request.body as Row) }));

  const updateDocs = {
    description: partial ? '보낸 필드만 바뀌고, 합친 결과를 등록과 같은 규칙으로 검사합니다.' : undefined,
    response: { 200: ok(def.name, record), 400: errorEnvelope('VALIDATION_FAILED'), 404: notFoundDoc },
  };
  app.patch(`${path}/:${def.idField}`, {
    config: { ...write, input: { params, body: updateBody } },
    schema: docs({ tags, summary: `${def.name} 수정`, params: idParams, body: bodyJsonSchemaOf(def, partial), ...updateDocs }),
  }, async (request) => ({ data: found(await handlers.update(request, keyOf(request), request.body as Row)) }));
  if (def.api?.updateIdInBody) {
    const body = bodyJsonSchemaOf(def, partial) as { properties: Row };
    // The key first: a body that names no record is 404 whatever its fields.
    const keyedBody = async (raw: unknown, request: FastifyRequest): Promise<KeyedBody> => {
      const idx = parseIdx((raw as Row | null)?.[def.idField], missing);
      return { idx, fields: await updateBody(raw, request) };
    };
    app.patch(path, {
      config: { ...write, input: { body: keyedBody } },
      schema: docs({
        tags, summary: `${def.name} 수정 (spec 경로)`, ...updateDocs, description: `수정할 레코드의 ${def.idField}는 본문에.`,
        body: { ...body, properties: { [def.idField]: idxJson('idx'), ...body.properties } },
      }),
    }, async (request) => {
      const { idx, fields } = request.body as KeyedBody;
      return { data: found(await handlers.update(request, idx, fields)) };
    });
  }

  const bulk = bulkDeleteOf(def);
  // The keys to delete, at most bulk.max, each a positive integer (400 otherwise); a key no record can have is 404 (all or nothing).
  const bulkBody = (raw: unknown): number[] => {
    const list = (raw as Row | null)?.[bulk.key];
    const valid = Array.isArray(list) && list.length > 0 && list.length <= bulk.max && list.every((i) => Number.isSafeInteger(i) && (i as number) > 0);
    if (!valid) throw validationFailed({ [bulk.key]: bulk.required });
    return [...new Set((list as number[]).map((i) => parseIdx(i, missing)))];
  };
  app.delete(`${path}/bulk`, {
    config: { ...write, input: { body: bulkBody } },
    schema: docs({
      tags, summary: `${def.name} 일괄 삭제`, description: '모두 이 계정의 것일 때만 한꺼번에 지워요.',
      body: obj('삭제 대상', { [bulk.key]: { type: 'array', items: idxJson(), description: `${bulk.max}개까지` } }),
      response: { 200: ok('삭제됨', obj('삭제', { [bulk.key]: { type: 'array', items: { type: 'integer' } } })), 400: errorEnvelope('VALIDATION_FAILED'), 404: notFoundDoc },
    }),
  }, async (request) => {
    const idxList = request.body as number[];
    await db().transaction(async (tx) => {
      const deleted = await tx.delete(table).where(and(tenantOf(request), inArray(key, idxList))).returning({ idx: key });
      if (deleted.length !== idxList.length) throw notFound(missing);
    });
    return { data: { [bulk.key]: idxList } };
  });

  app.delete(`${path}/:${def.idField}`, {
    config: { ...write, input: { params } },
    schema: docs({ tags, summary: `${def.name} 삭제`, params: idParams, response: { 200: ok('삭제됨', obj('삭제', { [def.idField]: { type: 'integer' } })), 404: notFoundDoc } }),
  }, async (request) => {
    const idx = keyOf(request);
    const deleted = await db().delete(table).where(and(tenantOf(request), eq(key, idx))).returning({ idx: key });
    if (deleted.length === 0) throw notFound(missing);
    return { data: { [def.idField]: idx } };
  });
}

/**
 * The routes of a declared resource as a plugin, mounted under the resource's API base
 * (server/modules/resources.ts): a plain resource's table serves them, or the resource's own handlers.
 */
export function resourceRoutes<Q>(def: Resource, table: PgTable, handlers?: (app: FastifyInstance) => ResourceHandlers<Q>): { plugin: FastifyPluginAsync; prefix: string } {
  const plugin: FastifyPluginAsync = async (app) => {
    if (handlers) registerResourceRoutes(app, def, table, handlers(app));
    else registerResourceRoutes(app, def, table, plainHandlers(app, def, table));
  };
  return { plugin, prefix: API_BASES[def.base] };
}
