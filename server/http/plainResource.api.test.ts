import type { FastifyRequest } from 'fastify';
import { createTestApp, type TestApp } from '../../tests/helpers/testApp';
import { as } from '../../tests/helpers/accounts';
import { FIELD_MSG } from '../../src/domain/messages';
import { defineResource, field, listQueryJsonSchemaOf } from '../../src/domain/resource';
import { storeResource } from '../../src/domain/resources/store';
import { stores } from '../db/schema';
import { findAccountByEmail } from '../modules/accounts/repository';
import { createSession } from '../modules/accounts/sessions';
import { plainHandlers, plainListQuery } from './plainResource';

/**
 * A plain resource's declared filters (issue 22 A1: `list.filters` was silently ignored): the stores'
 * table read through a definition that filters by its pinned flag and a select kept in its tag.
 */
const filtered = defineResource({
  ...storeResource,
  fields: { ...storeResource.fields, tag: field.select({ options: { 1: '직영', 2: '가맹' }, invalid: FIELD_MSG.valueInvalid }) },
  list: { ...storeResource.list, filters: ['pinned', 'tag'] },
});

let t: TestApp;
let request: FastifyRequest;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const account = await findAccountByEmail(t.database.db, 'brand@demo.test');
  const call = as(t, (await createSession(t.database.db, account!, t.clock.now())).token);
  for (const [name, pinned, tag] of [['필터 직영 고정', 'Y', '1'], ['필터 가맹', 'N', '2'], ['필터 직영', 'N', '1']]) {
    expect((await call({ method: 'POST', url: '/api/v1/admin/store', payload: { name, pinned, tag } })).statusCode).toBe(201);
  }
  request = { principal: { tenantIdx: account!.parentIdx ?? account!.idx } } as unknown as FastifyRequest;
});
afterAll(() => t.close());

describe(`a plain resource's declared filters (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  const list = async (query: Record<string, string>) => {
    const handlers = plainHandlers(t.app, filtered, stores);
    const { list: rows } = await handlers.list(request, plainListQuery(filtered)({ searchText: '필터', ...query }));
    return (rows as { name: string }[]).map((r) => r.name).sort();
  };

  it('filters by a flag (Y or N) and by a select (a comma list of codes), together too', async () => {
    expect(await list({})).toEqual(['필터 가맹', '필터 직영', '필터 직영 고정']);
    expect(await list({ pinned: 'Y' })).toEqual(['필터 직영 고정']);
    expect(await list({ tag: '1' })).toEqual(['필터 직영', '필터 직영 고정']);
    expect(await list({ tag: '1,2', pinned: 'N' })).toEqual(['필터 가맹', '필터 직영']);
  });

  it('refuses a value the filter does not take, naming it', () => {
    const read = plainListQuery(filtered);
    expect(() => read({ pinned: 'x' })).toThrow(expect.objectContaining({ errors: { pinned: FIELD_MSG.valueInvalid } }));
    expect(() => read({ tag: '1,9' })).toThrow(expect.objectContaining({ errors: { tag: FIELD_MSG.valueInvalid } }));
  });

  it('describes the filters in the list query of OpenAPI: the flag as Y or N, the select by its codes', () => {
    const props = (listQueryJsonSchemaOf(filtered) as { properties: Record<string, { enum?: string[]; description?: string }> }).properties;
    expect(props.pinned.enum).toEqual(['Y', 'N']);
    expect(props.tag.description).toContain('1 직영, 2 가맹');
  });
});
