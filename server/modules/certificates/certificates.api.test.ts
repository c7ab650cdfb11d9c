import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { CERTIFICATE_TEXT, PUBLIC_TOKEN_PATTERN, maskName } from '../../../src/domain/certificate';
import { brands, nftTemplates, nfts } from '../../db/schema';
import { findAccountByEmail } from '../accounts/repository';
import { certificateUrl, newPublicToken } from './url';
import { CERTIFICATE_LOOKUPS_PER_IP_PER_MINUTE } from './routes';

let t: TestApp;
let tenantIdx: number;
let brandName: string;
beforeAll(async () => {
  // inject() comes from loopback: trusting it as a proxy lets each test client bring its own IP.
  t = await createTestApp({ demo: true, config: { trustProxy: 'loopback' } });
  tenantIdx = (await findAccountByEmail(t.database.db, 'brand@demo.test'))!.idx;
  brandName = (await t.database.db.select({ name: brands.name }).from(brands).where(eq(brands.tenantIdx, tenantIdx)).limit(1))[0].name;
});
afterAll(() => t.close());

/** Each test calls from its own client IP (trustProxy: the forwarded address), so the per-IP limit is per test. */
let ipCounter = 0;
const newIp = () => `203.0.113.${++ipCounter}`;
function client(ip = newIp()) {
  return {
    json: (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/public/certificate/${token}`, headers: { 'x-forwarded-for': ip } }),
    page: (token: string) => t.app.inject({ method: 'GET', url: `/certificate/${token}`, headers: { 'x-forwarded-for': ip } }),
  };
}

let serial = 0;
async function insertTemplate(values: Partial<typeof nftTemplates.$inferInsert> = {}) {
  const [row] = await t.database.db.insert(nftTemplates).values({ tenantIdx, templateType: 'GUARANTEE', nftCardName: '기본 카드', ...values }).returning();
  return row;
}
async function insertNft(values: Partial<typeof nfts.$inferInsert> = {}) {
  const publicToken = newPublicToken();
  const [row] = await t.database.db.insert(nfts).values({
    tenantIdx, nftNumber: `DB-${Date.now()}-${++serial}`, nftStatus: 3, ordererName: '홍길동', ordererTel: '01012345678',
    productName: '시그니처 토트백', publicToken, issuedAt: new Date('2026-11-21T16:30:00Z'), ...values,
  }).returning();
  return { ...row, token: publicToken };
}

const IMAGE = () => `${tenantIdx}/${'a'.repeat(32)}.png`;
const BACKGROUND = () => `${tenantIdx}/${'b'.repeat(32)}.webp`;

describe(`public certificate (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('answers an issued certificate as JSON with its template, the masked orderer and no phone', async () => {
    const template = await insertTemplate({
      nftCardName: '프리미엄 카드', backgroundImg: BACKGROUND(),
      nftCustomLinks: [{ name: '공식 몰', url: 'https://brand.example/shop' }],
      nftCustomFields: [{ name: '색상' }, { name: '각인', value: '기본 각인' }, { name: '빈 필드' }],
      nftCustomContents: [{ title: '보증 기간', contents: '구매일로부터 1년\n무상 수리' }, { title: '빈 내용', contents: '  ' }],
    });
    const nft = await insertNft({
      nftTemplateIdx: template.idx, modelNumber: 'DB-BAG-001', categoryCode: 1, productImage: IMAGE(), orderedAt: '2026-11-20',
      warrantyDate: '2027-11-20', material: '소가죽', size: '34 x 27', customField: { 색상: '블랙' },
    });
    const res = await client().json(nft.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.json().data).toEqual({
      issued: true, nftNumber: nft.nftNumber, status: 3, statusLabel: '발급 완료', customerFacingStatus: '발급', canceled: false, canceledAt: null,
      brandName, productName: '시그니처 토트백', modelNumber: 'DB-BAG-001', categoryName: '가방', productImageUrl: `/api/media/files/${IMAGE()}`,
      orderedAt: '2026-11-20', issuedAt: '2026-11-21T16:30:00.000Z', warrantyDate: '2027-11-20', ordererNameMasked: '홍*동',
      template: {
        nftCardName: '프리미엄 카드', backgroundUrl: `/api/media/files/${BACKGROUND()}`,
        customLinks: [{ name: '공식 몰', url: 'https://brand.example/shop' }],
        customFields: [{ name: '색상', value: '블랙' }, { name: '각인', value: '기본 각인' }],
      },
      customContents: [{ title: '보증 기간', contents: '구매일로부터 1년\n무상 수리' }],
      material: '소가죽', size: '34 x 27', weight: null, serviceHistory: [],
    });
    expect(res.body).not.toContain('홍길동');
    expect(res.body).not.toContain('01012345678');
  });

  it('renders the certificate page in Korean for a phone, without script, the orderer masked', async () => {
    const template = await insertTemplate({
      nftCardName: '프리미엄 카드', backgroundImg: BACKGROUND(), nftCustomLinks: [{ name: '공식 몰', url: 'https://brand.example/shop' }],
      nftCustomContents: [{ title: '교환 및 반품 안내', contents: '첫 줄\n둘째 줄' }],
    });
    const nft = await insertNft({
      nftTemplateIdx: template.idx, modelNumber: 'DB-BAG-001', categoryCode: 3, productImage: IMAGE(), warrantyDate: '2027-11-20',
      material: '소가죽', size: 'M', weight: '0.9 kg',
    });
    const res = await client().page(nft.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="ko">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('max-width:480px');
    expect(html).not.toMatch(/<script/i);
    for (const text of [
      brandName, '시그니처 토트백', 'DB-BAG-001', '시계', '프리미엄 카드', nft.nftNumber, '홍*동', '2027-11-20', '소가죽', '0.9 kg', '발급',
      `<dt>${CERTIFICATE_TEXT.labels.issuedAt}</dt><dd>2026-11-22</dd>`, // 16:30 UTC is the next day in Seoul
      `background-image:url('/api/media/files/${BACKGROUND()}')`, `src="/api/media/files/${IMAGE()}"`,
      '<h3>교환 및 반품 안내</h3><p class="pre">첫 줄\n둘째 줄</p>', 'white-space:pre-line',
      '<a href="https://brand.example/shop" target="_blank" rel="noopener noreferrer">공식 몰</a>',
    ]) expect(html, text).toContain(text);
    expect(html).not.toContain('홍길동');
    expect(html).not.toContain('01012345678');
    expect(html).not.toContain(CERTIFICATE_TEXT.canceledTitle);
  });

  it('escapes every text of the brand\'s data on the page', async () => {
    const template = await insertTemplate({
      nftCardName: '<b>카드</b>', nftCustomFields: [{ name: '"><i>필드', value: "x' onmouseover='alert(1)" }],
      nftCustomLinks: [{ name: '<img src=x onerror=alert(1)>', url: 'https://brand.example/?a=1&b=2' }, { name: '따옴표', url: 'https://x.example/"onclick="alert(1)' }],
      nftCustomContents: [{ title: '<script>alert(2)</script>', contents: '</p><script>alert(3)</script>' }],
    });
    const nft = await insertNft({
      nftTemplateIdx: template.idx, productName: '<script>alert(1)</script>', modelNumber: '"><svg onload=alert(1)>', ordererName: '<script>x</script>',
      material: '<u>소재</u>',
    });
    const html = (await client().page(nft.token)).body;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<(img|svg|b|i|u)[\s>]/i);
    expect(html).not.toContain("' onmouseover='");
    // A link whose URL could leave its attribute is not shown at all.
    expect(html).not.toContain('따옴표');
    for (const text of [
      '&lt;script&gt;alert(1)&lt;/script&gt;', '&quot;&gt;&lt;svg onload=alert(1)&gt;', '&lt;b&gt;카드&lt;/b&gt;', '&lt;u&gt;소재&lt;/u&gt;',
      '&lt;/p&gt;&lt;script&gt;alert(3)&lt;/script&gt;', '<a href="https://brand.example/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">&lt;img src=x onerror=alert(1)&gt;</a>', 'x&#39; onmouseover=&#39;alert(1)',
    ]) expect(html, text).toContain(text);
    // The JSON carries the raw text (it is data, not markup).
    expect((await client().json(nft.token)).json().data.productName).toBe('<script>alert(1)</script>');
  });

  it('says clearly that a cancelled certificate is cancelled, with the cancel day', async () => {
    const nft = await insertNft({ nftStatus: 9, canceledAt: new Date('2026-11-22T15:10:00Z'), cancelReason: '단순 변심' });
    const json = (await client().json(nft.token)).json().data;
    expect(json).toMatchObject({ issued: true, status: 9, customerFacingStatus: '발급 취소', canceled: true, canceledAt: '2026-11-22T15:10:00.000Z' });
    expect(json).not.toHaveProperty('cancelReason');
    const html = (await client().page(nft.token)).body;
    expect(html).toContain(CERTIFICATE_TEXT.canceledTitle);
    expect(html).toContain(CERTIFICATE_TEXT.canceledAt('2026-11-23'));
    expect(html).toContain('<span class="badge canceled">발급 취소</span>');
    expect(html).not.toContain('단순 변심');
  });

  it.each([[3, '발급'], [4, '발급'], [5, '발급']] as const)('shows status %i to the customer as %s', async (status, label) => {
    const nft = await insertNft({ nftStatus: status });
    expect((await client().json(nft.token)).json().data).toMatchObject({ status, customerFacingStatus: label, canceled: false });
    expect((await client().page(nft.token)).body).toContain(`<span class="badge">${label}</span>`);
  });

  it.each([1, 2, 7, 10, 11])('shows nothing of a certificate not yet issued (status %i)', async (status) => {
    const nft = await insertNft({ nftStatus: status, productName: '비공개 상품', issuedAt: null });
    const json = await client().json(nft.token);
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ data: { issued: false, customerFacingStatus: null, message: CERTIFICATE_TEXT.notIssuedTitle } });
    const page = await client().page(nft.token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(CERTIFICATE_TEXT.notIssuedTitle);
    for (const secret of ['비공개 상품', nft.nftNumber, '홍', brandName]) expect(page.body).not.toContain(secret);
  });

  it('answers 404 for an unknown, malformed or deleted token, as JSON and as a page', async () => {
    const deleted = await insertNft({ deletedAt: new Date() });
    for (const token of [newPublicToken(), 'abc', `${newPublicToken()}A`, `${newPublicToken().slice(0, 31)}.`, deleted.token, '%3Cscript%3E']) {
      const json = await client().json(token);
      expect(json.statusCode, token).toBe(404);
      expect(json.json()).toEqual({ code: 'NOT_FOUND', message: CERTIFICATE_TEXT.notFoundTitle });
      const page = await client().page(token);
      expect(page.statusCode, token).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain(CERTIFICATE_TEXT.notFoundTitle);
      expect(page.body).toContain('<html lang="ko">');
      expect(page.body).not.toContain('<script');
    }
  });

  it('uses unguessable tokens: 24 random bytes, 32 base64url characters, all different', () => {
    const tokens = Array.from({ length: 2000 }, newPublicToken);
    for (const token of tokens) {
      expect(token).toHaveLength(32);
      expect(token).toMatch(PUBLIC_TOKEN_PATTERN);
      expect(Buffer.from(token, 'base64url')).toHaveLength(24);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(certificateUrl('https://console.example/', tokens[0])).toBe(`https://console.example/certificate/${tokens[0]}`);
  });

  it('follows the template: the main template when none is named, no product image when it is turned off', async () => {
    await t.database.db.update(nftTemplates).set({ isMain: false }).where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.isMain, true)));
    await insertTemplate({ nftCardName: '대표 카드', isMain: true });
    const withoutTemplate = await insertNft({ productImage: 'https://cdn.example/p.jpg' });
    expect((await client().json(withoutTemplate.token)).json().data).toMatchObject({ template: { nftCardName: '대표 카드' }, productImageUrl: 'https://cdn.example/p.jpg' });

    const hidden = await insertTemplate({ nftCardName: '이미지 없음', useNftProdImage: 'N' });
    const nft = await insertNft({ nftTemplateIdx: hidden.idx, productImage: IMAGE() });
    expect((await client().json(nft.token)).json().data.productImageUrl).toBeNull();
    expect((await client().page(nft.token)).body).not.toContain('class="photo"');

    const unsafe = await insertNft({ productImage: 'javascript:alert(1)' });
    expect((await client().json(unsafe.token)).json().data.productImageUrl).toBeNull();
  });

  it('masks names keeping the first and last characters', () => {
    expect(maskName('홍길동')).toBe('홍*동');
    expect(maskName('남궁길동')).toBe('남**동');
    expect(maskName('홍길')).toBe('홍*');
    expect(maskName('홍')).toBe('*');
    expect(maskName(' ')).toBe('');
    expect(maskName('John Smith')).toBe('J********h');
  });

  it.each(['json', 'page'] as const)('limits %s look-ups per client IP', async (kind) => {
    const nft = await insertNft();
    const ip = newIp();
    const call = client(ip)[kind];
    for (let i = 0; i < CERTIFICATE_LOOKUPS_PER_IP_PER_MINUTE; i++) expect((await call(nft.token)).statusCode).toBe(200);
    const limited = await call(newPublicToken());
    expect(limited.statusCode).toBe(429);
    if (kind === 'json') {
      expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    } else {
      expect(limited.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(limited.body).toContain(CERTIFICATE_TEXT.tooManyTitle);
    }
    // Another client is not affected.
    expect((await client()[kind](nft.token)).statusCode).toBe(200);
  });
});

