import { buildApp } from '../../app';
import type { MessagingProvider, OutboundMessage } from '../../providers/messaging';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { guaranteeTenant } from '../../../tests/helpers/guarantees';
import { signIn, as } from '../../../tests/helpers/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const issue = { ordererName: '홍길동', ordererTel: '010-4444-0001', productName: '상품' };

describe(`local message outbox (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('lists what the local provider queued, newest first, filtered by the phone\'s digits', async () => {
    const a = await guaranteeTenant(t);
    await a.call({ method: 'POST', url: '/api/v1/admin/nft', payload: issue });
    await a.call({ method: 'POST', url: '/api/v1/admin/nft', payload: { ...issue, productName: '둘째' } });
    await a.call({ method: 'POST', url: '/api/v1/admin/nft', payload: { ...issue, ordererTel: '01044440002' } });
    const list = (await t.app.inject({ method: 'GET', url: '/api/dev/messages?phone=010-4444-0001' })).json().data.list;
    expect(list).toHaveLength(2);
    expect(list[0].idx).toBeGreaterThan(list[1].idx);
    expect(list[0]).toEqual({
      idx: expect.any(Number), channel: 'ALIMTALK', templateCode: 'GUARANTEE_ISSUED', countryCode: '82', phone: '01044440001',
      variables: expect.objectContaining({ productName: '둘째' }), refType: 'nft', refIdx: expect.any(Number), status: 'queued', createdAt: expect.any(String),
    });
  });

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
});
