import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { sessionOf as demoSession, as, confirmedBrand, uniqueEmail } from '../../../tests/helpers/accounts';
import { uploadImage } from '../../../tests/helpers/uploads';
import { DEFAULT_CUSTOM_CONTENT_TITLES, GUARANTEE_MSG, TEMPLATE_MSG } from '../../../src/domain/guarantee';
import { TEMPLATE_RULE_MSG } from '../../../src/domain/template';
import { FIELD_MSG, MSG } from '../../../src/domain/messages';
import { nftTemplates, stores, subscriptions, uploads } from '../../db/schema';
import { findAccountByEmail } from '../accounts/repository';

const URL = '/api/v1/admin/nft-template';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

type Call = ReturnType<typeof as>;
type Row = Record<string, unknown> & { idx: number };

const sessionOf = (email: string) => demoSession(t, email);
/** A fresh brand (its own tenant, on its trial: the GUARANTEE feature is in use). */
async function freshBrand() {
  const brand = await confirmedBrand(t, { email: uniqueEmail('tpl') });
  const tenantIdx = (await findAccountByEmail(t.database.db, brand.email))!.idx;
  return { call: as(t, brand.token), tenantIdx };
}
const create = async (call: Call, body: Record<string, unknown>): Promise<Row> => {
  const res = await call({ method: 'POST', url: URL, payload: body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
};
const patch = (call: Call, path: string, payload: Record<string, unknown>) => call({ method: 'PATCH', url: `${URL}${path}`, payload });
const dbRow = async (tenantIdx: number, idx: number) =>
  (await t.database.db.select().from(nftTemplates).where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.idx, idx))))[0];
const mains = async (tenantIdx: number, templateType: 'GUARANTEE' | 'MEMBERSHIP' = 'GUARANTEE') =>
  (await t.database.db.select({ idx: nftTemplates.idx }).from(nftTemplates)
    .where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.templateType, templateType), eq(nftTemplates.isMain, true)))).map((r) => r.idx);

