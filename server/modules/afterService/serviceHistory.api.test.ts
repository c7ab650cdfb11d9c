import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { insertNft } from '../../../tests/helpers/guarantees';
import { NFT_STATUS } from '../../../src/domain/guarantee';
import { CERTIFICATE_TEXT } from '../../../src/domain/certificate';
import type { AsStatus, AsType } from '../../../src/domain/afterService';
import { asRequests } from '../../db/schema';
import { findAccountByEmail } from '../accounts/repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

async function request(tenantIdx: number, nftIdx: number, type: AsType, status: AsStatus, partnerIdx: number | null, completedAt: string | null) {
  await t.database.db.insert(asRequests).values({
    tenantIdx, type, status, partnerIdx, nftIdx, nftNumber: 'N-1', productName: '가방', customerName: '홍길동', requestMessage: '비밀 요청 내용',
    receiverName: '홍길동', receiverPhone: '010-1234-5678', receiverZipCode: '06000', receiverAddress1: '서울 비밀주소', createdBy: tenantIdx,
    completedAt: completedAt ? new Date(completedAt) : null,
  });
}

describe(`the certificate's service history (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('lists each completed repair and laundry job with its Seoul day, kind and partner, and nothing unfinished', async () => {
    const tenantIdx = (await findAccountByEmail(t.database.db, 'brand@demo.test'))!.idx;
    const repairer = (await findAccountByEmail(t.database.db, 'repair@demo.test'))!.idx;
    const launderer = (await findAccountByEmail(t.database.db, 'laundry@demo.test'))!.idx;
    const nft = await insertNft(t, tenantIdx, NFT_STATUS.complete);
    const other = await insertNft(t, tenantIdx, NFT_STATUS.complete);
    // 15:30 UTC is the next day in Seoul.
    await request(tenantIdx, nft.idx, 'repair', 'shipping', repairer, '2026-11-20T15:30:00Z');
    await request(tenantIdx, nft.idx, 'laundry', 'complete', launderer, '2026-11-21T01:00:00Z');
    await request(tenantIdx, nft.idx, 'repair', 'complete', null, '2026-11-21T02:00:00Z');
    await request(tenantIdx, nft.idx, 'repair', 'working', repairer, null);
    await request(tenantIdx, nft.idx, 'repair', 'cancel', repairer, null);
    await request(tenantIdx, other.idx, 'repair', 'complete', repairer, '2026-11-19T01:00:00Z');

    const page = await t.app.inject({ method: 'GET', url: `/certificate/${nft.publicToken}` });
    expect(page.statusCode).toBe(200);
    const items = [...page.body.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]);
    expect(page.body).toContain(CERTIFICATE_TEXT.serviceHeading);
    expect(items).toEqual(['2026-11-21 · 수선 · 데모수선', '2026-11-21 · 세탁 · 데모세탁', '2026-11-21 · 수선 · 데모브랜드']);
    expect(page.body).not.toContain('비밀');

    const json = (await t.app.inject({ method: 'GET', url: `/api/v1/public/certificate/${nft.publicToken}` })).json().data;
    expect(json.serviceHistory).toEqual([
      { completedAt: '2026-11-20T15:30:00.000Z', type: 'repair', partnerName: '데모수선' },
      { completedAt: '2026-11-21T01:00:00.000Z', type: 'laundry', partnerName: '데모세탁' },
      { completedAt: '2026-11-21T02:00:00.000Z', type: 'repair', partnerName: null },
    ]);
  });

  it('shows no history section on a certificate without a completed job', async () => {
    const tenantIdx = (await findAccountByEmail(t.database.db, 'brand@demo.test'))!.idx;
    const nft = await insertNft(t, tenantIdx, NFT_STATUS.complete);
    await request(tenantIdx, nft.idx, 'repair', 'request', null, null);
    const page = await t.app.inject({ method: 'GET', url: `/certificate/${nft.publicToken}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(CERTIFICATE_TEXT.serviceHeading);
  });
});
