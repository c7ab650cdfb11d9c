import { defineResource, field } from '../resource';
import { FIELD_MSG } from '../messages';
import { PRODUCT_TEXT_MAX } from '../product';
import ko from '../../i18n/resources/store.ko';

/**
 * Stores (spec 2 section 3, spec 3 "Stores"): b2b reference data, so any subscribed b2b account,
 * sub-accounts included, reads and writes them. Listed pinned first, then by name; the spec's
 * update is PATCH on the collection with idx in the body; GET /list feeds the store pickers.
 */
export const storeResource = defineResource({
  name: 'store',
  base: 'main',
  apiPath: '/v1/admin/store',
  idField: 'idx',
  route: '/b2b/store',
  menu: { key: 'storeList', section: 'product', after: 'product' },
  access: { read: {}, write: { write: true } },
  fields: {
    idx: field.key(),
    name: field.text({ required: true, max: PRODUCT_TEXT_MAX, searchable: true, column: true }),
    tag: field.text({ max: PRODUCT_TEXT_MAX, column: true, help: true }),
    pinned: field.flag({ invalid: FIELD_MSG.pinnedInvalid, default: 'N', column: true, help: true }),
    createdAt: field.createdAt(),
  },
  list: { order: [{ field: 'pinned', dir: 'desc' }, { field: 'name', dir: 'asc' }, { field: 'idx', dir: 'asc' }], linkColumn: 'name' },
  api: { updateIdInBody: true, pickerOmits: ['createdAt'], oneFromList: true },
  labels: ko.store.fields,
});