describe('client IP without a trusted proxy', () => {
  it('ignores X-Forwarded-For, so a client cannot dodge the per-IP limit by forging it', async () => {
    const plain = await createTestApp();
    try {
      const token = newPublicToken();
      const statuses: number[] = [];
      for (let i = 0; i <= CERTIFICATE_LOOKUPS_PER_IP_PER_MINUTE; i++) {
        const res = await plain.app.inject({ method: 'GET', url: `/api/v1/public/certificate/${token}`, headers: { 'x-forwarded-for': `198.51.100.${i % 250}` } });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await plain.close();
    }
  });
});

describe('the certificate page and the console fallback', () => {
  let spa: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root">CONSOLE-SPA</div>');
    spa = await createTestApp({ config: { clientDir } });
  });
  afterAll(async () => {
    await spa.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers /certificate/<token> with the certificate page, not the console', async () => {
    const token = newPublicToken();
    const [account] = await spa.database.db.select().from(brands).limit(1);
    await spa.database.db.insert(nfts).values({
      tenantIdx: account?.tenantIdx ?? 1, nftNumber: 'SPA-1', nftStatus: 3, ordererName: '김철수', ordererTel: '01000000000', productName: '페이지 상품', publicToken: token,
    });
    const get = (url: string) => spa.app.inject({ method: 'GET', url } satisfies InjectOptions);
    const page = await get(`/certificate/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('페이지 상품');
    expect(page.body).not.toContain('CONSOLE-SPA');
    const missing = await get(`/certificate/${newPublicToken()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(CERTIFICATE_TEXT.notFoundTitle);
    expect(missing.body).not.toContain('CONSOLE-SPA');
    // The console's own paths still get index.html.
    expect((await get('/b2b/guarantee')).body).toContain('CONSOLE-SPA');
  });
});
