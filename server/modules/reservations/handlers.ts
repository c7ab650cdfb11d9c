import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reservationResource } from '../../../src/domain/resources/reservation';
import { reservationStatusOn } from '../../../src/domain/reservation';
import { seoulToday } from '../../../src/domain/seoulDay';
import { reservations } from '../../db/schema';
import { plainHandlers } from '../../http/plainResource';
import type { ResourceHandlers, Row } from '../../http/resourceRoutes';
import { principalOf } from '../../plugins/auth';
import { WAITING_PAGES, waitingListQuery, type WaitingListQuery } from '../waiting/handlers';

const COLUMNS = {
  idx: reservations.idx, name: reservations.name, startAt: reservations.startAt, endAt: reservations.endAt, address: reservations.address,
  mon: reservations.mon, tue: reservations.tue, wed: reservations.wed, thu: reservations.thu, fri: reservations.fri, sat: reservations.sat, sun: reservations.sun,
  openTime: reservations.openTime, closeTime: reservations.closeTime, slotMinutes: reservations.slotMinutes, slotCapacity: reservations.slotCapacity,
  partyMin: reservations.partyMin, partyMax: reservations.partyMax, opensDaysAhead: reservations.opensDaysAhead, closesHoursBefore: reservations.closesHoursBefore,
  freeCancelHours: reservations.freeCancelHours, autoConfirm: reservations.autoConfirm, deposit: reservations.deposit, reminder: reservations.reminder,
  createdAt: reservations.createdAt,
};

/**
 * Reservations behind the generic resource routes: the plain table's writes, the status (ready,
 * progress, end) from the server's Seoul day, and the waiting events' list query (page size up to
 * 1000, searchText on the name, startDate/endDate bounding the start day).
 */
export function reservationHandlers(app: FastifyInstance): ResourceHandlers<WaitingListQuery> {
  const plain = plainHandlers(app, reservationResource, reservations);
  const withStatus = (row: Row): Row => ({ ...row, status: reservationStatusOn(row as { startAt: string; endAt: string }, seoulToday(app.clock.now())) });
  const one = (row: Row | null) => (row ? withStatus(row) : null);
  const tenantOf = (request: FastifyRequest) => eq(reservations.tenantIdx, principalOf(request).tenantIdx);
  return {
    ...plain,
    listQuery: waitingListQuery,
    pageRule: WAITING_PAGES,
    list: async (request, { page, pageSize, searchText, startDate, endDate }) => {
      const conditions: (SQL | undefined)[] = [
        tenantOf(request),
        searchText ? sql`${reservations.name} ILIKE ${`%${searchText.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
        startDate ? gte(reservations.startAt, startDate) : undefined,
        endDate ? lte(reservations.startAt, endDate) : undefined,
      ];
      const where = and(...conditions);
      const [rows, [{ total }]] = await Promise.all([
        app.db.select(COLUMNS).from(reservations).where(where).orderBy(desc(reservations.startAt), desc(reservations.idx)).limit(pageSize).offset((page - 1) * pageSize),
        app.db.select({ total: count() }).from(reservations).where(where),
      ]);
      return { list: (rows as Row[]).map((r) => withStatus({ ...r, createdAt: (r.createdAt as Date).toISOString() })), total };
    },
    get: async (request, idx) => one(await plain.get(request, idx)),
    create: async (request, body) => withStatus(await plain.create(request, body)),
    update: async (request, idx, body) => one(await plain.update(request, idx, body)),
  };
}
