import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { P, PASSWORD, as, confirmedBrand, signIn, uniqueEmail } from '../../../tests/helpers/accounts';
import { FIELD_MSG } from '../../../src/domain/messages';
import { partnerships } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newMember = (over: Record<string, string> = {}) => ({ email: uniqueEmail('member'), password: PASSWORD, companyName: '김직원', phoneNum: '010-2222-3333', ...over });

describe(`members: sub-accounts of a brand (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('creates a confirmed sub-account of the tenant that can sign in at once', async () => {
    const brand = await confirmedBrand(t);
    const call = as(t, brand.token);
    const body = newMember();
    const created = await call({ method: 'POST', url: `${P}/members`, payload: body });
    expect(created.statusCode).toBe(201);
    const member = created.json().data;
    const main = (await call({ method: 'GET', url: P })).json().data;
    expect(member).toMatchObject({ parentIdx: main.idx, email: body.email, companyName: '김직원', phoneNum: '01022223333' });
    expect(member).not.toHaveProperty('passwordHash');

    const memberToken = await signIn(t, body.email);
    const identity = (await as(t, memberToken)({ method: 'GET', url: P })).json().data;
    expect(identity).toMatchObject({ adminType: 'b2b', b2bType: 'brand', parentIdx: main.idx, brand: main.brand, subscriptionState: 'TRIAL' });
  });

  it('validates the body and refuses a taken e-mail', async () => {
    const brand = await confirmedBrand(t);
    const call = as(t, brand.token);
    const bad = await call({ method: 'POST', url: `${P}/members`, payload: { email: 'x', password: 'weak', companyName: '', phoneNum: '' } });
    expect(bad.json().errors).toMatchObject({
      email: FIELD_MSG.emailFormat, password: FIELD_MSG.passwordRule, companyName: FIELD_MSG.contactNameRequired, phoneNum: FIELD_MSG.phoneRequired,
    });
    const taken = await call({ method: 'POST', url: `${P}/members`, payload: newMember({ email: brand.email.toUpperCase() }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'DUPLICATE_EMAIL', errors: { email: FIELD_MSG.emailDuplicate } });
  });

  it('lists, reads, updates and deletes only the tenant\'s sub-accounts', async () => {
    const brand = await confirmedBrand(t);
    const call = as(t, brand.token);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await call({ method: 'POST', url: `${P}/members`, payload: newMember({ companyName: `직원${i}` }) })).json().data.idx);

    const page = (await call({ method: 'GET', url: `${P}/members?page=1&pageSize=2` })).json().data;
    expect(page.total).toBe(3);
    expect(page.list.map((m: { idx: number }) => m.idx)).toEqual([ids[2], ids[1]]);
    const byName = (await call({ method: 'GET', url: `${P}/members?sort=companyName,ASC` })).json().data.list;
    expect(byName.map((m: { companyName: string }) => m.companyName)).toEqual(['직원0', '직원1', '직원2']);
    const unknownSort = (await call({ method: 'GET', url: `${P}/members?sort=passwordHash,ASC` })).json().data.list;
    expect(unknownSort.map((m: { idx: number }) => m.idx)).toEqual([ids[2], ids[1], ids[0]]);

    expect((await call({ method: 'GET', url: `${P}/members/${ids[0]}` })).json().data.companyName).toBe('직원0');
    const updated = await call({ method: 'PATCH', url: `${P}/members/${ids[0]}`, payload: { companyName: '바뀐이름', phoneNum: '01099998888' } });
    expect(updated.json().data).toMatchObject({ companyName: '바뀐이름', phoneNum: '01099998888' });
    const invalid = await call({ method: 'PATCH', url: `${P}/members/${ids[0]}`, payload: { companyName: '', phoneNum: '01099998888' } });
    expect(invalid.json().errors).toEqual({ companyName: FIELD_MSG.contactNameRequired });

    const main = (await call({ method: 'GET', url: P })).json().data;
    expect((await call({ method: 'GET', url: `${P}/members/${main.idx}` })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `${P}/members/${main.idx}` })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `${P}/members/abc` })).statusCode).toBe(404);

    expect((await call({ method: 'DELETE', url: `${P}/members/${ids[1]}` })).json().data).toEqual({ idx: ids[1] });
    expect((await call({ method: 'GET', url: `${P}/members/${ids[1]}` })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `${P}/members` })).json().data.total).toBe(2);
  });

  it('ends a deleted member\'s sessions at once', async () => {
    const brand = await confirmedBrand(t);
    const call = as(t, brand.token);
    const body = newMember();
    const { idx } = (await call({ method: 'POST', url: `${P}/members`, payload: body })).json().data;
    const memberToken = await signIn(t, body.email);
    expect((await as(t, memberToken)({ method: 'GET', url: P })).statusCode).toBe(200);
    await call({ method: 'DELETE', url: `${P}/members/${idx}` });
    expect((await as(t, memberToken)({ method: 'GET', url: P })).statusCode).toBe(401);
    expect(await t.database.db.select().from(partnerships).where(eq(partnerships.idx, idx))).toHaveLength(0);
  });
});
