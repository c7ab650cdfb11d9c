import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { sessionOf } from '../../../tests/helpers/accounts';
import type { AsStatus, AsType } from '../../../src/domain/afterService';
import { asRequests } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const A = '/api/v1/admin';
type Session = Awaited<ReturnType<typeof sessionOf>>;
const dashboard = async (s: Session, url: string) => {
  const res = await s.call({ method: 'GET', url: `${A}${url}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { requestCount: number; preInspectCount: number; inspectCount: number; workCount: number; recentRequest: { idx: number; tenantName: string; productName: string; status: string }[] };
};

let minute = 0;
/** A request row as the intake leaves it, made directly (the intake is another slice): each one a minute newer. */
async function request(tenantIdx: number, type: AsType, status: AsStatus, partnerIdx: number | null, productName: string) {
  const createdAt = new Date(t.clock.now().getTime() + ++minute * 60_000);
  const [row] = await t.database.db.insert(asRequests).values({
    tenantIdx, type, status, partnerIdx, nftIdx: 1, nftNumber: 'N-1', productName, customerName: '홍길동', requestMessage: '수선해 주세요',
    receiverName: '홍길동', receiverPhone: '010-1234-5678', receiverZipCode: '06000', receiverAddress1: '서울', createdBy: tenantIdx, createdAt, updatedAt: createdAt,
  }).returning({ idx: asRequests.idx });
  return row.idx;
}

describe(`A/S dashboards (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('a partner counts only the requests routed to it, a brand only its own', async () => {
    const [brandA, brandB, repairer, launderer] = await Promise.all(
      ['brand@demo.test', 'other@demo.test', 'repair@demo.test', 'laundry@demo.test'].map((email) => sessionOf(t, email)),
    );
    const R = repairer.tenantIdx;
    // Brand A: routed to the repairer in every stage, one it processes itself, one laundry routed to the launderer.
    await request(brandA.tenantIdx, 'repair', 'request', R, 'A 요청');
    await request(brandA.tenantIdx, 'repair', 'request', R, 'A 요청 2');
    await request(brandA.tenantIdx, 'repair', 'preinspect', R, 'A 1차');
    await request(brandA.tenantIdx, 'repair', 'inspecting', R, 'A 최종');
    await request(brandA.tenantIdx, 'repair', 'working', R, 'A 작업');
    await request(brandA.tenantIdx, 'repair', 'complete', R, 'A 완료');
    await request(brandA.tenantIdx, 'repair', 'request', null, 'A 직접');
    await request(brandA.tenantIdx, 'laundry', 'washing', launderer.tenantIdx, 'A 세탁');
    // Brand B: its own requests, none routed to these partners.
    await request(brandB.tenantIdx, 'repair', 'request', null, 'B 요청');
    await request(brandB.tenantIdx, 'repair', 'working', null, 'B 작업');

    const partnerView = await dashboard(repairer, '/repair/request/dashboard');
    expect(partnerView).toMatchObject({ requestCount: 2, preInspectCount: 1, inspectCount: 1, workCount: 1 });
    expect(partnerView.recentRequest.map((r) => r.productName)).toEqual(['A 완료', 'A 작업', 'A 최종', 'A 1차', 'A 요청 2']);
    expect(partnerView.recentRequest.every((r) => r.tenantName === '데모브랜드')).toBe(true);

    expect(await dashboard(launderer, '/laundry/request/dashboard')).toMatchObject({ requestCount: 0, workCount: 1, recentRequest: [expect.objectContaining({ productName: 'A 세탁', status: 'washing' })] });

    const brandView = await dashboard(brandA, '/repair/dashboard');
    expect(brandView).toMatchObject({ requestCount: 3, preInspectCount: 1, inspectCount: 1, workCount: 1 });
    expect(brandView.recentRequest[0].productName).toBe('A 직접');
    expect(brandView.recentRequest.some((r) => r.productName.startsWith('B'))).toBe(false);
    expect(await dashboard(brandA, '/laundry/dashboard')).toMatchObject({ requestCount: 0, workCount: 1 });

    const otherView = await dashboard(brandB, '/repair/dashboard');
    expect(otherView).toMatchObject({ requestCount: 1, preInspectCount: 0, inspectCount: 0, workCount: 1 });
    expect(otherView.recentRequest.map((r) => r.productName)).toEqual(['B 작업', 'B 요청']);
  });

  it('a partner of brand A sees brand B\'s requests only once they are routed to it', async () => {
    const [brandB, repairer] = await Promise.all(['other@demo.test', 'repair@demo.test'].map((email) => sessionOf(t, email)));
    const before = await dashboard(repairer, '/repair/request/dashboard');
    await request(brandB.tenantIdx, 'repair', 'request', repairer.tenantIdx, 'B 수선사 요청');
    const after = await dashboard(repairer, '/repair/request/dashboard');
    expect(after.requestCount).toBe(before.requestCount + 1);
    expect(after.recentRequest[0], JSON.stringify(after)).toMatchObject({ productName: 'B 수선사 요청', tenantName: '다른브랜드' });
  });

  it('refuses the wrong roles', async () => {
    const [brand, repairer, launderer] = await Promise.all(['brand@demo.test', 'repair@demo.test', 'laundry@demo.test'].map((email) => sessionOf(t, email)));
    for (const [who, url] of [[brand, '/repair/request/dashboard'], [launderer, '/repair/request/dashboard'], [repairer, '/laundry/request/dashboard'], [repairer, '/repair/dashboard']] as const) {
      const res = await who.call({ method: 'GET', url: `${A}${url}` });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN_ROLE');
    }
  });
});
