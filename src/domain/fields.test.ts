import { ValidationError } from 'yup';
import { bodyJsonSchemaOf, bodyOf, field, formValueOf, jsonOfField, recordJsonOfField, yupSchemaOf, type InputOf } from './resource';
import { FIELD_MSG } from './messages';

/** A contact form using the kinds the guarantees added: a phone with its country code, an image URL, conditional requirements. */
const contact = {
  fields: {
    countryCode: field.countryCode({ invalid: '국가 번호 오류', default: '82' }),
    tel: field.phone({
      required: '연락처 필수',
      max: { length: 20, message: '연락처 형식 오류' },
      countryField: 'countryCode',
      check: (tel, cc) => (cc === '82' && !tel.replace(/\D/g, '').startsWith('010') ? '국내 휴대폰만' : null),
    }),
    image: field.imageUrl({ invalid: '이미지 오류', accepts: (v) => v.startsWith('https://') }),
    productIdx: field.reference({ picker: 'product', required: '상품 오류' }),
    productName: field.text({ requiredWhen: { empty: 'productIdx', message: '상품명 필수' } }),
    category: field.select({ options: { 1: '가방' }, invalid: '카테고리 오류', requiredWhen: { flag: 'strict', empty: 'productIdx', message: '카테고리 필수' } }),
    orderedAt: field.date({ invalid: '날짜 형식 오류' }),
    since: field.date(),
  },
};

const errorsOf = async (body: unknown, context = {}) => {
  try {
    await yupSchemaOf(contact).validate(body, { abortEarly: false, context });
    return {};
  } catch (err) {
    return Object.fromEntries((err as ValidationError).inner.map((e) => [e.path, e.message]));
  }
};

describe('the phone, country code and image URL kinds, conditional requirements and a date message', () => {
  it('checks a phone against the sibling country code and defaults the code', async () => {
    expect(await errorsOf({ tel: ' 010-1234-5678 ', productIdx: 1 })).toEqual({});
    expect(await errorsOf({ tel: '02-123-4567', productIdx: 1 })).toEqual({ tel: '국내 휴대폰만' });
    expect(await errorsOf({ tel: '02-123-4567', countryCode: '44', productIdx: 1 })).toEqual({});
    expect(await errorsOf({ tel: ' ', countryCode: '12345', productIdx: 1 })).toEqual({ tel: '연락처 필수', countryCode: '국가 번호 오류' });
    expect(await errorsOf({ tel: '0'.repeat(21), countryCode: '44', productIdx: 1 })).toEqual({ tel: '연락처 형식 오류' });
    expect(await yupSchemaOf(contact).validate({ tel: '010-1234-5678', productIdx: 1 }, { stripUnknown: true })).toMatchObject({ countryCode: '82', tel: '010-1234-5678' });
  });

  it('accepts an image text only as its field accepts it', async () => {
    expect(await errorsOf({ tel: '01012345678', productIdx: 1, image: 'http://x/a.png' })).toEqual({ image: '이미지 오류' });
    expect(await errorsOf({ tel: '01012345678', productIdx: 1, image: ' https://x/a.png ' })).toEqual({});
  });

  it('requires a field when its sibling is empty, and only in the named context when a flag is given', async () => {
    expect(await errorsOf({ tel: '01012345678' })).toEqual({ productName: '상품명 필수' });
    expect(await errorsOf({ tel: '01012345678' }, { strict: true })).toEqual({ productName: '상품명 필수', category: '카테고리 필수' });
    expect(await errorsOf({ tel: '01012345678', productIdx: 3 }, { strict: true })).toEqual({});
  });

  it('names a bad day with the field\'s own message, else the common one', async () => {
    expect(await errorsOf({ tel: '01012345678', productIdx: 1, orderedAt: '2026-02-30', since: '2026/01/01' })).toEqual({ orderedAt: '날짜 형식 오류', since: FIELD_MSG.dateFormat });
  });

  it('sends the phone as digits, an empty country code as the default, an empty image as null', () => {
    expect(bodyOf(contact, { countryCode: ' ', tel: '010-1234-5678', image: ' ' })).toMatchObject({ countryCode: '82', tel: '01012345678', image: null });
    const input: InputOf<typeof contact> = { countryCode: '82', tel: '01012345678' };
    expect(input.tel).toBe('01012345678');
  });

  it('edits an external image as its URL, an upload as nothing; a missing code as the default', () => {
    expect(formValueOf(contact.fields.image, { path: null, url: 'https://x/a.png' })).toBe('https://x/a.png');
    expect(formValueOf(contact.fields.image, { path: '1/a.png', url: 'https://cdn/1/a.png' })).toBe('');
    expect(formValueOf(contact.fields.image, null)).toBe('');
    expect(formValueOf(contact.fields.countryCode, undefined)).toBe('82');
  });

  it('documents them in JSON Schema', () => {
    expect(jsonOfField(contact.fields.countryCode, 'cc')).toMatchObject({ type: 'string', pattern: '^\\d{1,4}$', default: '82' });
    expect(jsonOfField(contact.fields.tel, 'tel')).toMatchObject({ type: 'string', maxLength: 20 });
    expect(jsonOfField(contact.fields.image, 'image')).toMatchObject({ type: ['string', 'null'] });
    expect(recordJsonOfField(contact.fields.image, 'image')).toMatchObject({ type: ['object', 'null'], properties: { path: { type: ['string', 'null'] } } });
  });
});

