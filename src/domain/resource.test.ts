import { ValidationError } from 'yup';
import { FIELD_MSG } from './messages';
import {
  type RecordOf, bodyJsonSchemaOf, bodyOf, bulkDeleteOf, columnsOf, defineResource, field, fieldLabel, formValueOf, listQueryJsonSchemaOf,
  recordJsonSchemaOf, searchFieldsOf, yupSchemaOf, type Resource,
} from './resource';
import { exampleResource } from './testing/exampleResource';
import { storeResource } from './resources/store';
import { productResource, type ProductInput } from './resources/product';
import { PRODUCT_MSG } from './product';
import { RESOURCE_DEFINITIONS } from './resources';
import { MENU_SECTIONS, highlightMenuKey } from './menu';
import { ROUTES } from './routes';
import { placeResources, resourceMenuEntry, type MenuSectionEntry } from './routing';

const errorsOf = async (body: unknown, def: Resource = exampleResource, context = {}) => {
  try {
    await yupSchemaOf(def).validate(body, { abortEarly: false, context });
    return {};
  } catch (err) {
    return Object.fromEntries((err as ValidationError).inner.map((e) => [e.path, e.message]));
  }
};

describe('a resource definition (shaped like the stores)', () => {
  it('derives the yup schema of the form and the server, with the spec messages', async () => {
    expect(await errorsOf({ name: ' ', tag: 'x'.repeat(101), pinned: 'yes' })).toEqual({
      name: '매장명을 입력해 주세요', tag: '태그는 100자까지 입력할 수 있어요', pinned: FIELD_MSG.pinnedInvalid,
    });
    expect(await yupSchemaOf(exampleResource).validate({ name: ' 판교점 ' }, { stripUnknown: true })).toEqual({ name: '판교점', pinned: 'N' });
    // read-only fields (the key, the creation time) are not inputs
    expect(Object.keys(yupSchemaOf(exampleResource).fields)).toEqual(['name', 'tag', 'pinned']);
  });

  it('derives the JSON Schemas of the body, the record and the list query', () => {
    expect(bodyJsonSchemaOf(exampleResource)).toMatchObject({
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', maxLength: 100 },
        tag: { type: ['string', 'null'], maxLength: 100 },
        pinned: { type: 'string', enum: ['Y', 'N'], default: 'N' },
      },
    });
    expect(bodyJsonSchemaOf(exampleResource, true)).not.toHaveProperty('required');
    expect(Object.keys((recordJsonSchemaOf(exampleResource) as { properties: object }).properties)).toEqual(['idx', 'name', 'tag', 'pinned', 'createdAt']);
    expect(listQueryJsonSchemaOf(exampleResource)).toMatchObject({ properties: { page: { type: 'integer' }, searchType: { enum: ['name'] }, searchText: { type: 'string' } } });
  });

  it('types a record from its fields: a required text is never null, an optional one may be', () => {
    type Store = RecordOf<typeof exampleResource>;
    const store: Store = { idx: 1, name: '판교점', tag: null, pinned: 'Y', createdAt: '2026-11-01T03:00:00.000Z' };
    // @ts-expect-error the name is required, so never null (checked by npm run typecheck)
    const noName: Store['name'] = null;
    expect([store.tag, noName]).toEqual([null, null]);
  });

  it('derives the list columns, the search fields, the label keys and the menu item guarded by the read rule', () => {
    expect(columnsOf(exampleResource)).toEqual(['idx', 'name', 'tag', 'pinned', 'createdAt']);
    expect(searchFieldsOf(exampleResource)).toEqual(['name']);
    expect(fieldLabel(exampleResource, 'tag')).toBe('example.fields.tag');
    expect(resourceMenuEntry(exampleResource)).toEqual({
      key: 'exampleList',
      labelKey: 'example.title',
      rule: exampleResource.access.read,
      routes: [
        { path: '/b2b/example', page: 'example.list', resource: 'example' },
        { path: '/b2b/example/register', page: 'example.register', resource: 'example', rule: exampleResource.access.write },
        { path: '/b2b/example/edit/:id', page: 'example.edit', resource: 'example', rule: exampleResource.access.write },
      ],
    });
  });

  it('places resource items where their menu says, one after another whatever the registry order, and refuses an unknown place', () => {
    const at = (key: string, after?: string) => ({ ...exampleResource, name: key, menu: { key, section: 'product' as const, after } });
    const hand: MenuSectionEntry[] = [{ key: 'product', items: [{ key: 'a' }, { key: 'b' }] }];
    const keysOf = (defs: Resource[]) => placeResources(hand, defs)[0].items.map((i) => i.key);
    expect(keysOf([at('y', 'x'), at('x', 'a'), at('first')])).toEqual(['first', 'a', 'x', 'y', 'b']);
    expect(hand[0].items.map((i) => i.key)).toEqual(['a', 'b']);
    expect(() => keysOf([at('z', 'nope')])).toThrow('resource z: no menu item nope in section product');
    expect(() => placeResources(hand, [{ ...at('z'), menu: { key: 'z', section: 'channel' } }])).toThrow('resource z: no menu section channel');
  });
});

