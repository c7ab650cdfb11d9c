import { and, eq } from 'drizzle-orm';
import { addDays, seoulDayEnd, seoulToday } from '../../../src/domain/seoulDay';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { sessionOf } from '../../../tests/helpers/accounts';
import { nfts } from '../../db/schema';
import { prepareIssues } from '../guarantees/issue';
import { insertIssues } from '../guarantees/write';

/** A customer's waiting application (status 1, as the lounge makes it) and its approval: when its days start. */
const URL = '/api/v1/admin/membership-nft';
const TEMPLATES = '/api/v1/admin/membership-template';
const DAY_MS = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

/** The last second of the Seoul day `days` after the clock's today. */
const endOfDay = (days: number) => new Date(seoulDayEnd(addDays(seoulToday(t.clock.now()), days)).getTime() - 1000);

async function waitingApplication(expiry: Record<string, unknown>, tel: string) {
  const { call, tenantIdx } = await sessionOf(t, 'brand@demo.test');
  const template = await call({ method: 'POST', url: TEMPLATES, payload: { nftCardName: `신청 카드 ${tel}`, ...expiry } });
  expect(template.statusCode, template.body).toBe(201);
  const tenant = { tenantIdx, adminIdx: tenantIdx, b2bType: 'brand' as const };
  const now = t.clock.now();
  const { values, errors } = await prepareIssues(t.database.db, tenant, [{ nftTemplateIdx: template.json().data.idx, ordererName: '신청', ordererTel: tel }], () => '',
    { nftType: 'MEMBERSHIP', requestRoute: 'product', matchModelNumber: false }, now);
  expect(errors).toEqual({});
  const deps = { messaging: t.app.messaging, publicUrl: t.app.config.publicUrl };
  const [waiting] = await insertIssues(t.database.db, deps, tenant, values.map((v) => ({ ...v, nftStatus: 1, issuedAt: null, requestRoute: 'user' })), now, null);
  const expiresAt = async () => (await t.database.db.select({ at: nfts.expiresAt }).from(nfts).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.idx, waiting.idx))))[0].at;
  const approve = async () => {
    // A fresh sign-in: the clock moved past the session's 6 hours.
    const { call } = await sessionOf(t, 'brand@demo.test');
    const res = await call({ method: 'PATCH', url: `${URL}/complete/bulk`, payload: { nftIdxList: [waiting.idx] } });
    expect(res.statusCode, res.body).toBe(200);
  };
  return { expiresAt, approve };
}

describe('a waiting membership application', () => {
  it('by days: its days count from the approval, not from the application', async () => {
    const app = await waitingApplication({ expireType: 'DAY', expireDays: 30 }, '01055550101');
    expect(await app.expiresAt()).toEqual(endOfDay(29));
    t.clock.advance(5 * DAY_MS);
    await app.approve();
    expect(await app.expiresAt()).toEqual(endOfDay(29));
  });

  it('by date: approval keeps the fixed end', async () => {
    const end = addDays(seoulToday(t.clock.now()), 60);
    const app = await waitingApplication({ expireType: 'DATE', expireDate: end }, '01055550102');
    const fixed = new Date(seoulDayEnd(end).getTime() - 1000);
    expect(await app.expiresAt()).toEqual(fixed);
    t.clock.advance(3 * DAY_MS);
    await app.approve();
    expect(await app.expiresAt()).toEqual(fixed);
  });
});
