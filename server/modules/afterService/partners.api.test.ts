import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { latestMail, sessionOf, uniqueEmail } from '../../../tests/helpers/accounts';
import { AS_MSG } from '../../../src/domain/afterService';
import { asPartnerLinks } from '../../db/schema';
import { insertMainAccount } from '../accounts/repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const A = '/api/v1/admin';
type Session = Awaited<ReturnType<typeof sessionOf>>;
const links = async (s: Session, type = 'repair') => (await s.call({ method: 'GET', url: `${A}/${type}/partner` })).json().data.list as Record<string, unknown>[];
const invitations = async (s: Session, type = 'repair') => (await s.call({ method: 'GET', url: `${A}/${type}/invitation` })).json().data.list as Record<string, unknown>[];
const invite = (s: Session, email: string, type = 'repair') => s.call({ method: 'POST', url: `${A}/${type}/partner`, payload: { email } });
const accept = (s: Session, idx: unknown, type = 'repair') => s.call({ method: 'PATCH', url: `${A}/${type}/partner/${idx}/accept` });
const decline = (s: Session, idx: unknown, type = 'repair') => s.call({ method: 'PATCH', url: `${A}/${type}/partner/${idx}/decline` });

/** A fresh partner main account of a kind, made in the database (partners sign up outside the console). */
async function newPartner(adminType: 'repairer' | 'launderer', companyName: string) {
  const email = uniqueEmail(adminType);
  await insertMainAccount(t.database.db, { adminType, email, passwordHash: 'x', companyName, phoneNum: '01099998888', emailConfirmedAt: t.clock.now() });
  return { email, session: await sessionOf(t, email) };
}

