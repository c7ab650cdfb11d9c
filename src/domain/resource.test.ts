import { ValidationError } from 'yup';
import { FIELD_MSG } from './messages';
import { type RecordOf, bodyJsonSchemaOf, columnsOf, fieldLabel, listQueryJsonSchemaOf, menuItemOf, recordJsonSchemaOf, searchFieldsOf, yupSchemaOf } from './resource';
import { storeResource } from './resources/store';
import { RESOURCE_DEFINITIONS } from './resources';
import { MENU_SECTIONS, highlightMenuKey } from './menu';

const errorsOf = async (body: unknown) => {
  try {
    await yupSchemaOf(storeResource).validate(body, { abortEarly: false });
    return {};
  } catch (err) {
    return Object.fromEntries((err as ValidationError).inner.map((e) => [e.path, e.message]));
  }
};

describe('a resource definition (stores)', () => {
  it('derives the yup schema of the form and the server, with the spec messages', async () => {
    expect(await errorsOf({ name: ' ', tag: 'x'.repeat(101), pinned: 'yes' })).toEqual({
      name: FIELD_MSG.storeNameRequired, tag: FIELD_MSG.storeTextTooLong, pinned: FIELD_MSG.pinnedInvalid,
    });
    expect(await yupSchemaOf(storeResource).validate({ name: ' 판교점 ' }, { stripUnknown: true })).toEqual({ name: '판교점', pinned: 'N' });
    // read-only fields (the key, the creation time) are not inputs
    expect(Object.keys(yupSchemaOf(storeResource).fields)).toEqual(['name', 'tag', 'pinned']);
  });

  it('derives the JSON Schemas of the body, the record and the list query', () => {
    expect(bodyJsonSchemaOf(storeResource)).toMatchObject({
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', maxLength: 100 },
        tag: { type: ['string', 'null'], maxLength: 100 },
        pinned: { type: 'string', enum: ['Y', 'N'], default: 'N' },
      },
    });
    expect(bodyJsonSchemaOf(storeResource, true)).not.toHaveProperty('required');
    expect(Object.keys((recordJsonSchemaOf(storeResource) as { properties: object }).properties)).toEqual(['idx', 'name', 'tag', 'pinned', 'createdAt']);
    expect(listQueryJsonSchemaOf(storeResource)).toMatchObject({ properties: { page: { type: 'integer' }, searchType: { enum: ['name'] }, searchText: { type: 'string' } } });
  });

  it('types a record from its fields: a required text is never null, an optional one may be', () => {
    type Store = RecordOf<typeof storeResource>;
    const store: Store = { idx: 1, name: '판교점', tag: null, pinned: 'Y', createdAt: '2026-11-01T03:00:00.000Z' };
    // @ts-expect-error the name is required, so never null (checked by npm run typecheck)
    const noName: Store['name'] = null;
    expect([store.tag, noName]).toEqual([null, null]);
  });

  it('derives the list columns, the search fields, the label keys and the menu item guarded by the read rule', () => {
    expect(columnsOf(storeResource)).toEqual(['idx', 'name', 'tag', 'pinned', 'createdAt']);
    expect(searchFieldsOf(storeResource)).toEqual(['name']);
    expect(fieldLabel(storeResource, 'tag')).toBe('store.fields.tag');
    expect(menuItemOf(storeResource)).toEqual({ key: 'storeList', path: '/b2b/store', labelKey: 'shell.menu.storeList', rule: storeResource.access.read });
  });
});

describe.each(RESOURCE_DEFINITIONS.map((def) => [def.name, def] as const))('the declared resource %s', (_, def) => {
  it('has its menu item at its route, guarded by its read rule, highlighted on register and edit/{id}', () => {
    const item = MENU_SECTIONS.flatMap((s) => s.items.flatMap((i) => [i, ...(i.children ?? [])])).find((i) => i.key === def.menu.key);
    expect(item).toEqual(menuItemOf(def));
    for (const path of [def.route, `${def.route}/register`, `${def.route}/edit/7`]) expect(highlightMenuKey(path), path).toBe(def.menu.key);
  });

  it('declares its key, order and link among its fields, and a write rule at least as strict as its read rule', () => {
    expect(def.fields[def.idField]).toMatchObject({ readOnly: true });
    for (const { field } of def.list.order) expect(def.fields).toHaveProperty(field);
    if (def.list.linkColumn) expect(def.fields).toHaveProperty(def.list.linkColumn);
    expect(def.access.write).toMatchObject({ ...def.access.read, write: true });
  });
});
