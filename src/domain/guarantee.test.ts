import { describe, expect, it } from 'vitest';
import {
  GUARANTEE_MSG, NFT_STATUS, NFT_TRANSITIONS, TEMPLATE_MSG, bulkIssueFailureMessage, canTransition,
  customerFacingStatus, deleteOperationFor, fieldSettingSchema, isBulkImageUrl, isYmd, normalizePhone,
  phoneError, statusesForFilter, templateSchema, templateSettingSchema,
} from './guarantee';
import { guaranteeSchema } from './resources/guarantee';
// Other countries' phones (the server and the forms load this module up front).
import './phoneIntl';

const messagesOf = async (schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown, context = {}) => {
  try {
    await schema.validate(value, { abortEarly: false, context });
    return {};
  } catch (e) {
    // The first message per field, as a form shows it.
    const out: Record<string, string> = {};
    for (const i of (e as { inner: { path: string; message: string }[] }).inner) out[i.path] ??= i.message;
    return out;
  }
};

describe('status machine (spec 2 section 4)', () => {
  // Written out rather than derived, so a changed transition table fails here.
  const legal: Record<keyof typeof NFT_TRANSITIONS, number[]> = {
    complete: [1, 2, 7, 11],
    cancel: [3, 4],
    cancelPending: [5],
    deleteWaiting: [1, 2, 7],
    remove: [9, 10, 11],
    issueReservation: [7],
  };

  it.each(Object.entries(legal))('%s starts only from %j', (op, from) => {
    for (const status of Object.values(NFT_STATUS)) {
      expect(canTransition(op as keyof typeof NFT_TRANSITIONS, status), `${op} from ${status}`).toBe(from.includes(status));
    }
  });

  it('delete keeps waiting ones as cancelReady and removes finished ones; issued ones cannot be deleted', () => {
    expect([1, 2, 7].map(deleteOperationFor)).toEqual(['deleteWaiting', 'deleteWaiting', 'deleteWaiting']);
    expect(NFT_TRANSITIONS.deleteWaiting.to).toBe(NFT_STATUS.cancelReady);
    expect([9, 10, 11].map(deleteOperationFor)).toEqual(['remove', 'remove', 'remove']);
    expect([3, 4, 5].map(deleteOperationFor)).toEqual([null, null, null]);
  });

  it('the complete filter includes pending; the others match themselves', () => {
    expect(statusesForFilter(3)).toEqual([3, 5]);
    expect(statusesForFilter(1)).toEqual([1]);
    expect(statusesForFilter(9)).toEqual([9]);
  });

  it('shows issued statuses to the customer as 발급, cancel as 발급 취소, the rest as nothing', () => {
    expect([3, 4, 5].map(customerFacingStatus)).toEqual(['발급', '발급', '발급']);
    expect(customerFacingStatus(9)).toBe('발급 취소');
    expect([1, 2, 7, 10, 11].map(customerFacingStatus)).toEqual([null, null, null, null, null]);
  });
});

describe('phones (international, 050/070 refused for Korea)', () => {
  it.each(['010-1234-5678', '01012345678', '02-123-4567', '051-123-4567'])('accepts %s for 82', (tel) => {
    expect(phoneError(tel, '82')).toBeNull();
  });
  it.each(['0505-123-4567', '050-1234-5678', '070-1234-5678', '07012345678'])('refuses the safe or internet number %s for 82', (tel) => {
    expect(phoneError(tel, '82')).toBe(GUARANTEE_MSG.safeNumberRejected);
  });
  it('checks numbers by their own country, where 070 may be valid', () => {
    expect(phoneError('2025550123', '1')).toBeNull();
    expect(phoneError('7012345678', '81')).toBeNull();
    expect(phoneError('12345', '82')).toBe(GUARANTEE_MSG.ordererTelInvalid);
    expect(phoneError('010-abcd-5678', '82')).toBe(GUARANTEE_MSG.ordererTelInvalid);
    expect(phoneError('', '82')).toBe(GUARANTEE_MSG.ordererTelRequired);
    expect(phoneError('01012345678', '82a')).toBe(GUARANTEE_MSG.countryCodeInvalid);
  });
  it('stores Korean numbers as national digits with their leading 0', () => {
    expect(normalizePhone('010-1234-5678')).toBe('01012345678');
    expect(normalizePhone('10 1234 5678')).toBe('01012345678');
    expect(normalizePhone('202-555-0123', '1')).toBe('2025550123');
  });
});

