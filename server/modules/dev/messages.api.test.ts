import { buildApp } from '../../app';
import type { MessagingProvider, OutboundMessage } from '../../providers/messaging';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { guaranteeTenant, messagesTo } from '../../../tests/helpers/guarantees';
import { signIn, as } from '../../../tests/helpers/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const issue = { ordererName: '홍길동', ordererTel: '010-4444-0001', productName: '상품' };

const onPostgres = process.env.API_TEST_DB === 'postgres';
const MESSAGES = '/api/dev/messages';

describe(`local message outbox (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('does not exist with a real messaging provider, which receives the messages instead', async () => {
    const sent: OutboundMessage[] = [];
    const provider: MessagingProvider = { name: 'kakao', queue: async (m) => void sent.push(...m) };
    const app = await buildApp({ database: t.database, clock: t.clock, messaging: provider, config: { clientDir: '/nonexistent', publicUrl: 'https://console.example' } });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/dev/messages' })).statusCode).toBe(404);
      const a = await guaranteeTenant(t);
      const call = as({ ...t, app }, await signIn(t, a.email));
      expect((await call({ method: 'POST', url: '/api/v1/admin/nft', payload: { ...issue, ordererTel: '01044440003' } })).statusCode).toBe(201);
      expect(sent).toEqual([expect.objectContaining({ phone: '01044440003', templateCode: 'GUARANTEE_ISSUED' })]);
      expect(sent[0].variables.certificateUrl).toMatch(/^https:\/\/console\.example\/certificate\/[A-Za-z0-9_-]{32}$/);
    } finally {
      await app.close();
    }
  });

  if (onPostgres) {
    it('does not exist on PostgreSQL (DATABASE_URL), even for the machine itself; the message is still kept', async () => {
      const a = await guaranteeTenant(t);
      await a.call({ method: 'POST', url: '/api/v1/admin/nft', payload: { ...issue, ordererTel: '01044440009' } });
      const res = await t.app.inject({ method: 'GET', url: `${MESSAGES}?phone=01044440009`, remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
      expect(await messagesTo(t, '01044440009')).toEqual([expect.objectContaining({ templateCode: 'GUARANTEE_ISSUED' })]);
    });
    return;
  }

  // The embedded demo (PGlite, local provider), the only place the route exists.
  it('refuses any client but the machine itself as if it did not exist, whatever X-Forwarded-For claims', async () => {
    const a = await guaranteeTenant(t);
    await a.call({ method: 'POST', url: '/api/v1/admin/nft', payload: { ...issue, ordererTel: '01044440008' } });
    const url = `${MESSAGES}?phone=01044440008`;
    for (const remoteAddress of ['10.0.0.5', '::ffff:192.168.0.10']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    }
    // A proxy on this machine relays other machines' requests over loopback: refused too.
    expect((await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.7' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, remoteAddress: '::1' })).json().data.list).toHaveLength(1);
  });

  it('lists what the local provider queued, newest first, filtered by the phone\'s digits', async () => {
    const a = await guaranteeTenant(t);
    await a.call({ method: 'POST', url: '/api/v1/admin/nft', payload: issue });
    await a.call({ method: 'POST', url: '/api/v1/admin/nft', payload: { ...issue, productName: '둘째' } });
    await a.call({ method: 'POST', url: '/api/v1/admin/nft', payload: { ...issue, ordererTel: '01044440002' } });
    const list = (await t.app.inject({ method: 'GET', url: `${MESSAGES}?phone=010-4444-0001` })).json().data.list;
    expect(list).toHaveLength(2);
    expect(list[0].idx).toBeGreaterThan(list[1].idx);
    expect(list[0]).toEqual({
      idx: expect.any(Number), channel: 'ALIMTALK', templateCode: 'GUARANTEE_ISSUED', countryCode: '82', phone: '01044440001',
      variables: expect.objectContaining({ productName: '둘째' }), refType: 'nft', refIdx: expect.any(Number), status: 'queued', createdAt: expect.any(String),
    });
  });
});
