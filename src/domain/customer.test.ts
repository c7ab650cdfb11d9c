import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import {
  CUSTOMER_MSG, customerDownloadSchema, customerSettingSchema, gradeFor,
  gradeListSchema, latestGradeSlot, marketableSince, parseCustomerFilters, pointAmountOf, signUpRateOf,
} from './customer';
import { customerFormSchema } from './resources/customer';
import { FIELD_MSG } from './messages';
import { GUARANTEE_MSG } from './guarantee';
import { toFieldErrors } from './validation/account';

async function errorsOf(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (err) {
    if (err instanceof ValidationError) return toFieldErrors(err);
    throw err;
  }
}

describe('points', () => {
  it('is floor(paymentAmount × rate %), exact in integers', () => {
    expect(pointAmountOf(10_000, 1)).toBe(100);
    expect(pointAmountOf(12_345, 2.5)).toBe(308); // 308.625
    expect(pointAmountOf(100, 0.29)).toBe(0); // 0.29, never a float artefact
    expect(pointAmountOf(10_000, 0.29)).toBe(29);
    expect(pointAmountOf(999, 10)).toBe(99);
    expect(pointAmountOf(5000, 0)).toBe(0);
    expect(pointAmountOf(-10, 5)).toBe(0);
  });
});

describe('marketable customers', () => {
  const now = new Date('2026-11-22T03:00:00Z');
  it('looks six calendar months back for a recent order', () => {
    expect(marketableSince(now).toISOString()).toBe('2026-05-22T03:00:00.000Z');
  });
  it('rounds the sign-up rate to two decimals', () => {
    expect(signUpRateOf(1, 3)).toBe(33.33);
    expect(signUpRateOf(2, 3)).toBe(66.67);
    expect(signUpRateOf(0, 0)).toBe(0);
  });
});

describe('grades', () => {
  const grades = [
    { groupNo: 1, minPurchaseAmount: 0, minPurchaseCount: 0, name: 'BASIC' },
    { groupNo: 2, minPurchaseAmount: 100_000, minPurchaseCount: 2, name: 'SILVER' },
    { groupNo: 3, minPurchaseAmount: 500_000, minPurchaseCount: 5, name: 'GOLD' },
  ];
  it('gives the highest grade whose amount and count are both met', () => {
    expect(gradeFor(grades, 0, 0)?.name).toBe('BASIC');
    expect(gradeFor(grades, 100_000, 1)?.name).toBe('BASIC');
    expect(gradeFor(grades, 100_000, 2)?.name).toBe('SILVER');
    expect(gradeFor(grades, 900_000, 4)?.name).toBe('SILVER');
    expect(gradeFor(grades, 500_000, 5)?.name).toBe('GOLD');
    expect(gradeFor(grades.slice(1), 10, 1)).toBeNull();
  });
  it('checks the whole list: names unique, group numbers ascending, amounts whole', async () => {
    expect(await errorsOf(gradeListSchema, { list: grades })).toEqual({});
    expect(await errorsOf(gradeListSchema, { list: [] })).toEqual({ list: CUSTOMER_MSG.gradesRequired });
    expect(await errorsOf(gradeListSchema, {
      list: [{ name: 'A', groupNo: 2 }, { name: 'A', groupNo: 1, minPurchaseAmount: -1 }, { name: ' ', groupNo: 3, minPurchaseCount: 1.5 }],
    })).toEqual({
      'list[0].name': CUSTOMER_MSG.gradeNameDuplicate, 'list[1].name': CUSTOMER_MSG.gradeNameDuplicate, 'list[1].groupNo': CUSTOMER_MSG.groupNoOrder,
      'list[1].minPurchaseAmount': CUSTOMER_MSG.minAmountInvalid, 'list[2].name': CUSTOMER_MSG.gradeNameRequired, 'list[2].minPurchaseCount': CUSTOMER_MSG.minCountInvalid,
    });
    expect(await errorsOf(gradeListSchema, { list: Array.from({ length: 11 }, (_, i) => ({ name: `G${i}`, groupNo: i + 1 })) })).toEqual({ list: CUSTOMER_MSG.gradesTooMany });
  });
  it('schedules runs at 03:00 Asia/Seoul on the schedule days', () => {
    // 2026-11-22 02:59 KST: the daily slot is yesterday's 03:00 KST.
    expect(latestGradeSlot('daily', new Date('2026-11-21T17:59:00Z')).toISOString()).toBe('2026-11-20T18:00:00.000Z');
    expect(latestGradeSlot('daily', new Date('2026-11-21T18:00:00Z')).toISOString()).toBe('2026-11-21T18:00:00.000Z');
    expect(latestGradeSlot('monthly', new Date('2026-11-21T18:00:00Z')).toISOString()).toBe('2026-10-31T18:00:00.000Z');
    expect(latestGradeSlot('quarterly', new Date('2026-11-21T18:00:00Z')).toISOString()).toBe('2026-09-30T18:00:00.000Z');
    expect(latestGradeSlot('half-yearly', new Date('2026-11-21T18:00:00Z')).toISOString()).toBe('2026-06-30T18:00:00.000Z');
    expect(latestGradeSlot('yearly', new Date('2026-11-21T18:00:00Z')).toISOString()).toBe('2025-12-31T18:00:00.000Z');
    // 1 January 02:00 KST: the yearly slot is still last year's.
    expect(latestGradeSlot('yearly', new Date('2026-12-31T17:00:00Z')).toISOString()).toBe('2025-12-31T18:00:00.000Z');
  });
});