describe('guaranteeSchema', () => {
  it('needs an orderer, a valid phone and a product (picked or typed)', async () => {
    expect(await messagesOf(guaranteeSchema, {})).toMatchObject({
      ordererName: GUARANTEE_MSG.ordererNameRequired,
      ordererTel: GUARANTEE_MSG.ordererTelRequired,
      productName: GUARANTEE_MSG.productNameRequired,
    });
    expect(await messagesOf(guaranteeSchema, { ordererName: '홍길동', ordererTel: '010-1234-5678', partnersProductIdx: 3 })).toEqual({});
  });

  it('checks dates as real YYYY-MM-DD days and amounts as non-negative numbers up to 100,000,000', async () => {
    const base = { ordererName: '홍길동', ordererTel: '010-1234-5678', productName: '가방' };
    expect(await messagesOf(guaranteeSchema, { ...base, orderedAt: '2026-02-30', price: '-1', paymentAmount: '100,000,001' })).toEqual({
      orderedAt: GUARANTEE_MSG.dateFormat,
      price: GUARANTEE_MSG.amountFormat,
      paymentAmount: GUARANTEE_MSG.amountMax,
    });
    const ok = await guaranteeSchema.validate({ ...base, orderedAt: '2026-02-28', price: '1,234,000' });
    expect(ok.price).toBe(1234000);
    expect(ok.ordererCountryCode).toBe('82');
  });

  it('asks cooperator accounts for the brand, and for the category of a typed-in product', async () => {
    const base = { ordererName: '홍길동', ordererTel: '010-1234-5678', productName: '가방' };
    expect(await messagesOf(guaranteeSchema, base, { requireBrand: true })).toEqual({
      brandIdx: GUARANTEE_MSG.brandRequired,
      categoryCode: GUARANTEE_MSG.categoryRequired,
    });
    expect(await messagesOf(guaranteeSchema, { ...base, brandIdx: 2, categoryCode: 1 }, { requireBrand: true })).toEqual({});
  });

  it('accepts product images as jpg, jpeg, png or webp URLs only', async () => {
    expect(isBulkImageUrl('https://cdn.example.com/a/b.JPG')).toBe(true);
    expect(isBulkImageUrl('https://cdn.example.com/a/b.webp?x=1')).toBe(true);
    expect(isBulkImageUrl('https://cdn.example.com/a/b.gif')).toBe(false);
    expect(isBulkImageUrl('ftp://cdn.example.com/a.png')).toBe(false);
    expect(isBulkImageUrl('not a url.png')).toBe(false);
    const base = { ordererName: '홍길동', ordererTel: '010-1234-5678', productName: '가방' };
    expect(await messagesOf(guaranteeSchema, { ...base, productImage: 'https://x.test/a.gif' })).toEqual({ productImage: GUARANTEE_MSG.imageUrlInvalid });
  });

  it('isYmd refuses impossible days and other formats', () => {
    expect(isYmd('2024-02-29')).toBe(true);
    expect(isYmd('2023-02-29')).toBe(false);
    expect(isYmd('2024-2-9')).toBe(false);
  });
});

describe('bulk issue failure codes (spec 2 section 8)', () => {
  it('names the known codes and falls back to "may already be issuing"', () => {
    expect(bulkIssueFailureMessage('MEMBERSHIP_NFT_ALREADY_EXISTS')).toBe(GUARANTEE_MSG.membershipAlreadyExists);
    expect(bulkIssueFailureMessage('UNSUPPORTED_FILE_TYPE')).toBe(GUARANTEE_MSG.unsupportedFileType);
    expect(bulkIssueFailureMessage('SOMETHING_ELSE')).toBe(GUARANTEE_MSG.alreadyIssuing);
    expect(bulkIssueFailureMessage(undefined)).toBe(GUARANTEE_MSG.alreadyIssuing);
  });
});

describe('template schemas speak Korean for every rule', () => {
  it('card name, link pairs, list and text limits, Y/N choices', async () => {
    expect(await messagesOf(templateSchema, { nftCardName: '', nftCustomLinks: [{ name: '홈', url: '' }, { name: '몰', url: 'shop.test' }] })).toEqual({
      nftCardName: TEMPLATE_MSG.cardNameRequired,
      'nftCustomLinks[0].url': TEMPLATE_MSG.linkIncomplete,
      'nftCustomLinks[1].url': TEMPLATE_MSG.linkUrlInvalid,
    });
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `필드${i}` }));
    expect(await messagesOf(templateSchema, { nftCardName: 'a'.repeat(101), nftCustomFields: many })).toEqual({
      nftCardName: GUARANTEE_MSG.textTooLong,
      nftCustomFields: TEMPLATE_MSG.listTooLong,
    });
    expect(await messagesOf(templateSettingSchema, { useUserMinting: 'X' })).toEqual({ useUserMinting: TEMPLATE_MSG.choiceInvalid });
    expect(await messagesOf(fieldSettingSchema, { nftCustomContents: [{ title: '보증 기간', contents: 'x'.repeat(2001) }] })).toEqual({
      'nftCustomContents[0].contents': TEMPLATE_MSG.contentTooLong,
    });
  });

  it('starts the field settings with the three default content titles', () => {
    expect(fieldSettingSchema.cast({}).nftCustomContents.map((c) => c.title)).toEqual(['보증 기간', '교환 및 반품 안내', 'A/S 주의사항']);
  });
});
