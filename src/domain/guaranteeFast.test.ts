import { ValidationError } from 'yup';
import { castGuaranteeInput } from './guarantee';
import { guaranteeSchema } from './resources/guarantee';
// Other countries' phones (the server loads this module up front).
import './phoneIntl';

/**
 * castGuaranteeInput is guaranteeSchema without yup, for the rows the schema accepts: wherever it
 * answers a value, the schema must accept the same row and cast it to the same value. Rows are
 * generated from per-field pools of valid, invalid, blank and oddly typed values.
 */

const POOLS: Record<string, unknown[]> = {
  nftTemplateIdx: [undefined, null, 1, 7, 0, -3, 1.5, '2', '', Number.NaN],
  ordererName: [undefined, null, '홍길동', '  김 고객  ', '', '   ', 'x'.repeat(100), 'x'.repeat(101), 12345, true],
  ordererCountryCode: [undefined, undefined, '82', ' 82 ', '1', '44', 82, '', 'abc', '12345', null],
  ordererTel: [undefined, null, '010-1234-5678', ' 01012345678 ', '010 1234 5678', '+82 10-1234-5678', '050-1234-5678', '070-1234-5678', '02-123-4567', '2025550123', '12', 'abc', '', 1012345678, '0'.repeat(101)],
  orderedAt: [undefined, null, '', '2026-01-05', ' 2026-01-05 ', '2026-02-30', '2026/01/05', 20260105],
  refOrderId: [undefined, null, '', 'A-1', ' B-2 ', 12345, 'y'.repeat(101), false],
  storeIdx: [undefined, null, 3, 0, -1, 2.5, '4'],
  storeName: [undefined, null, '', '신세계 강남점', ' 매장 '],
  brandIdx: [undefined, null, 1, 0, -2, 1.5, '3', ''],
  partnersProductIdx: [undefined, null, 5, 0, -1, '5', ''],
  productName: [undefined, null, '', '  ', '시그니처 토트백', ' 이름 ', 'p'.repeat(100), 'p'.repeat(101), 99],
  warrantyDate: [undefined, null, '', '2027-12-31', '2027-13-01'],
  price: [undefined, null, '', 150000, '150,000', ' 1,000 ', 0, -1, 1.5, 100_000_000, 100_000_001, 'abc', Number.NaN, '  '],
  paymentAmount: [undefined, null, 140000, '140000', -5, Number.POSITIVE_INFINITY],
  productCode: [undefined, null, '', 'PC-1', 7],
  modelNumber: [undefined, null, '', 'DB-BAG-001', ' DB-WAL-002 ', 'z'.repeat(101)],
  productImage: [undefined, null, '', 'https://cdn.example.com/a.jpg', 'https://cdn.example.com/a.gif', '12/abc-1.png', '12/abc.bmp', 'ftp://x/a.png', ' https://x.test/b.webp '],
  categoryCode: [undefined, null, '', 1, 7, 8, 0, '3', 2.5, Number.NaN],
  material: [undefined, null, '가죽', ''],
  size: [undefined, null, 'M'],
  weight: [undefined, null, '1kg'],
  customField: [undefined, undefined, null, { a: 1 }],
  temporary: [undefined, undefined, true, false, 'true', null],
  reservationDays: [undefined, undefined, null, '', 1, 365, 366, 0, 2.5, '7'],
  deliveredAt: [undefined, null, '2026-01-10', 'bad'],
  unknownKey: [undefined, 'dropped'],
};

/** A small deterministic PRNG (mulberry32), so a failure reproduces. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The schema's answer: the cast value, or the errors. */
function viaYup(input: unknown, requireBrand: boolean): { value: unknown } | { error: string[] } {
  try {
    return { value: guaranteeSchema.validateSync(input ?? {}, { abortEarly: false, stripUnknown: true, context: { requireBrand } }) };
  } catch (err) {
    if (err instanceof ValidationError) return { error: err.errors };
    return { error: [String(err)] };
  }
}