describe('forms', () => {
  it('checks the customer form with the guarantee phone rules', async () => {
    const ok = { customerName: '홍길동', customerPhone: '010-1234-5678', userGender: 'M', birthday: '1990-01-02', email: 'a@b.co' };
    expect(await errorsOf(customerFormSchema, ok)).toEqual({});
    expect(await errorsOf(customerFormSchema, { customerName: ' ', customerPhone: '050-1234-5678', userGender: 'X', birthday: '19900230', email: 'x@' })).toEqual({
      customerName: CUSTOMER_MSG.nameRequired, customerPhone: GUARANTEE_MSG.safeNumberRejected, userGender: CUSTOMER_MSG.genderInvalid,
      birthday: CUSTOMER_MSG.birthdayInvalid, email: CUSTOMER_MSG.emailFormat,
    });
    expect(await errorsOf(customerFormSchema, { customerName: 'a' })).toEqual({ customerPhone: GUARANTEE_MSG.ordererTelRequired });
  });
  it('checks the download request: e-mail, file password with letter, digit and special, reason', async () => {
    expect(await errorsOf(customerDownloadSchema, { email: 'a@b.co', password: 'ab12!@', reason: '정산' })).toEqual({});
    expect(await errorsOf(customerDownloadSchema, { email: 'nope', password: 'abc123', reason: ' ' })).toEqual({
      email: FIELD_MSG.emailFormat, password: FIELD_MSG.filePasswordRule, reason: CUSTOMER_MSG.reasonRequired,
    });
    expect((await errorsOf(customerDownloadSchema, { email: 'a@b.co', password: 'a1!', reason: 'x' })).password).toBe(FIELD_MSG.filePasswordRule);
  });
  it('checks settings: point rate 0..100 with two decimals', async () => {
    expect(await errorsOf(customerSettingSchema, { pointRate: 2.55, gradeSchedule: 'quarterly' })).toEqual({});
    expect(await errorsOf(customerSettingSchema, { pointRate: 2.555, gradeSchedule: 'weekly', gradePeriodMonths: 0 })).toEqual({
      pointRate: CUSTOMER_MSG.pointRateInvalid, gradeSchedule: CUSTOMER_MSG.gradeScheduleInvalid, gradePeriodMonths: CUSTOMER_MSG.gradePeriodInvalid,
    });
    expect((await errorsOf(customerSettingSchema, { pointRate: 101 })).pointRate).toBe(CUSTOMER_MSG.pointRateInvalid);
  });
  it('reads filterOptions as a JSON object and refuses anything else', () => {
    expect(parseCustomerFilters('')).toEqual({});
    expect(parseCustomerFilters('{"gender":["M"],"groupIdx":[0,3],"hasWallet":"Y","registeredFrom":"2026-01-01"}'))
      .toEqual({ gender: ['M'], groupIdx: [0, 3], hasWallet: 'Y', registeredFrom: '2026-01-01' });
    expect(parseCustomerFilters('gender=M')).toBeNull();
    expect(parseCustomerFilters('{"gender":"X"}')).toBeNull();
    expect(parseCustomerFilters('{"registeredTo":"2026-13-01"}')).toBeNull();
    expect(parseCustomerFilters('{"unknown":1}')).toBeNull();
  });
});