describe('inputs shown only when another field holds a value (shownWhen)', () => {
  const offer = defineResource({
    name: 'offer', base: 'main', apiPath: '/v1/admin/offer', idField: 'idx', route: '/b2b/offer',
    menu: { key: 'offer', section: 'customer' }, access: { read: {}, write: { write: true } },
    fields: {
      idx: field.key(),
      title: field.text({ required: '제목', column: true }),
      useLimit: field.flag({ invalid: '값', default: 'N' }),
      limit: { ...field.number({ invalid: '숫자', min: 0, max: { value: 100, message: '숫자' } }), shownWhen: { field: 'useLimit', in: ['Y'] } },
      storeIdxList: { ...field.references({ picker: 'store', invalid: '매장', max: 10 }), shownWhen: { field: 'useLimit', in: ['Y'] } },
    },
    list: { order: [{ field: 'idx', dir: 'desc' }] },
  });
  it('saves what the form hides as nothing, on the client and the server alike', async () => {
    const hidden = await yupSchemaOf(offer).validate({ title: '쿠폰', useLimit: 'N', limit: 5, storeIdxList: [3] });
    expect(hidden).toMatchObject({ useLimit: 'N', storeIdxList: [] });
    expect(hidden.limit ?? null).toBeNull();
    const shown = await yupSchemaOf(offer).validate({ title: '쿠폰', useLimit: 'Y', limit: 5, storeIdxList: [3] });
    expect(shown).toMatchObject({ limit: 5, storeIdxList: [3] });
  });
  it('keeps a partial body that does not send the controlling field as it is', async () => {
    expect(await yupSchemaOf(offer).validate({ title: '쿠폰', limit: 7 })).toMatchObject({ limit: 7 });
  });
});

describe('a date field (a calendar day)', () => {
  const event = defineResource({
    ...exampleResource, name: 'event', idField: 'idx', list: { order: [{ field: 'idx', dir: 'desc' }] }, api: {},
    fields: { idx: field.key(), startsOn: field.date({ required: '시작일을 입력해 주세요' }), endsOn: field.date({ column: true }) },
  });
  const errors = (body: unknown) => errorsOf(body, event);

  it('accepts a real YYYY-MM-DD day, refuses another text with the Korean message, and requires it only when told', async () => {
    expect(await errors({ startsOn: '2026-02-28', endsOn: null })).toEqual({});
    expect(await errors({ startsOn: '2026-02-30', endsOn: '2026/03/01' })).toEqual({ startsOn: FIELD_MSG.dateFormat, endsOn: FIELD_MSG.dateFormat });
    expect(await errors({ startsOn: ' ' })).toEqual({ startsOn: '시작일을 입력해 주세요' });
  });

  it('is a date in JSON Schema (nullable when optional), a column when listed, and an empty day is sent as null', () => {
    expect(bodyJsonSchemaOf(event)).toMatchObject({
      required: ['startsOn'],
      properties: { startsOn: { type: 'string', format: 'date' }, endsOn: { type: ['string', 'null'], format: 'date' } },
    });
    expect(columnsOf(event)).toEqual(['idx', 'endsOn']);
    expect(bodyOf(event, { startsOn: '2026-11-02', endsOn: '' })).toEqual({ startsOn: '2026-11-02', endsOn: null });
    const record: RecordOf<typeof event> = { idx: 1, startsOn: '2026-11-02', endsOn: null };
    // @ts-expect-error a required day is never null (checked by npm run typecheck)
    const noStart: RecordOf<typeof event>['startsOn'] = null;
    expect([record.endsOn, noStart]).toEqual([null, null]);
  });
});