/** A valid row like a sheet's, with one field changed (valid rows mostly differ in one place). */
const base = {
  ordererName: '벤치 고객', ordererTel: '010-2000-0001', ordererCountryCode: '82', orderedAt: '2026-01-05', productName: '벤치 상품',
  modelNumber: 'DB-BAG-001', categoryCode: 3, price: 150_000, paymentAmount: 140_000, refOrderId: 'R-1', storeName: '신세계 강남점',
};

describe('castGuaranteeInput (guaranteeSchema without yup)', () => {
  // Thousands of rows through yup: allowed more than the unit default on a busy machine.
  it('answers exactly what the schema answers wherever it answers, over generated rows', { timeout: 30_000 }, () => {
    const random = prng(20261122);
    const pick = (xs: unknown[]) => xs[Math.floor(random() * xs.length)];
    let answered = 0;
    let checked = 0;
    for (let n = 0; n < 6000; n++) {
      // Half the rows start valid and change a few fields; the rest are drawn field by field.
      const row: Record<string, unknown> = n % 2 === 0 ? { ...base, brandIdx: 1 } : {};
      const keys = Object.keys(POOLS);
      const changes = n % 2 === 0 ? 1 + Math.floor(random() * 3) : keys.length;
      for (let c = 0; c < changes; c++) {
        const key = n % 2 === 0 ? (pick(keys) as string) : keys[c];
        const value = pick(POOLS[key]);
        if (value === undefined) delete row[key];
        else row[key] = value;
      }
      for (const requireBrand of [false, true]) {
        checked++;
        const fast = castGuaranteeInput(row, requireBrand);
        if (fast === null) continue;
        answered++;
        expect({ row, requireBrand, result: viaYup(row, requireBrand) }).toEqual({ row, requireBrand, result: { value: fast } });
      }
    }
    // The shortcut must actually take a good share of the rows, or it saves nothing.
    expect(answered).toBeGreaterThan(checked / 5);
  });

  it('takes the rows of a sheet and a form, with the cast values (trimmed, default country code, blanks as undefined)', () => {
    expect(viaYup(base, false)).toEqual({ value: castGuaranteeInput(base, false) });
    expect(castGuaranteeInput(base, false)).toMatchObject({ ordererName: '벤치 고객', ordererTel: '010-2000-0001', price: 150_000 });
    const loose = { ordererName: ' 고객 ', ordererTel: ' 01012345678 ', productName: ' 상품 ', price: '1,000', categoryCode: '', reservationDays: null, extra: 1 };
    expect(castGuaranteeInput(loose, false)).toEqual({ ordererName: '고객', ordererCountryCode: '82', ordererTel: '01012345678', productName: '상품', price: 1000 });
    expect(viaYup(loose, false)).toEqual({ value: castGuaranteeInput(loose, false) });
    expect(castGuaranteeInput(null, false)).toBeNull();
  });

  it('leaves to the schema every row it refuses, so its messages are the schema’s', () => {
    const refused = [
      { ...base, ordererTel: '050-1234-5678' },
      { ...base, ordererName: '' },
      { ...base, productName: '' },
      { ...base, categoryCode: 9 },
      { ...base, orderedAt: '2026-02-30' },
      { ...base, productImage: 'https://x.test/a.gif' },
      { ...base, price: -1 },
      { ...base, reservationDays: 400 },
    ];
    for (const row of refused) {
      expect('error' in viaYup(row, false)).toBe(true);
      expect(castGuaranteeInput(row, false)).toBeNull();
    }
    // A cooperator's row needs a brand, and a category unless a catalogue product is named.
    expect(castGuaranteeInput(base, true)).toBeNull();
    expect(castGuaranteeInput({ ...base, brandIdx: 2 }, true)).not.toBeNull();
    expect(castGuaranteeInput({ ...base, brandIdx: 2, categoryCode: null }, true)).toBeNull();
    expect(castGuaranteeInput({ ...base, brandIdx: 2, categoryCode: null, partnersProductIdx: 4 }, true)).not.toBeNull();
  });
});
