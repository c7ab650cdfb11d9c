import { http, HttpResponse } from 'msw';
import { dataProvider } from './index';
import { json, server, setupMsw, signIn } from '../testing/server';
import { brandAccount } from '../testing/fixtures';
import { MSG } from '../domain/messages';

setupMsw();

const STORES = '/api/v1/admin/store';
const LIST = [
  { idx: 3, name: '성수 플래그십', tag: '직영', pinned: 'Y' },
  { idx: 9, name: '온라인 공식몰', tag: null, pinned: 'N' },
];

describe('dataProvider: endpoints with the key in the body and no GET of one record (stores)', () => {
  beforeEach(() => signIn(brandAccount()));

  it('updates with PATCH <path> and the idx in the body (a numeric id from the URL as a number), not <path>/{id}', async () => {
    const calls: string[] = [];
    server.use(
      http.patch(STORES, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.push(`PATCH ${JSON.stringify(body)}`);
        return json({ ...body, createdAt: '2026-01-01T00:00:00.000Z' });
      }),
      http.patch(`${STORES}/:id`, () => (calls.push('wrong path'), json({}))),
    );
    const out = await dataProvider.update('store', { id: '9', data: { id: 9, idx: 9, name: '온라인몰', tag: null, pinned: 'Y' }, previousData: { id: 9 } });
    expect(calls).toEqual(['PATCH {"name":"온라인몰","tag":null,"pinned":"Y","idx":9}']);
    expect(out.data).toMatchObject({ id: 9, idx: 9, name: '온라인몰', pinned: 'Y' });
    await dataProvider.updateMany('store', { ids: [3], data: { name: '성수', pinned: 'N' } });
    expect(calls[1]).toBe('PATCH {"name":"성수","pinned":"N","idx":3}');
  });

  it('reads one record (and many) from the unpaged list; a record not in it is a 404 NOT_FOUND', async () => {
    let listCalls = 0;
    server.use(
      http.get(`${STORES}/list`, () => (listCalls++, json({ list: LIST }))),
      http.get(`${STORES}/:id`, () => HttpResponse.json({ code: 'NOT_FOUND', message: 'no such route' }, { status: 404 })),
    );
    expect((await dataProvider.getOne('store', { id: '3' })).data).toEqual({ ...LIST[0], id: 3 });
    expect((await dataProvider.getMany('store', { ids: [9, 3] })).data.map((r) => r.id)).toEqual([3, 9]);
    await expect(dataProvider.getOne('store', { id: '44' })).rejects.toMatchObject({
      status: 404, message: MSG.notFound, body: { code: 'NOT_FOUND' },
    });
    expect(listCalls).toBe(3);
  });

  it('creates with POST and deletes with DELETE <path>/{id}', async () => {
    const calls: string[] = [];
    server.use(
      http.post(STORES, async ({ request }) => (calls.push(`POST ${JSON.stringify(await request.json())}`), json({ idx: 12, name: '새 매장', tag: null, pinned: 'N' }, { status: 201 }))),
      http.delete(`${STORES}/:id`, ({ params }) => (calls.push(`DELETE ${String(params.id)}`), json({ idx: Number(params.id) }))),
    );
    expect((await dataProvider.create('store', { data: { name: '새 매장', pinned: 'N' } })).data).toMatchObject({ id: 12 });
    await dataProvider.delete('store', { id: 12, previousData: { id: 12 } });
    expect(calls).toEqual(['POST {"name":"새 매장","pinned":"N"}', 'DELETE 12']);
  });
});