describe('the field kinds of products: number, select, reference, image, multiline text', () => {
  const product = yupSchemaOf(productResource);

  it('derives their rules with the spec messages; the brand is required only in the requireBrand context', async () => {
    expect(await errorsOf({ name: '가방', price: '1,2x', paymentAmount: -1, categoryCode: 9, warranty: 'x'.repeat(2001), productImage: 'p'.repeat(501) }, productResource)).toEqual({
      price: PRODUCT_MSG.priceFormat, paymentAmount: PRODUCT_MSG.priceFormat, categoryCode: PRODUCT_MSG.categoryInvalid,
      warranty: PRODUCT_MSG.warrantyMax, productImage: FIELD_MSG.productImageInvalid,
    });
    expect(await errorsOf({ name: '가방', price: 100_000_001 }, productResource)).toEqual({ price: PRODUCT_MSG.priceMax });
    expect(await errorsOf({ name: '가방' }, productResource, { requireBrand: true })).toEqual({ brandIdx: PRODUCT_MSG.brandRequired });
    expect(await errorsOf({ name: '가방', brandIdx: 0 }, productResource)).toEqual({ brandIdx: PRODUCT_MSG.brandRequired });
    const valid = await product.validate({ name: ' 가방 ', price: '1,234,000', categoryCode: '', warranty: ' 1년 ', brandIdx: 3 }, { context: { requireBrand: true } });
    expect(valid).toMatchObject({ name: '가방', price: 1234000, warranty: ' 1년 ', brandIdx: 3 });
    expect(valid.categoryCode).toBeUndefined();
  });

  it('derives their JSON Schemas: bounded integers, the category codes, the image as a path in and { path, url } out', () => {
    const body = bodyJsonSchemaOf(productResource) as { properties: Record<string, object>; required: string[] };
    expect(body.required).toEqual(['name']);
    expect(body.properties.price).toMatchObject({ type: ['integer', 'null'], minimum: 0, maximum: 100_000_000 });
    expect(body.properties.categoryCode).toMatchObject({ enum: [1, 2, 3, 4, 5, 6, 7, null] });
    expect(body.properties.productImage).toMatchObject({ type: ['string', 'null'], maxLength: 500 });
    expect(body.properties).not.toHaveProperty('brandName');
    const record = recordJsonSchemaOf(productResource) as { properties: Record<string, object> };
    expect(record.properties.productImage).toMatchObject({ type: ['object', 'null'], properties: { path: { type: 'string' }, url: { type: 'string' } } });
  });

  it('turns form values into a body and a record into form values', () => {
    const body = bodyOf(productResource, { name: ' 가방 ', brandIdx: '3', price: '1,234,000', paymentAmount: '', categoryCode: '', warranty: '  ', productImage: ' 1/a.png ', code: '' });
    expect(body).toMatchObject({ name: '가방', brandIdx: 3, price: 1234000, paymentAmount: null, categoryCode: null, warranty: null, productImage: '1/a.png', code: null });
    expect(formValueOf(productResource.fields.price, 1234000)).toBe('1,234,000');
    expect(formValueOf(productResource.fields.productImage, { path: '1/a.png', url: 'https://x/1/a.png' })).toBe('1/a.png');
    expect(formValueOf(productResource.fields.categoryCode, null)).toBe('');
  });

  it('types a body from the input fields: what the server sets is not an input', () => {
    const input: ProductInput = { name: '가방', price: 1000, productImage: '1/a.png' };
    // @ts-expect-error brandName is answered by the server (the brand's name), never sent (checked by npm run typecheck)
    const withBrandName: ProductInput = { name: '가방', brandName: '브랜드' };
    expect([input.name, withBrandName.name]).toEqual(['가방', '가방']);
  });

  it('lists the declared columns in their order and names its bulk key', () => {
    expect(columnsOf(productResource)).toEqual(['productImage', 'name', 'code', 'barcode', 'categoryCode', 'brandName', 'price', 'createdAt']);
    expect(searchFieldsOf(productResource)).toEqual(['name', 'code', 'barcode']);
    expect([bulkDeleteOf(productResource).key, bulkDeleteOf(storeResource).key]).toEqual(['productIdxList', 'idxList']);
  });
});

