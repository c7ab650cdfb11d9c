import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { MEMBERSHIP_MSG, membershipTemplateSchema, membershipTitle } from './membership';
import { toFieldErrors } from './validation/account';

const TODAY = '2026-11-24';
const valid = { nftCardName: 'VIP 멤버십', expireType: 'DAY', expireDays: 365 };

/** The field errors of a body, or {} when it passes (context: today in Seoul). */
async function errorsOf(body: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await membershipTemplateSchema.validate(body, { abortEarly: false, stripUnknown: true, context: { today: TODAY } });
    return {};
  } catch (err) {
    if (err instanceof ValidationError) return toFieldErrors(err);
    throw err;
  }
}
const cast = (body: Record<string, unknown>) => membershipTemplateSchema.validate(body, { stripUnknown: true, context: { today: TODAY } });

describe('membership template rules (spec 2 section 5, Membership)', () => {
  it('accepts a card with an expiry by days', async () => {
    expect(await errorsOf(valid)).toEqual({});
    expect((await cast(valid)).templateType).toBe('MEMBERSHIP');
  });

  it('requires the card name', async () => {
    expect(await errorsOf({ ...valid, nftCardName: '  ' })).toEqual({ nftCardName: MEMBERSHIP_MSG.cardNameRequired });
  });

  it('requires the expire days when the type is day, at least 1', async () => {
    expect(await errorsOf({ ...valid, expireDays: '' })).toEqual({ expireDays: MEMBERSHIP_MSG.expireDaysRequired });
    expect(await errorsOf({ ...valid, expireDays: 0 })).toEqual({ expireDays: MEMBERSHIP_MSG.expireDaysInvalid });
  });

  it('requires a valid expire date not before today (Seoul) when the type is date, and appends 23:59:59', async () => {
    const byDate = { nftCardName: '연간', expireType: 'DATE' };
    expect(await errorsOf(byDate)).toEqual({ expireDate: MEMBERSHIP_MSG.expireDateRequired });
    expect(await errorsOf({ ...byDate, expireDate: '2026-02-30' })).toEqual({ expireDate: MEMBERSHIP_MSG.expireDateInvalid });
    expect(await errorsOf({ ...byDate, expireDate: '2026-11-23' })).toEqual({ expireDate: MEMBERSHIP_MSG.expireDatePast });
    expect(await errorsOf({ ...byDate, expireDate: TODAY })).toEqual({});
    const saved = await cast({ ...byDate, expireDate: TODAY, expireDays: 30 });
    expect(saved.expireDate).toBe('2026-11-24 23:59:59');
    expect(saved.expireDays).toBeNull();
    // An edit sends the stored value back unchanged.
    expect((await cast({ ...byDate, expireDate: '2026-12-31 23:59:59' })).expireDate).toBe('2026-12-31 23:59:59');
  });

  it('refuses an unknown expire type and drops the date of an expiry by days', async () => {
    expect(await errorsOf({ ...valid, expireType: 'MONTH' })).toEqual({ expireType: MEMBERSHIP_MSG.expireTypeInvalid });
    expect((await cast({ ...valid, expireDate: '2027-01-01' })).expireDate).toBeNull();
  });

  it('needs both name and URL of a custom link', async () => {
    const errors = await errorsOf({ ...valid, nftCustomLinks: [{ name: '홈페이지', url: '' }] });
    expect(errors['nftCustomLinks[0].url']).toBe('링크 이름과 URL을 모두 입력해 주세요');
    expect(await errorsOf({ ...valid, nftCustomLinks: [{ name: '', url: 'https://example.test' }] })).toEqual({ 'nftCustomLinks[0].name': '링크 이름과 URL을 모두 입력해 주세요' });
  });

  it('requires a benefit title', async () => {
    expect(await errorsOf({ ...valid, benefits: [{ title: '', contents: '5% 할인' }] })).toEqual({ 'benefits[0].title': MEMBERSHIP_MSG.benefitTitleRequired });
  });

  it('requires an attached coupon\'s title, and its number or URL unless offline', async () => {
    expect(await errorsOf({ ...valid, partnersCoupon: [{ title: '', couponNumber: 'A1' }] })).toEqual({ 'partnersCoupon[0].title': MEMBERSHIP_MSG.couponTitleRequired });
    expect(await errorsOf({ ...valid, partnersCoupon: [{ title: '웰컴' }] })).toEqual({ 'partnersCoupon[0].couponNumber': MEMBERSHIP_MSG.couponNumberOrUrlRequired });
    expect(await errorsOf({ ...valid, partnersCoupon: [{ title: '웰컴', offline: 'Y' }] })).toEqual({});
    expect(await errorsOf({ ...valid, partnersCoupon: [{ title: '웰컴', couponUrl: 'https://shop.test/c' }] })).toEqual({});
  });

  it('refuses an attached coupon ending before today', async () => {
    const coupon = { title: '웰컴', couponNumber: 'A1' };
    expect(await errorsOf({ ...valid, partnersCoupon: [{ ...coupon, endDate: '2026-11-23' }] })).toEqual({ 'partnersCoupon[0].endDate': MEMBERSHIP_MSG.couponEndPast });
    expect(await errorsOf({ ...valid, partnersCoupon: [{ ...coupon, endDate: TODAY }] })).toEqual({});
  });
});

describe('membership template inputs', () => {
  it('takes a cleared optional text (null from the form) as empty', async () => {
    const body = await cast({ ...valid, benefits: [{ title: '할인', contents: null }], partnersCoupon: [{ title: '쿠폰', offline: 'Y', couponNumber: null, endDate: null }] });
    expect(body.benefits).toEqual([{ title: '할인', contents: '' }]);
    expect(body.partnersCoupon[0]).toMatchObject({ couponNumber: '', couponUrl: '', endDate: '' });
  });
});

describe('a membership named in a sentence', () => {
  it('adds 멤버십 to a name without it, and never twice', () => {
    expect(membershipTitle('VIP')).toBe('VIP 멤버십');
    expect(membershipTitle('테스트 골드 멤버십')).toBe('테스트 골드 멤버십');
  });
});
