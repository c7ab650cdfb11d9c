import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Resource } from '../../../src/domain/resource';
import { waitingResource } from '../../../src/domain/resources/waiting';
import { eventStatusOn } from '../../../src/domain/waiting';
import type { FieldErrors } from '../../../src/domain/errors';
import { FIELD_MSG } from '../../../src/domain/messages';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../src/domain/listQuery';
import { isYmd, seoulToday } from '../../../src/domain/seoulDay';
import { waitings } from '../../db/schema';
import { validationFailed } from '../../http/errors';
import { readPaging, type PageRule, type Paging } from '../../http/params';
import { plainHandlers } from '../../http/plainResource';
import type { ResourceHandlers, Row } from '../../http/resourceRoutes';
import { principalOf } from '../../plugins/auth';

const COLUMNS = {
  idx: waitings.idx, name: waitings.name, startAt: waitings.startAt, endAt: waitings.endAt, address: waitings.address,
  mon: waitings.mon, tue: waitings.tue, wed: waitings.wed, thu: waitings.thu, fri: waitings.fri, sat: waitings.sat, sun: waitings.sun,
  startTime: waitings.startTime, endTime: waitings.endTime, maxGuests: waitings.maxGuests, createdAt: waitings.createdAt,
};

/** The spec fetches the event list with page size 1000 (spec 1 §7), besides the shared sizes. */
export const WAITING_PAGES: PageRule = { sizes: [...PAGE_SIZES, 1000], defaultSize: DEFAULT_PAGE_SIZE, sizeMessage: FIELD_MSG.pageSizeInvalid };

export interface WaitingListQuery extends Paging { searchText?: string; startDate?: string; endDate?: string }

/** page, pageSize (up to 1000), searchText (the name), startDate and endDate (events starting within, inclusive). */
export function waitingListQuery(raw: unknown): WaitingListQuery {
  const query = (raw ?? {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const paging = readPaging(query, errors, WAITING_PAGES);
  const day = (k: 'startDate' | 'endDate') => {
    const v = query[k];
    if (v === undefined || v === '') return undefined;
    if (typeof v !== 'string' || !isYmd(v)) errors[k] = FIELD_MSG.dateFormat;
    return v as string;
  };
  const startDate = day('startDate');
  const endDate = day('endDate');
  if (query.searchType !== undefined && query.searchType !== '' && query.searchType !== 'name') errors.searchType = FIELD_MSG.valueInvalid;
  if (Object.keys(errors).length) throw validationFailed(errors);
  const text = typeof query.searchText === 'string' ? query.searchText.trim() : '';
  return { ...paging, startDate, endDate, ...(text ? { searchText: text } : {}) };
}

/** The columns a store's dated resource (waiting events, reservations) is listed and ordered by. */
type DatedTable = PgTable & { tenantIdx: AnyPgColumn; idx: AnyPgColumn; name: AnyPgColumn; startAt: AnyPgColumn };

/**
 * A store's dated resource behind the generic resource routes (waiting events here, reservations in
 * ../reservations): the plain table's writes, with the status (ready, progress, end) answered from
 * the server's Seoul day, and the spec's list query (page size up to 1000, searchText on the name,
 * startDate/endDate bounding the start day).
 */
export function datedStoreHandlers(app: FastifyInstance, def: Resource, table: DatedTable, columns: Record<string, AnyPgColumn>): ResourceHandlers<WaitingListQuery> {
  const plain = plainHandlers(app, def, table);
  const withStatus = (row: Row): Row => ({ ...row, status: eventStatusOn(row as { startAt: string; endAt: string }, seoulToday(app.clock.now())) });
  const one = (row: Row | null) => (row ? withStatus(row) : null);
  const tenantOf = (request: FastifyRequest) => eq(table.tenantIdx, principalOf(request).tenantIdx);
  return {
    ...plain,
    listQuery: waitingListQuery,
    pageRule: WAITING_PAGES,
    list: async (request, { page, pageSize, searchText, startDate, endDate }) => {
      const conditions: (SQL | undefined)[] = [
        tenantOf(request),
        searchText ? sql`${table.name} ILIKE ${`%${searchText.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
        startDate ? gte(table.startAt, startDate) : undefined,
        endDate ? lte(table.startAt, endDate) : undefined,
      ];
      const where = and(...conditions);
      const [rows, [{ total }]] = await Promise.all([
        app.db.select(columns).from(table).where(where).orderBy(desc(table.startAt), desc(table.idx)).limit(pageSize).offset((page - 1) * pageSize),
        app.db.select({ total: count() }).from(table).where(where),
      ]);
      return { list: (rows as Row[]).map((r) => withStatus({ ...r, createdAt: (r.createdAt as Date).toISOString() })), total };
    },
    get: async (request, idx) => one(await plain.get(request, idx)),
    create: async (request, body) => withStatus(await plain.create(request, body)),
    update: async (request, idx, body) => one(await plain.update(request, idx, body)),
  };
}

/** Waiting events (spec 3 §5): the store's dated resource. */
export const waitingHandlers = (app: FastifyInstance) => datedStoreHandlers(app, waitingResource, waitings, COLUMNS);