describe.each(RESOURCE_DEFINITIONS.map((def) => [def.name, def] as const))('the declared resource %s', (_, def) => {
  it('has its menu item at its route, guarded by its read rule, highlighted on register and edit/{id}', () => {
    const item = MENU_SECTIONS.flatMap((s) => s.items.flatMap((i) => [i, ...(i.children ?? [])])).find((i) => i.key === def.menu.key);
    expect(item).toMatchObject({ path: def.route, rule: def.access.read });
    for (const path of [def.route, `${def.route}/register`, `${def.route}/edit/7`]) expect(highlightMenuKey(path), path).toBe(def.menu.key);
  });

  it('has its pages in the route table under its one name, the forms guarded by its write rule', () => {
    // A resource's own views (products' spreadsheet upload and detail) follow the three derived ones.
    const rows = ROUTES.filter((r) => r.resource === def.name);
    expect(rows.map((r) => [r.path, r.page, r.rule ?? r.menu?.rule])).toEqual([
      [def.route, `${def.name}.list`, def.access.read],
      [`${def.route}/${def.registerPath ?? 'register'}`, `${def.name}.register`, def.access.write],
      [`${def.route}/edit/:id`, `${def.name}.edit`, def.access.write],
      ...(def.views ?? []).map((v) => [`${def.route}/${v.path}`, `${def.name}.${v.view}`, def.access.read]),
      ...(def.registerAliases ?? []).map((path) => [path, `${def.name}.register`, def.access.write]),
    ]);
  });

  it('has its menu item in its section, right after the item its definition names', () => {
    const items = MENU_SECTIONS.find((s) => s.key === def.menu.section)!.items.map((i) => i.key);
    expect(items, def.menu.section).toContain(def.menu.key);
    expect(items.indexOf(def.menu.key) - 1).toBe(def.menu.after === undefined ? -1 : items.indexOf(def.menu.after));
  });

  it('declares its key, order and link among its fields, and a write rule at least as strict as its read rule', () => {
    expect(def.fields[def.idField]).toMatchObject({ readOnly: true });
    for (const { field } of def.list.order) expect(def.fields).toHaveProperty(field);
    if (def.list.linkColumn) expect(def.fields).toHaveProperty(def.list.linkColumn);
    expect(def.access.write).toMatchObject({ ...def.access.read, write: true });
  });
});

describe('standard messages (issue 22 A5): made from the label and the rule, the particle from the label', () => {
  const def = (labels: Record<string, string>) =>
    defineResource({
      name: 'trial', base: 'main', apiPath: '/v1/admin/trial', idField: 'idx', route: '/b2b/trial', menu: { key: 'trialList', section: 'product' }, access: { read: {}, write: {} },
      fields: {
        idx: field.key(),
        title: field.text({ required: true, max: 20 }),
        body: field.text({ multiline: true, max: 2000 }),
        kind: field.select({ options: { 1: '공지' }, invalid: FIELD_MSG.valueInvalid, required: true }),
      },
      list: { order: [{ field: 'idx', dir: 'desc' }] },
      labels,
    });

  it.each([
    ['제목', '제목을 입력해 주세요', '제목은 20자까지 입력할 수 있어요', '본문은 2,000자까지 입력할 수 있어요', '분류를 선택해 주세요'],
    ['메모', '메모를 입력해 주세요', '메모는 20자까지 입력할 수 있어요', '본문은 2,000자까지 입력할 수 있어요', '분류를 선택해 주세요'],
    ['안내 메일', '안내 메일을 입력해 주세요', '안내 메일은 20자까지 입력할 수 있어요', '본문은 2,000자까지 입력할 수 있어요', '분류를 선택해 주세요'],
  ])('title labelled %s', async (label, required, tooLong, bodyTooLong, choose) => {
    const trial = def({ title: label, body: '본문', kind: '분류' });
    expect(await errorsOf({ title: ' ', body: 'x', kind: '' }, trial)).toEqual({ title: required, kind: choose });
    expect(await errorsOf({ title: 'x'.repeat(21), body: 'x'.repeat(2001), kind: 1 }, trial)).toEqual({ title: tooLong, body: bodyTooLong });
    // The limit is the rule's too: the JSON Schema of OpenAPI and the input guard.
    expect((bodyJsonSchemaOf(trial).properties as Record<string, { maxLength?: number }>).title.maxLength).toBe(20);
  });

  it('refuses a definition whose standard message has no label, when the module loads', () => {
    expect(() => def({ title: '제목' })).toThrow(/body needs its Korean label/);
  });

  it('refuses a flag sent as null with its own message, not yup\'s English', async () => {
    expect(await errorsOf({ name: '판교점', pinned: null })).toEqual({ pinned: FIELD_MSG.pinnedInvalid });
  });

  it('describes fields by their labels in OpenAPI, and a select filter by its codes', () => {
    const trial = { ...def({ title: '제목', body: '본문', kind: '분류' }), list: { order: [{ field: 'idx', dir: 'desc' as const }], filters: ['kind'] as const } };
    expect((bodyJsonSchemaOf(trial).properties as Record<string, { description: string }>).title.description).toBe('제목');
    const kind = (listQueryJsonSchemaOf(trial).properties as Record<string, { pattern: string }>).kind;
    const pattern = new RegExp(kind.pattern);
    expect(['', '1', '1,1'].map((v) => pattern.test(v))).toEqual([true, true, true]);
    expect(['x', '2', '1,', ',1', '11'].map((v) => pattern.test(v))).toEqual([false, false, false, false, false]);
  });

  it('gives the live resources their messages from their labels', async () => {
    expect(await errorsOf({ name: '', tag: 'x'.repeat(101) }, storeResource)).toMatchObject({ name: '매장명을 입력해 주세요', tag: '태그는 100자까지 입력할 수 있어요' });
  });
});
