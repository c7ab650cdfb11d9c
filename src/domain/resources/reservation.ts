import { defineResource, field, type InputOf } from '../resource';
import { LIMITS, RESERVATION_MSG, RESERVATION_RULE, SLOT_MINUTE_OPTIONS, TIME_OPTIONS, reservationErrors } from '../reservation';
import ko from '../../i18n/resources/reservation.ko';

const weekday = () => ({ ...field.flag({ invalid: RESERVATION_MSG.flagInvalid, default: 'Y' }), span: 4 as const });
const count = (limit: { min: number; max: number }, message: string, extra: { help?: boolean; span?: 4 | 6 | 12 } = {}) =>
  field.number({ invalid: message, min: limit.min, max: { value: limit.max, message }, span: 6, ...extra });

/**
 * Reservations (spec 3 §2 Stores: /b2b/store/reservation, register, edit/{idx}, and {idx}, the detail
 * with the day's bookings; issue 26 item 5, docs/api/reservations.md). One declaration gives the
 * list, the register and edit forms, their validation on both sides, the API's CRUD under the
 * waiting base (/v1/reservation) and the table. The policy fields follow how CatchTable runs
 * bookings; the rules they feed are in src/domain/reservation.ts. Sub-accounts (store staff) read
 * and write too; the BOOKING feature gates it.
 */
export const reservationResource = defineResource({
  name: 'reservation',
  base: 'waiting',
  apiPath: '/v1/reservation',
  idField: 'idx',
  route: '/b2b/store/reservation',
  menu: { key: 'storeReservation', section: 'channel', after: 'storeWaiting', isNew: true },
  views: [{ path: ':id', view: 'show' }],
  access: { read: RESERVATION_RULE, write: { ...RESERVATION_RULE, write: true } },
  fields: {
    idx: field.key(),
    name: field.text({ required: RESERVATION_MSG.nameRequired, max: 50, searchable: true, column: true }),
    status: field.text({ readOnly: true, computed: true, column: true }),
    startAt: { ...field.date({ required: true, column: true }), span: 6 },
    endAt: { ...field.date({ required: true, column: true }), span: 6 },
    address: field.text({ required: RESERVATION_MSG.addressRequired, max: 200 }),
    mon: weekday(), tue: weekday(), wed: weekday(), thu: weekday(), fri: weekday(), sat: weekday(), sun: weekday(),
    openTime: field.select({ options: TIME_OPTIONS, invalid: RESERVATION_MSG.timeInvalid, required: RESERVATION_MSG.timeInvalid, span: 6 }),
    closeTime: field.select({ options: TIME_OPTIONS, invalid: RESERVATION_MSG.timeInvalid, required: RESERVATION_MSG.timeInvalid, span: 6 }),
    slotMinutes: field.select({ options: SLOT_MINUTE_OPTIONS, invalid: RESERVATION_MSG.slotMinutesInvalid, required: RESERVATION_MSG.slotMinutesInvalid, span: 6, help: true }),
    slotCapacity: count(LIMITS.slotCapacity, RESERVATION_MSG.slotCapacityInvalid, { help: true }),
    partyMin: count(LIMITS.party, RESERVATION_MSG.partyMinInvalid),
    partyMax: count(LIMITS.party, RESERVATION_MSG.partyMaxInvalid),
    opensDaysAhead: count(LIMITS.opensDaysAhead, RESERVATION_MSG.opensDaysAheadInvalid, { help: true }),
    closesHoursBefore: count(LIMITS.closesHoursBefore, RESERVATION_MSG.closesHoursBeforeInvalid, { help: true }),
    freeCancelHours: count(LIMITS.freeCancelHours, RESERVATION_MSG.freeCancelHoursInvalid, { help: true }),
    autoConfirm: { ...field.flag({ invalid: RESERVATION_MSG.flagInvalid, default: 'Y', help: true }), span: 6 },
    deposit: { ...field.number({ invalid: RESERVATION_MSG.depositInvalid, min: LIMITS.deposit.min, max: { value: LIMITS.deposit.max, message: RESERVATION_MSG.depositInvalid }, won: true, help: true }), span: 6 },
    reminder: { ...field.flag({ invalid: RESERVATION_MSG.flagInvalid, default: 'Y', help: true }), span: 6 },
    createdAt: field.createdAt(),
  },
  list: {
    order: [{ field: 'startAt', dir: 'desc' }, { field: 'idx', dir: 'desc' }],
    linkColumn: 'name',
    columns: ['idx', 'name', 'status', 'startAt', 'endAt', 'createdAt'],
    dateRange: 'startAt',
  },
  rules: (values) => reservationErrors(values),
  api: { notFound: RESERVATION_MSG.notFound },
  labels: ko.reservation.fields,
});

export type ReservationInput = InputOf<typeof reservationResource>;
