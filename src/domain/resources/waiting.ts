import { defineResource, field, type InputOf } from '../resource';
import { MAX_GUESTS_LIMIT, TIME_OPTIONS, WAITING_MSG, WAITING_RULE, waitingEventErrors } from '../waiting';
import ko from '../../i18n/resources/waiting.ko';

const weekday = () => ({ ...field.flag({ invalid: WAITING_MSG.flagInvalid, default: 'Y' }), span: 4 as const });

/**
 * Waiting events (spec 3 §2 Stores, §3 Waiting event, §5; docs/api/waiting.md): the list at
 * /b2b/store/waiting (status and its button), register, edit, and the staff's queue screen at
 * /b2b/store/waiting/{idx} (`?status=entered` lists the seated visitors). The status (ready,
 * progress, end) follows the Seoul day; the server answers it (server/modules/waiting).
 * Sub-accounts (store staff) read and write too; the WAITING feature gates it.
 */
export const waitingResource = defineResource({
  name: 'waiting',
  base: 'waiting',
  apiPath: '/v1/waiting',
  idField: 'idx',
  route: '/b2b/store/waiting',
  menu: { key: 'storeWaiting', section: 'channel' },
  views: [{ path: ':id', view: 'show' }],
  access: { read: WAITING_RULE, write: { ...WAITING_RULE, write: true } },
  fields: {
    idx: field.key(),
    name: field.text({ required: WAITING_MSG.nameRequired, max: 50, searchable: true, column: true }),
    status: field.text({ readOnly: true, computed: true, column: true }),
    startAt: { ...field.date({ required: true, column: true }), span: 6 },
    endAt: { ...field.date({ required: true, column: true }), span: 6 },
    address: field.text({ required: WAITING_MSG.addressRequired, max: 200 }),
    mon: weekday(), tue: weekday(), wed: weekday(), thu: weekday(), fri: weekday(), sat: weekday(), sun: weekday(),
    startTime: field.select({ options: TIME_OPTIONS, invalid: WAITING_MSG.timeInvalid, required: WAITING_MSG.timeInvalid, span: 6 }),
    endTime: field.select({ options: TIME_OPTIONS, invalid: WAITING_MSG.timeInvalid, required: WAITING_MSG.timeInvalid, span: 6 }),
    maxGuests: field.number({ invalid: WAITING_MSG.maxGuestsInvalid, min: 1, max: { value: MAX_GUESTS_LIMIT, message: WAITING_MSG.maxGuestsInvalid } }),
    createdAt: field.createdAt(),
  },
  list: {
    order: [{ field: 'startAt', dir: 'desc' }, { field: 'idx', dir: 'desc' }],
    linkColumn: 'name',
    columns: ['idx', 'name', 'status', 'startAt', 'endAt', 'createdAt'],
    dateRange: 'startAt',
  },
  rules: (values) => waitingEventErrors(values),
  api: { notFound: WAITING_MSG.notFound },
  labels: ko.waiting.fields,
});

export type WaitingInput = InputOf<typeof waitingResource>;
