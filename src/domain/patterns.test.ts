import {
  BUSINESS_NUMBER, DATE_YMD, EMAIL, GENERAL_PHONE, MOBILE_PHONE,
  digitsOnly, formatBusinessNumber, formatPhone, isStrongPassword, isValidBusinessNumber,
} from './patterns';

describe('patterns (spec 1 section 5)', () => {
  it('accepts mobile numbers 01[0179] with or without hyphens', () => {
    for (const ok of ['010-1234-5678', '01012345678', '011-123-4567', '017-1234-5678', '019-123-4567']) expect(MOBILE_PHONE.test(ok), ok).toBe(true);
    for (const bad of ['012-1234-5678', '010-12-5678', '02-123-4567', '010-1234-56789', '']) expect(MOBILE_PHONE.test(bad), bad).toBe(false);
  });

  it('accepts general phone numbers, including the short 3-4/4 form', () => {
    for (const ok of ['02-123-4567', '031-1234-5678', '1577-1234', '123-4567']) expect(GENERAL_PHONE.test(ok), ok).toBe(true);
    for (const bad of ['1-2-3', '02-12-4567', 'abc-defg-hijk']) expect(GENERAL_PHONE.test(bad), bad).toBe(false);
  });

  it('matches business numbers 3-2-5 and dates YYYY-MM-DD', () => {
    expect(BUSINESS_NUMBER.test('120-81-23456')).toBe(true);
    expect(BUSINESS_NUMBER.test('1208123456')).toBe(true);
    expect(BUSINESS_NUMBER.test('12-081-23456')).toBe(false);
    expect(DATE_YMD.test('2026-11-22')).toBe(true);
    for (const bad of ['2026-13-01', '2026-00-10', '2026-01-32', '26-01-01', '2026/01/01']) expect(DATE_YMD.test(bad), bad).toBe(false);
  });

  it('checks e-mail shape', () => {
    expect(EMAIL.test('brand@demo.test')).toBe(true);
    for (const bad of ['brand@demo', 'brand demo@x.com', '@demo.test', 'brand@demo.t']) expect(EMAIL.test(bad), bad).toBe(false);
  });

  it('requires a letter, a digit and a special character, 8 long (6 for file passwords)', () => {
    expect(isStrongPassword('Passw0rd!')).toBe(true);
    expect(isStrongPassword('demo1234!')).toBe(true);
    for (const bad of ['password1', 'Pass!word', '12345678!', 'Pa1!']) expect(isStrongPassword(bad), bad).toBe(false);
    expect(isStrongPassword('Pa1!xy', 6)).toBe(true);
    expect(isStrongPassword('Pa1!x', 6)).toBe(false);
  });

  it('verifies the National Tax Service check digit of business numbers', () => {
    for (const ok of ['1208123456', '120-81-23456', '2208123455', '4208123453']) expect(isValidBusinessNumber(ok), ok).toBe(true);
    for (const bad of ['1208123457', '120812345', '12081234567', '12-0812-3456', 'abcdefghij', '']) expect(isValidBusinessNumber(bad), bad).toBe(false);
  });

  it('formats while typing and strips to digits', () => {
    expect(digitsOnly('010-1234-5678')).toBe('01012345678');
    expect(formatPhone('01012345678')).toBe('010-1234-5678');
    expect(formatPhone('0111234567')).toBe('011-123-4567');
    expect(formatPhone('0212345678')).toBe('02-1234-5678');
    expect(formatPhone('021234567')).toBe('02-123-4567');
    expect(formatPhone('0101')).toBe('010-1');
    expect(formatPhone('15771234')).toBe('1577-1234');
    expect(formatPhone('157712')).toBe('1577-12');
    expect(formatBusinessNumber('1208123456')).toBe('120-81-23456');
    expect(formatBusinessNumber('1208')).toBe('120-8');
  });
});