describe(`A/S partner links (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('a brand invites a repairer by e-mail, the repairer is told, sees the invitation and accepts it', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    const partner = await newPartner('repairer', '초대수선');

    const res = await invite(brand, partner.email.replace('repairer', 'REPAIRER'));
    expect(res.statusCode, res.body).toBe(201);
    const idx = res.json().data.idx;
    expect((await latestMail(t, partner.email))?.subject).toContain('데모브랜드');
    // The demo seed links the brand to repair@demo.test (server/seed/afterService.ts): the invitation waits after it.
    expect(await links(brand)).toEqual([
      expect.objectContaining({ email: 'repair@demo.test', status: 'active' }),
      expect.objectContaining({ idx, companyName: '초대수선', email: partner.email, status: 'invited', acceptedAt: null }),
    ]);

    // The partner sees the brand's name and when, nothing else of the brand.
    const waiting = await invitations(partner.session);
    expect(waiting).toEqual([{ idx, brandName: '데모브랜드', createdAt: expect.any(String) }]);

    const accepted = await accept(partner.session, idx);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toEqual({ idx, status: 'active', acceptedAt: t.clock.now().toISOString() });
    expect(await links(brand)).toEqual([expect.objectContaining({ idx, status: 'active' })]);
    expect(await invitations(partner.session)).toEqual([]);
    expect((await accept(partner.session, idx)).statusCode).toBe(404);
  });

  it('accepting replaces the brand\'s active partner of the kind, and a partner serves several brands', async () => {
    const brandA = await sessionOf(t, 'other@demo.test');
    const brandB = await sessionOf(t, 'coop@demo.test');
    const first = await newPartner('launderer', '첫세탁');
    const second = await newPartner('launderer', '둘세탁');
    const firstIdx = (await invite(brandA, first.email, 'laundry')).json().data.idx;
    const secondIdx = (await invite(brandA, second.email, 'laundry')).json().data.idx;
    const inB = (await invite(brandB, first.email, 'laundry')).json().data.idx;
    expect((await invitations(first.session, 'laundry')).map((i) => i.brandName)).toEqual(['노르딕레더', '다른브랜드']);

    expect((await accept(first.session, firstIdx, 'laundry')).statusCode).toBe(200);
    expect((await accept(first.session, inB, 'laundry')).statusCode).toBe(200);
    expect((await accept(second.session, secondIdx, 'laundry')).statusCode).toBe(200);

    expect(await links(brandA, 'laundry')).toEqual([expect.objectContaining({ idx: secondIdx, email: second.email, status: 'active' })]);
    expect(await links(brandB, 'laundry')).toEqual([expect.objectContaining({ idx: inB, email: first.email, status: 'active' })]);
  });

  it('refuses unknown accounts, the other kind, brands and a second invitation as errors on the e-mail', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    const partner = await newPartner('repairer', '중복수선');
    await invite(brand, partner.email);
    const cases: [string, number, string][] = [
      ['nobody@partner.test', 400, AS_MSG.partnerNotFound],
      ['other@demo.test', 400, AS_MSG.partnerNotFound],
      ['laundry@demo.test', 400, AS_MSG.partnerWrongType('repair')],
      ['not-an-email', 400, AS_MSG.partnerEmailInvalid],
      [partner.email, 409, AS_MSG.partnerAlreadyLinked],
    ];
    for (const [email, status, message] of cases) {
      const res = await invite(brand, email);
      expect(res.statusCode, email).toBe(status);
      expect(res.json().errors.email, email).toBe(message);
    }
  });

  it('lets the brand remove a link, and never another brand\'s link nor another partner\'s invitation', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    const other = await sessionOf(t, 'other@demo.test');
    const partner = await newPartner('repairer', '삭제수선');
    const stranger = await newPartner('repairer', '남수선');
    const idx = (await invite(brand, partner.email)).json().data.idx;
    const row = () => t.database.db.select().from(asPartnerLinks).where(and(eq(asPartnerLinks.idx, idx)));

    expect((await other.call({ method: 'DELETE', url: `${A}/repair/partner/${idx}` })).statusCode).toBe(404);
    expect((await brand.call({ method: 'DELETE', url: `${A}/laundry/partner/${idx}` })).statusCode).toBe(404);
    expect((await accept(stranger.session, idx)).statusCode).toBe(404);
    expect(await row()).toHaveLength(1);
    expect((await brand.call({ method: 'DELETE', url: `${A}/repair/partner/${idx}` })).statusCode).toBe(200);
    expect(await row()).toEqual([]);
    expect(await invitations(partner.session)).toEqual([]);
  });

  it('lets the partner decline an invitation: it is gone for both sides, and the brand may invite again', async () => {
    const brand = await sessionOf(t, 'brand@demo.test');
    const partner = await newPartner('repairer', '거절수선');
    const idx = (await invite(brand, partner.email)).json().data.idx;
    expect(await invitations(partner.session)).toEqual([expect.objectContaining({ idx })]);

    const res = await decline(partner.session, idx);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { idx } });
    expect(await invitations(partner.session)).toEqual([]);
    expect((await links(brand)).map((l) => l.idx)).not.toContain(idx);
    expect(await links(brand)).not.toContainEqual(expect.objectContaining({ email: partner.email }));

    const again = await decline(partner.session, idx);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND', message: AS_MSG.invitationNotFound });
    expect((await accept(partner.session, idx)).statusCode).toBe(404);

    // The brand may invite the same partner again, and this time it can be accepted.
    const reinvited = await invite(brand, partner.email);
    expect(reinvited.statusCode, reinvited.body).toBe(201);
    const newIdx = reinvited.json().data.idx;
    expect(await invitations(partner.session)).toEqual([expect.objectContaining({ idx: newIdx, brandName: '데모브랜드' })]);
    expect(await links(brand)).toContainEqual(expect.objectContaining({ idx: newIdx, email: partner.email, status: 'invited' }));
  });

  it('declines only the caller\'s own waiting invitation of the kind: anything else is the same 404 and changes nothing', async () => {
    const brand = await sessionOf(t, 'other@demo.test');
    const partner = await newPartner('launderer', '거절세탁');
    const stranger = await newPartner('launderer', '남세탁');
    const idx = (await invite(brand, partner.email, 'laundry')).json().data.idx;
    const row = async (i: number) => (await t.database.db.select().from(asPartnerLinks).where(eq(asPartnerLinks.idx, i)))[0];
    const expectNotFound = async (res: Awaited<ReturnType<typeof decline>>, what: string) => {
      expect(res.statusCode, what).toBe(404);
      expect(res.json(), what).toEqual({ code: 'NOT_FOUND', message: AS_MSG.invitationNotFound });
    };

    // Another partner account of the same kind: 404, the invitation stays.
    await expectNotFound(await decline(stranger.session, idx, 'laundry'), 'another partner');
    expect(await row(idx)).toMatchObject({ status: 'invited', partnerIdx: expect.any(Number) });
    expect(await invitations(partner.session, 'laundry')).toEqual([expect.objectContaining({ idx })]);
    // An unknown idx answers the same.
    await expectNotFound(await decline(partner.session, 2_000_000_000, 'laundry'), 'unknown idx');

    // An accepted (active) link cannot be declined and stays active.
    expect((await accept(partner.session, idx, 'laundry')).statusCode).toBe(200);
    await expectNotFound(await decline(partner.session, idx, 'laundry'), 'active link');
    expect(await row(idx)).toMatchObject({ status: 'active' });
    expect(await links(brand, 'laundry')).toEqual([expect.objectContaining({ idx, email: partner.email, status: 'active' })]);
  });

  it('refuses sub-accounts the settings and every wrong role', async () => {
    const staff = await sessionOf(t, 'staff@demo.test');
    const repairer = await sessionOf(t, 'repair@demo.test');
    const launderer = await sessionOf(t, 'laundry@demo.test');
    const brand = await sessionOf(t, 'brand@demo.test');
    const refusals: [Session, Parameters<Session['call']>[0], string][] = [
      [staff, { method: 'GET', url: `${A}/repair/partner` }, 'SUB_ACCOUNT_FORBIDDEN'],
      [staff, { method: 'POST', url: `${A}/repair/partner`, payload: { email: 'repair@demo.test' } }, 'SUB_ACCOUNT_FORBIDDEN'],
      [staff, { method: 'DELETE', url: `${A}/laundry/partner/1` }, 'SUB_ACCOUNT_FORBIDDEN'],
      [repairer, { method: 'POST', url: `${A}/repair/partner`, payload: { email: 'repair@demo.test' } }, 'FORBIDDEN_ROLE'],
      [repairer, { method: 'GET', url: `${A}/laundry/invitation` }, 'FORBIDDEN_ROLE'],
      [launderer, { method: 'PATCH', url: `${A}/repair/partner/1/accept` }, 'FORBIDDEN_ROLE'],
      [brand, { method: 'GET', url: `${A}/repair/invitation` }, 'FORBIDDEN_ROLE'],
      [brand, { method: 'PATCH', url: `${A}/repair/partner/1/accept` }, 'FORBIDDEN_ROLE'],
      [launderer, { method: 'PATCH', url: `${A}/repair/partner/1/decline` }, 'FORBIDDEN_ROLE'],
      [repairer, { method: 'PATCH', url: `${A}/laundry/partner/1/decline` }, 'FORBIDDEN_ROLE'],
      [brand, { method: 'PATCH', url: `${A}/repair/partner/1/decline` }, 'FORBIDDEN_ROLE'],
      [staff, { method: 'PATCH', url: `${A}/laundry/partner/1/decline` }, 'FORBIDDEN_ROLE'],
    ];
    for (const [who, request, code] of refusals) {
      const res = await who.call(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(res.json().code).toBe(code);
    }
  });
});