describe(`certificate templates (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('creates a guarantee template with the default custom contents and reads it back', async () => {
    const { call } = await freshBrand();
    const created = await create(call, {
      nftCardName: '  기본 보증서 ', nftCustomFields: [{ name: '색상', value: '블랙' }], nftCustomLinks: [{ name: '홈페이지', url: 'https://brand.example' }], extra: 'x',
    });
    expect(created).toMatchObject({
      templateType: 'GUARANTEE', isMain: false, nftCardName: '기본 보증서', backgroundImg: null, status: 'ACTIVE',
      nftCustomFields: [{ name: '색상', value: '블랙' }], nftCustomLinks: [{ name: '홈페이지', url: 'https://brand.example' }],
      nftCustomContents: DEFAULT_CUSTOM_CONTENT_TITLES.map((title) => ({ title, contents: '' })),
      useFieldMaterial: 'N', useFieldSize: 'N', useFieldWeight: 'N', useNftProdImage: 'Y', userMintingField: [], useUserMinting: 'N',
      filteringStores: [], useAllPlaceSearch: 'Y',
    });
    expect(created).not.toHaveProperty('extra');
    expect((await call({ method: 'GET', url: `${URL}/${created.idx}` })).json().data).toEqual(created);
    expect((await call({ method: 'GET', url: `${URL}/${created.idx}/nft/field` })).json().data).toEqual(created);
    const membership = await create(call, { nftCardName: '멤버십 카드', templateType: 'MEMBERSHIP' });
    expect(membership.templateType).toBe('MEMBERSHIP');
  });

  it('validates the card with Korean messages naming each field', async () => {
    const { call } = await freshBrand();
    const bad = await call({
      method: 'POST', url: URL,
      payload: {
        nftCardName: ' ', templateType: 'COUPON',
        nftCustomLinks: [{ name: '링크', url: '' }, { name: '잘못', url: 'ftp://x' }],
        nftCustomFields: [{ name: '' }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: {
        nftCardName: TEMPLATE_MSG.cardNameRequired,
        templateType: TEMPLATE_RULE_MSG.templateTypeInvalid,
        'nftCustomLinks[0].url': TEMPLATE_MSG.linkIncomplete,
        'nftCustomLinks[1].url': TEMPLATE_MSG.linkUrlInvalid,
        'nftCustomFields[0].name': TEMPLATE_MSG.contentTitleRequired,
      },
    });
    const tooLong = await call({ method: 'POST', url: URL, payload: { nftCardName: 'n'.repeat(101) } });
    expect(tooLong.json().errors).toEqual({ nftCardName: GUARANTEE_MSG.textTooLong });
    expect((await create(call, { nftCardName: 'n'.repeat(100) })).nftCardName).toHaveLength(100);
    const many = await call({ method: 'POST', url: URL, payload: { nftCardName: 'x', nftCustomLinks: Array.from({ length: 21 }, (_, i) => ({ name: `l${i}`, url: 'https://a.example' })) } });
    expect(many.json().errors).toEqual({ nftCustomLinks: TEMPLATE_RULE_MSG.listTooLong });
    const longField = await call({ method: 'POST', url: URL, payload: { nftCardName: 'x', nftCustomFields: [{ name: 'f'.repeat(101) }] } });
    expect(longField.json().errors).toEqual({ 'nftCustomFields[0].name': TEMPLATE_RULE_MSG.textTooLong(100) });
    for (const res of [bad, tooLong, many, longField]) {
      for (const message of Object.values(res.json().errors as Record<string, string>)) expect(message).toMatch(/[가-힣]/);
    }
  });

  it('takes only a ready upload of the tenant as the background and answers it as {path, url}', async () => {
    const { call, tenantIdx } = await freshBrand();
    const path = (await uploadImage(call)).json().data.path as string;
    const created = await create(call, { nftCardName: '배경', backgroundImg: path });
    expect(created.backgroundImg).toEqual({ path, url: `/api/media/files/${path}` });

    const other = await freshBrand();
    const foreign = (await uploadImage(other.call)).json().data.path as string;
    const pending = `${tenantIdx}/${'p'.repeat(32)}.png`;
    await t.database.db.insert(uploads).values({ tenantIdx, path: pending, status: 'pending' });
    for (const backgroundImg of [foreign, pending, `${tenantIdx}/${'z'.repeat(32)}.png`, '../etc/passwd']) {
      const res = await call({ method: 'POST', url: URL, payload: { nftCardName: '배경', backgroundImg } });
      expect(res.statusCode, backgroundImg).toBe(400);
      expect(res.json().errors).toEqual({ backgroundImg: TEMPLATE_RULE_MSG.backgroundInvalid });
      const edit = await patch(call, `/${created.idx}`, { backgroundImg });
      expect(edit.json().errors).toEqual({ backgroundImg: TEMPLATE_RULE_MSG.backgroundInvalid });
    }
    expect((await dbRow(tenantIdx, created.idx)).backgroundImg).toBe(path);
    // Another field edited: the unchanged background stays.
    expect((await patch(call, `/${created.idx}`, { nftCardName: '새 이름' })).json().data).toMatchObject({ nftCardName: '새 이름', backgroundImg: { path } });
    expect((await patch(call, `/${created.idx}`, { backgroundImg: '' })).json().data.backgroundImg).toBeNull();
  });

  it('keeps one main template per type: setting a main clears the others in the same write', async () => {
    const { call, tenantIdx } = await freshBrand();
    const a = await create(call, { nftCardName: 'A', isMain: true });
    const m = await create(call, { nftCardName: 'M', isMain: true, templateType: 'MEMBERSHIP' });
    expect(await mains(tenantIdx)).toEqual([a.idx]);
    const b = await create(call, { nftCardName: 'B', isMain: true });
    expect(await mains(tenantIdx)).toEqual([b.idx]);
    expect((await call({ method: 'GET', url: `${URL}/${a.idx}` })).json().data.isMain).toBe(false);
    const c = await create(call, { nftCardName: 'C' });
    const res = await patch(call, `/${c.idx}`, { isMain: true });
    expect(res.json().data.isMain).toBe(true);
    expect(await mains(tenantIdx)).toEqual([c.idx]);
    // The other type keeps its own main.
    expect(await mains(tenantIdx, 'MEMBERSHIP')).toEqual([m.idx]);
    // Unsetting leaves none.
    expect((await patch(call, `/${c.idx}`, { isMain: false })).json().data.isMain).toBe(false);
    expect(await mains(tenantIdx)).toEqual([]);
    // The type of a template does not change on PATCH (the main rule is per type).
    expect((await patch(call, `/${m.idx}`, { templateType: 'GUARANTEE' })).json().data.templateType).toBe('MEMBERSHIP');
  });

  it('sets one main when two templates are made main at the same time', async () => {
    const { call, tenantIdx } = await freshBrand();
    const list = await Promise.all([1, 2, 3, 4].map((i) => create(call, { nftCardName: `T${i}` })));
    const answers = await Promise.all(list.map((x) => patch(call, `/${x.idx}`, { isMain: true })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await mains(tenantIdx)).toHaveLength(1);
  });

  it('stops a template (idempotent); a stopped template is no longer main and cannot become main', async () => {
    const { call, tenantIdx } = await freshBrand();
    const main = await create(call, { nftCardName: '대표', isMain: true });
    const stopped = await call({ method: 'PATCH', url: `${URL}/${main.idx}/stop` });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().data).toMatchObject({ status: 'STOP', isMain: false });
    const again = await call({ method: 'PATCH', url: `${URL}/${main.idx}/stop` });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(stopped.json().data);
    expect(await mains(tenantIdx)).toEqual([]);

    const refused = await patch(call, `/${main.idx}`, { isMain: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ isMain: TEMPLATE_RULE_MSG.mainStopped });
    expect((await dbRow(tenantIdx, main.idx)).isMain).toBe(false);
    // Other edits of a stopped template are still possible.
    expect((await patch(call, `/${main.idx}`, { nftCardName: '중지됨' })).json().data).toMatchObject({ nftCardName: '중지됨', status: 'STOP' });
  });

  it('saves the issue settings with the tenant\'s own stores only', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const own = await t.database.db.select({ idx: stores.idx }).from(stores).where(eq(stores.tenantIdx, tenantIdx)).limit(2);
    const otherTenant = (await findAccountByEmail(t.database.db, 'other@demo.test'))!.idx;
    const [foreign] = await t.database.db.select({ idx: stores.idx }).from(stores).where(eq(stores.tenantIdx, otherTenant)).limit(1);
    expect(own.length).toBe(2);
    const template = await create(call, { nftCardName: '설정' });

    const saved = await patch(call, `/${template.idx}/setting`, {
      filteringStores: [own[0].idx, own[1].idx, own[0].idx], useUserMinting: 'Y', userMintingField: ['ordererName', 'ordererTel'], useAllPlaceSearch: 'N',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ filteringStores: [own[0].idx, own[1].idx], useUserMinting: 'Y', userMintingField: ['ordererName', 'ordererTel'], useAllPlaceSearch: 'N' });
    // Partial: only what is sent changes.
    expect((await patch(call, `/${template.idx}/setting`, { useAllPlaceSearch: 'Y' })).json().data).toMatchObject({ filteringStores: [own[0].idx, own[1].idx], useUserMinting: 'Y', useAllPlaceSearch: 'Y' });

    const before = await dbRow(tenantIdx, template.idx);
    const withForeign = await patch(call, `/${template.idx}/setting`, { filteringStores: [own[0].idx, foreign.idx] });
    expect(withForeign.statusCode).toBe(400);
    expect(withForeign.json().errors).toEqual({ filteringStores: TEMPLATE_RULE_MSG.storeInvalid });
    const badChoice = await patch(call, `/${template.idx}/setting`, { useUserMinting: 'yes', filteringStores: ['a'] });
    expect(badChoice.json().errors).toMatchObject({ useUserMinting: TEMPLATE_RULE_MSG.choiceInvalid, 'filteringStores[0]': TEMPLATE_MSG.storeInvalid });
    expect(await dbRow(tenantIdx, template.idx)).toEqual(before);
  });

  it('saves the field settings and custom contents, keeping line breaks', async () => {
    const { call } = await freshBrand();
    const template = await create(call, { nftCardName: '필드' });
    const contents = '1년 무상 수리\n\n소모품 제외 <b>주의</b>';
    const saved = await patch(call, `/${template.idx}/nft/field`, {
      nftCustomContents: [{ title: '보증 기간', contents }], useFieldMaterial: 'Y', useFieldSize: 'Y', useNftProdImage: 'N',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      nftCustomContents: [{ title: '보증 기간', contents }], useFieldMaterial: 'Y', useFieldSize: 'Y', useFieldWeight: 'N', useNftProdImage: 'N',
    });
    expect((await call({ method: 'GET', url: `${URL}/${template.idx}/nft/field` })).json().data.nftCustomContents).toEqual([{ title: '보증 기간', contents }]);

    const bad = await patch(call, `/${template.idx}/nft/field`, {
      nftCustomContents: [{ title: '', contents: 'x' }, { title: 'ok', contents: 'c'.repeat(2001) }], useFieldWeight: 'Q',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      'nftCustomContents[0].title': TEMPLATE_MSG.contentTitleRequired,
      'nftCustomContents[1].contents': TEMPLATE_RULE_MSG.textTooLong(2000),
      useFieldWeight: TEMPLATE_RULE_MSG.choiceInvalid,
    });
    expect((await patch(call, `/${template.idx}/nft/field`, { nftCustomContents: [{ title: 'ok', contents: 'c'.repeat(2000) }] })).statusCode).toBe(200);
  });

  it('lists templates paged and filtered, and the picker list of one type', async () => {
    const { call } = await freshBrand();
    const a = await create(call, { nftCardName: 'A' });
    const b = await create(call, { nftCardName: 'B', isMain: true });
    const c = await create(call, { nftCardName: 'C' });
    const m = await create(call, { nftCardName: 'M', templateType: 'MEMBERSHIP' });
    await call({ method: 'PATCH', url: `${URL}/${a.idx}/stop` });

    const all = (await call({ method: 'GET', url: URL })).json().data;
    expect(all.total).toBe(4);
    expect(all.list.map((x: Row) => x.idx)).toEqual([b.idx, m.idx, c.idx, a.idx]);
    const page2 = (await call({ method: 'GET', url: `${URL}?templateType=GUARANTEE&pageSize=10&page=1` })).json().data;
    expect(page2.list.map((x: Row) => x.idx)).toEqual([b.idx, c.idx, a.idx]);
    expect((await call({ method: 'GET', url: `${URL}?status=STOP` })).json().data).toMatchObject({ total: 1, list: [{ idx: a.idx }] });
    expect((await call({ method: 'GET', url: `${URL}?page=2&pageSize=10` })).json().data).toEqual({ list: [], total: 4 });

    const badQuery = await call({ method: 'GET', url: `${URL}?page=0&pageSize=7&templateType=X&status=ON` });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().errors).toEqual({
      page: FIELD_MSG.pageInvalid, pageSize: FIELD_MSG.pageSizeInvalid, templateType: TEMPLATE_RULE_MSG.templateTypeInvalid, status: TEMPLATE_RULE_MSG.statusInvalid,
    });

    const picker = (await call({ method: 'GET', url: `${URL}/list` })).json().data;
    expect(picker).toEqual({
      total: 3,
      list: [
        { idx: b.idx, nftCardName: 'B', isMain: true, status: 'ACTIVE', templateType: 'GUARANTEE' },
        { idx: c.idx, nftCardName: 'C', isMain: false, status: 'ACTIVE', templateType: 'GUARANTEE' },
        { idx: a.idx, nftCardName: 'A', isMain: false, status: 'STOP', templateType: 'GUARANTEE' },
      ],
    });
    expect((await call({ method: 'GET', url: `${URL}/list?templateType=MEMBERSHIP` })).json().data.list.map((x: Row) => x.idx)).toEqual([m.idx]);
    expect((await call({ method: 'GET', url: `${URL}/list?templateType=nope` })).statusCode).toBe(400);
  });

  it('lets a sub-account read templates but not change them', async () => {
    const brand = await sessionOf('brand@demo.test');
    const staff = await sessionOf('staff@demo.test');
    const template = await create(brand.call, { nftCardName: '보조 계정용' });
    for (const url of [URL, `${URL}/list`, `${URL}/${template.idx}`, `${URL}/${template.idx}/nft/field`]) {
      const res = await staff.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    expect((await staff.call({ method: 'GET', url: `${URL}/list` })).json().data.list.map((x: Row) => x.idx)).toContain(template.idx);

    const before = await dbRow(brand.tenantIdx, template.idx);
    const writes = [
      { method: 'POST' as const, url: URL, payload: { nftCardName: '보조' } },
      { method: 'PATCH' as const, url: `${URL}/${template.idx}`, payload: { nftCardName: '보조', isMain: true } },
      { method: 'PATCH' as const, url: `${URL}/${template.idx}/setting`, payload: { useUserMinting: 'Y' } },
      { method: 'PATCH' as const, url: `${URL}/${template.idx}/nft/field`, payload: { useFieldSize: 'Y' } },
      { method: 'PATCH' as const, url: `${URL}/${template.idx}/stop` },
    ];
    for (const w of writes) {
      const res = await staff.call(w);
      expect(res.statusCode, w.url).toBe(403);
      expect(res.json().code).toBe('SUB_ACCOUNT_FORBIDDEN');
    }
    expect(await dbRow(brand.tenantIdx, template.idx)).toEqual(before);
  });

  it('answers 404 for another tenant\'s template on every :idx route and leaves it unchanged', async () => {
    const a = await sessionOf('brand@demo.test');
    const b = await sessionOf('other@demo.test');
    const bTemplate = await create(b.call, { nftCardName: '다른 테넌트', isMain: true });
    const aMain = await create(a.call, { nftCardName: 'A 대표', isMain: true });
    const before = await dbRow(b.tenantIdx, bTemplate.idx);
    const requests = [
      { method: 'GET' as const, url: `${URL}/${bTemplate.idx}` },
      { method: 'PATCH' as const, url: `${URL}/${bTemplate.idx}`, payload: { nftCardName: '탈취', isMain: true } },
      { method: 'PATCH' as const, url: `${URL}/${bTemplate.idx}/setting`, payload: { useUserMinting: 'Y' } },
      { method: 'GET' as const, url: `${URL}/${bTemplate.idx}/nft/field` },
      { method: 'PATCH' as const, url: `${URL}/${bTemplate.idx}/nft/field`, payload: { useFieldSize: 'Y' } },
      { method: 'PATCH' as const, url: `${URL}/${bTemplate.idx}/stop` },
    ];
    for (const r of requests) {
      const res = await a.call(r);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: TEMPLATE_MSG.notFound });
    }
    expect(await dbRow(b.tenantIdx, bTemplate.idx)).toEqual(before);
    // A's main does not clear B's, and A's lists never show B's template.
    expect(await mains(b.tenantIdx)).toEqual([bTemplate.idx]);
    expect(await mains(a.tenantIdx)).toEqual([aMain.idx]);
    const aList = (await a.call({ method: 'GET', url: `${URL}?pageSize=100` })).json().data.list.map((x: Row) => x.idx);
    expect(aList).not.toContain(bTemplate.idx);
    expect((await a.call({ method: 'GET', url: `${URL}/list` })).json().data.list.map((x: Row) => x.idx)).not.toContain(bTemplate.idx);
  });

  it('answers 404 for an idx that cannot name a template', async () => {
    const { call } = await freshBrand();
    for (const idx of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await call({ method: 'GET', url: `${URL}/${idx}` });
      expect(res.statusCode, idx).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('holds a membership template to the membership rules: a STANDARD plan can neither read nor write one here', async () => {
    const { call, tenantIdx } = await freshBrand();
    const guarantee = await create(call, { nftCardName: '보증서 카드' });
    const membership = await create(call, { nftCardName: '멤버십 카드', templateType: 'MEMBERSHIP' });
    await t.database.db.update(subscriptions).set({ planId: 'STANDARD_MONTHLY', isTrial: false }).where(eq(subscriptions.tenantIdx, tenantIdx));
    t.app.principals.forgetTenant(tenantIdx);
    const before = await dbRow(tenantIdx, membership.idx);
    const requests = [
      { method: 'POST' as const, url: URL, payload: { nftCardName: '새 멤버십', templateType: 'MEMBERSHIP' } },
      { method: 'GET' as const, url: `${URL}/list?templateType=MEMBERSHIP` },
      { method: 'GET' as const, url: `${URL}?templateType=MEMBERSHIP` },
      { method: 'GET' as const, url: `${URL}/${membership.idx}` },
      { method: 'PATCH' as const, url: `${URL}/${membership.idx}`, payload: { nftCardName: '바꿈' } },
      { method: 'PATCH' as const, url: `${URL}/${membership.idx}/setting`, payload: { useUserMinting: 'Y' } },
      { method: 'GET' as const, url: `${URL}/${membership.idx}/nft/field` },
      { method: 'PATCH' as const, url: `${URL}/${membership.idx}/nft/field`, payload: { useFieldSize: 'Y' } },
      { method: 'PATCH' as const, url: `${URL}/${membership.idx}/stop` },
    ];
    for (const r of requests) {
      const res = await call(r);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json()).toEqual({ code: 'FEATURE_DISABLED', message: MSG.featureBlocked });
    }
    expect(await dbRow(tenantIdx, membership.idx)).toEqual(before);
    // Its guarantee templates stay open; a list of every kind leaves the membership out.
    expect((await call({ method: 'GET', url: `${URL}?pageSize=100` })).json().data.list.map((x: Row) => x.idx)).toEqual([guarantee.idx]);
    expect((await patch(call, `/${guarantee.idx}`, { nftCardName: '보증서 카드 2' })).statusCode).toBe(200);
  });
});
