import { describe, expect, it } from 'vitest';
import { koMessages } from './ko';
import { FIELD_MSG, MSG } from '../domain/messages';
import { CUSTOMER_MSG } from '../domain/customer';
import { EXCEL_MSG } from '../domain/excel';
import { GUARANTEE_API_MSG, GUARANTEE_MSG, TEMPLATE_MSG } from '../domain/guarantee';
import { GUARANTEE_SHEET_MSG } from '../domain/guaranteeSheet';
import { LIST_MSG } from '../domain/listQuery';
import { PRODUCT_MSG } from '../domain/product';
import { TEMPLATE_RULE_MSG } from '../domain/template';
import { CERTIFICATE_TEXT } from '../domain/certificate';
import { TERMS_TEXT } from '../domain/terms';
import { productSheet } from '../domain/excel';
import { guaranteeSheetFor } from '../domain/guaranteeSheet';
import guaranteeKo from './resources/guarantee.ko';
import { templateKo } from './template.ko';
import productKo from './resources/product.ko';

/**
 * One spacing ("입력해 주세요") and one tone (해요체) across every Korean text the console and the
 * server show (developers' guide). The only exceptions are texts the spec fixes word for word.
 */
const CATALOGUES = {
  koMessages, MSG, FIELD_MSG, CUSTOMER_MSG, EXCEL_MSG, GUARANTEE_MSG, TEMPLATE_MSG, GUARANTEE_API_MSG, GUARANTEE_SHEET_MSG, LIST_MSG, PRODUCT_MSG,
  TEMPLATE_RULE_MSG, CERTIFICATE_TEXT, TERMS_TEXT,
};

/** Texts quoted verbatim by the spec, kept as written there although they break the rule. */
const SPEC_VERBATIM = new Set<string>([
  MSG.sessionExpired, // spec 1 section 8
  MSG.cardAlreadyRegistered, // spec 1 section 8
  MSG.cardRegisterFailed, // spec 1 section 8
  MSG.autoTopUpThreshold, // spec 1 section 4, spec 3
  MSG.imageUploadError, // spec 1 section 8, spec 2, spec 3
  MSG.noComparisonData, // spec 1 section 8, spec 3
  GUARANTEE_MSG.productRequired, // spec 2 (product picker)
  PRODUCT_MSG.imageMax(3), // spec 2, spec 3 (called with the sample count 3 below)
]);

/** "해주세요" without the space (입력해주세요, 선택해주세요, 로그인 해주세요). */
const UNSPACED = /해주세요/;
/** 합니다체 and 하십시오체 endings: 습니다, 습니까, 입니다, 됩니다, 합니다, 십시오. */
const FORMAL = /(습니다|습니까|입니다|됩니다|합니다|십시오)/;
/** A set phrase, not a sentence ending: the sign-up mail's 감사합니다. */
const SET_PHRASES = /감사합니다/g;

/** Sample arguments for the message functions: counts, links, names, lists of labels. */
const SAMPLE_ARGS: unknown[][] = [[3, 'https://example.test/link', '가'], [['항목', '가격']], ['가', 3]];
const uncalled: string[] = [];

/** What a message function says for the first sample arguments it accepts. */
function callSample(fn: (...args: unknown[]) => unknown, path: string): unknown {
  for (const args of SAMPLE_ARGS) {
    try {
      const text = fn(...args);
      if (typeof text === 'string') return text;
    } catch {
      // Try the next shape of arguments.
    }
  }
  uncalled.push(path);
  return null;
}

/** Every string of a catalogue with its path; functions are called with sample arguments. */
function texts(node: unknown, path: string): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (typeof node === 'function') return texts(callSample(node as (...args: unknown[]) => unknown, path), `${path}()`);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => texts(v, `${path}.${k}`));
}

const all = Object.entries(CATALOGUES).flatMap(([name, catalogue]) => texts(catalogue, name));
const checked = all.filter(([, text]) => /[가-힣]/.test(text) && !SPEC_VERBATIM.has(text));

describe('Korean texts: one spacing and one tone', () => {
  it('scans the catalogues (a sanity check that the walk reaches them)', () => {
    expect(checked.length).toBeGreaterThan(500);
    expect(checked.some(([path]) => path.startsWith('MSG.'))).toBe(true);
    expect(checked.some(([path]) => path.startsWith('koMessages.'))).toBe(true);
    expect(uncalled).toEqual([]);
  });

  it('writes "해 주세요" with a space', () => {
    expect(checked.filter(([, text]) => UNSPACED.test(text))).toEqual([]);
  });

  it('speaks 해요체: no 습니다/합니다/입니다/십시오 endings outside the spec’s verbatim texts', () => {
    expect(checked.filter(([, text]) => FORMAL.test(text.replace(SET_PHRASES, '')))).toEqual([]);
  });

  it('the rule catches what it forbids', () => {
    expect(UNSPACED.test('이름을 입력해주세요')).toBe(true);
    expect(UNSPACED.test('이름을 입력해 주세요')).toBe(false);
    expect(FORMAL.test('저장했습니다')).toBe(true);
    expect(FORMAL.test('저장했어요')).toBe(false);
  });
});

describe('one name for the model number (spec 2: the product code, "code (model number)")', () => {
  it('is 모델번호 in the product form and detail, the product sheet, the guarantee form, sheet and certificate', () => {
    const headerOf = (columns: readonly { key: string; header: string }[], key: string) => columns.find((c) => c.key === key)?.header;
    const names = {
      productForm: productKo.product.fields.code,
      productSheet: headerOf(productSheet.columns, 'code'),
      guaranteeForm: guaranteeKo.guarantee.fields.modelNumber,
      guaranteeSheet: headerOf(guaranteeSheetFor(false).columns, 'modelNumber'),
      cooperatorSheet: headerOf(guaranteeSheetFor(true).columns, 'modelNumber'),
      certificate: CERTIFICATE_TEXT.labels.modelNumber,
      templatePreview: templateKo.template.mintingFields.modelNumber,
    };
    expect(new Set(Object.values(names))).toEqual(new Set(['모델번호']));
    // The product's other identifier keeps its own name, so no sheet column says 모델번호 twice.
    expect(headerOf(productSheet.columns, 'modelNum')).toBe(productKo.product.fields.modelNum);
    expect(productSheet.columns.filter((c) => c.header === '모델번호')).toHaveLength(1);
  });
});
