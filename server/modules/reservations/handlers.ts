import type { FastifyInstance } from 'fastify';
import { reservationResource } from '../../../src/domain/resources/reservation';
import { reservations } from '../../db/schema';
import { datedStoreHandlers } from '../waiting/handlers';

const COLUMNS = {
  idx: reservations.idx, name: reservations.name, startAt: reservations.startAt, endAt: reservations.endAt, address: reservations.address,
  mon: reservations.mon, tue: reservations.tue, wed: reservations.wed, thu: reservations.thu, fri: reservations.fri, sat: reservations.sat, sun: reservations.sun,
  openTime: reservations.openTime, closeTime: reservations.closeTime, slotMinutes: reservations.slotMinutes, slotCapacity: reservations.slotCapacity,
  partyMin: reservations.partyMin, partyMax: reservations.partyMax, opensDaysAhead: reservations.opensDaysAhead, closesHoursBefore: reservations.closesHoursBefore,
  freeCancelHours: reservations.freeCancelHours, autoConfirm: reservations.autoConfirm, deposit: reservations.deposit, reminder: reservations.reminder,
  createdAt: reservations.createdAt,
};

/** Reservations: the store's dated resource, as waiting events are (../waiting/handlers.ts). */
export const reservationHandlers = (app: FastifyInstance) => datedStoreHandlers(app, reservationResource, reservations, COLUMNS);