/** A person using the kinds the customers added: a text choice, an e-mail, a day also typed as YYYYMMDD, a code left to the phone's check, a nullable key. */
const person = {
  fields: {
    gender: field.choice({ options: ['M', 'F'], invalid: '성별 오류' }),
    email: field.email({ invalid: '이메일 오류' }),
    birthday: field.date({ invalid: '생년월일 오류', compact: true }),
    countryCode: field.countryCode({ default: '82' }),
    groupIdx: field.integer({ nullable: true }),
  },
};

const personErrors = async (body: unknown) => {
  try {
    await yupSchemaOf(person).validate(body, { abortEarly: false });
    return {};
  } catch (err) {
    return Object.fromEntries((err as ValidationError).inner.map((e) => [e.path, e.message]));
  }
};

describe('the choice and e-mail kinds, a compact date and an unchecked country code', () => {
  it('accepts one of the choices or nothing (an empty choice is null)', async () => {
    expect(await personErrors({ gender: 'F' })).toEqual({});
    expect(await personErrors({ gender: null })).toEqual({});
    expect(await yupSchemaOf(person).validate({ gender: '' })).toMatchObject({ gender: null });
    expect(await personErrors({ gender: 'X' })).toEqual({ gender: '성별 오류' });
  });

  it('trims an e-mail, reads an empty one as null and refuses a malformed or too long one', async () => {
    expect(await yupSchemaOf(person).validate({ email: ' a@b.co ' })).toMatchObject({ email: 'a@b.co' });
    expect(await yupSchemaOf(person).validate({ email: '  ' })).toMatchObject({ email: null });
    expect(await personErrors({ email: 'x@' })).toEqual({ email: '이메일 오류' });
    expect(await personErrors({ email: `${'a'.repeat(250)}@b.co` })).toEqual({ email: '이메일 오류' });
  });

  it('takes a compact day as YYYY-MM-DD or YYYYMMDD, a real day only, and sends it as YYYYMMDD', async () => {
    expect(await personErrors({ birthday: '1990-01-02' })).toEqual({});
    expect(await personErrors({ birthday: '19900102' })).toEqual({});
    expect(await personErrors({ birthday: '19900230' })).toEqual({ birthday: '생년월일 오류' });
    expect(await personErrors({ birthday: '1990/01/02' })).toEqual({ birthday: '생년월일 오류' });
    expect(bodyOf(person, { birthday: '1990-01-02', gender: 'X', email: ' ' })).toMatchObject({ birthday: '19900102', gender: null, email: null });
    expect(bodyOf(person, { birthday: '' })).toMatchObject({ birthday: null });
  });

  it('leaves a country code without its own message to the phone (any text, an empty one kept)', async () => {
    expect(await personErrors({ countryCode: 'abc' })).toEqual({});
    expect(await yupSchemaOf(person).validate({})).toMatchObject({ countryCode: '82' });
    expect(jsonOfField(person.fields.countryCode, 'cc')).not.toHaveProperty('pattern');
  });

  it('documents them in JSON Schema', () => {
    expect(jsonOfField(person.fields.gender, 'g')).toMatchObject({ type: ['string', 'null'], enum: ['M', 'F', null] });
    expect(jsonOfField(person.fields.email, 'e')).toMatchObject({ type: ['string', 'null'], maxLength: 254 });
    expect(jsonOfField(person.fields.birthday, 'b')).toEqual({ type: ['string', 'null'], description: 'b (YYYY-MM-DD 또는 YYYYMMDD)' });
    expect(recordJsonOfField(person.fields.groupIdx, 'k')).toEqual({ type: ['integer', 'null'], description: 'k' });
  });
});

describe('a required multiline text', () => {
  const def = { fields: { idx: field.key(), memo: field.text({ multiline: true, required: '메모를 입력해 주세요', max: { length: 10, message: '10자까지' } }) } };
  it('refuses only spaces and line breaks as the form does, and keeps a real text as typed', async () => {
    const schema = yupSchemaOf(def as never);
    await expect(schema.validate({ memo: ' \n\t ' })).rejects.toThrow('메모를 입력해 주세요');
    expect(bodyOf(def as never, { memo: ' \n ' })).toEqual({ memo: null });
    expect(await schema.validate({ memo: ' 두 줄\n메모 ' })).toMatchObject({ memo: ' 두 줄\n메모 ' });
  });
});

describe('a required select (issue 22 A2)', () => {
  const def = { name: 'notice', fields: { idx: field.key(), kind: field.select({ options: { 1: '공지', 2: '이벤트' }, invalid: '종류가 올바르지 않아요', required: '종류를 골라 주세요' }) } };
  it('refuses an empty choice with its message, takes a code, and is required in the body schema without null', async () => {
    const schema = yupSchemaOf(def as never);
    await expect(schema.validate({})).rejects.toThrow('종류를 골라 주세요');
    await expect(schema.validate({ kind: '' })).rejects.toThrow('종류를 골라 주세요');
    expect(await schema.validate({ kind: '2' })).toMatchObject({ kind: 2 });
    const body = bodyJsonSchemaOf(def as never) as { required: string[]; properties: Record<string, unknown> };
    expect(body.required).toEqual(['kind']);
    expect(body.properties.kind).toMatchObject({ type: 'integer', enum: [1, 2] });
  });
});
