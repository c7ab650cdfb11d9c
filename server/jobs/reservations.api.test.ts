import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../../tests/helpers/testApp';
import { guaranteeTenant, insertNft, nftRow } from '../../tests/helpers/guarantees';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`reservation job timer (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('runs on ready and every interval with the app clock, and stops on close', async () => {
    const a = await guaranteeTenant(t);
    const due = await insertNft(t, a.tenantIdx, 7, { issueAt: new Date(t.clock.now().getTime() - 1000) });
    const app = await buildApp({ database: t.database, clock: t.clock, reservationJob: { intervalMs: 25 }, config: { clientDir: '/nonexistent', publicUrl: 'http://console.test' } });
    await app.ready();
    const later = await insertNft(t, a.tenantIdx, 7, { issueAt: new Date(t.clock.now().getTime() + 60_000) });
    try {
      await expect.poll(async () => (await nftRow(t, a.tenantIdx, due.idx)).nftStatus, { timeout: 5000 }).toBe(3);
      t.clock.advance(60_000);
      await expect.poll(async () => (await nftRow(t, a.tenantIdx, later.idx)).nftStatus, { timeout: 5000 }).toBe(3);
    } finally {
      await app.close();
    }
    const afterClose = await insertNft(t, a.tenantIdx, 7, { issueAt: new Date(t.clock.now().getTime() - 1) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await nftRow(t, a.tenantIdx, afterClose.idx)).nftStatus).toBe(7);
  });
});
