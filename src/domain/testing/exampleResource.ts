import { defineResource, field } from '../resource';
import { FIELD_MSG } from '../messages';

/**
 * A plain resource for the tests of the resource framework: shaped like the stores were when the
 * framework was written (a required searchable name, an optional tag, a pinned flag), but its own,
 * so adding a field to the live stores touches no framework test.
 */
export const exampleResource = defineResource({
  name: 'example',
  base: 'main',
  apiPath: '/v1/admin/example',
  idField: 'idx',
  route: '/b2b/example',
  menu: { key: 'exampleList', section: 'product' },
  access: { read: {}, write: { write: true } },
  fields: {
    idx: field.key(),
    name: field.text({ required: true, max: 100, searchable: true, column: true }),
    tag: field.text({ max: 100, column: true, help: true }),
    pinned: field.flag({ invalid: FIELD_MSG.pinnedInvalid, default: 'N', column: true, help: true }),
    createdAt: field.createdAt(),
  },
  list: { order: [{ field: 'pinned', dir: 'desc' }, { field: 'name', dir: 'asc' }, { field: 'idx', dir: 'asc' }], linkColumn: 'name' },
  api: { updateIdInBody: true, pickerOmits: ['createdAt'], oneFromList: true },
  labels: { name: '매장명', tag: '태그', pinned: '상단 고정' },
});
