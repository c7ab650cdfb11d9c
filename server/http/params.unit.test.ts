import { FIELD_MSG } from '../../src/domain/messages';
import type { FieldErrors } from '../../src/domain/errors';
import { ApiError } from './errors';
import { idxParams, parseIdx, pagingQuery, readPaging, type PageRule } from './params';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected a refusal');
};

describe('parseIdx', () => {
  it('reads a positive integer a PostgreSQL integer column holds', () => {
    expect(parseIdx('1')).toBe(1);
    expect(parseIdx('2147483647')).toBe(2_147_483_647);
    expect(parseIdx(42)).toBe(42);
  });

  it('answers anything else as the row\'s 404, with its message', () => {
    for (const raw of ['abc', '0', '-1', '1.5', '1e3', ' 1', '', '2147483648', '99999999999999999999', undefined, null, {}]) {
      const err = refusal(() => parseIdx(raw, '없는 템플릿'));
      expect([err.status, err.message], String(raw)).toEqual([404, '없는 템플릿']);
    }
  });
});

describe('idxParams', () => {
  it('reads the path key by its own name', () => {
    expect(idxParams()({ idx: '7' })).toEqual({ idx: 7 });
    expect(idxParams(undefined, 'storeIdx')({ storeIdx: '7' })).toEqual({ storeIdx: 7 });
    expect(refusal(() => idxParams('없는 매장', 'storeIdx')({ idx: '7' })).message).toBe('없는 매장');
  });
});

describe('readPaging', () => {
  it('defaults page to 1 and the page size to the rule\'s default', () => {
    expect(readPaging({}, {})).toEqual({ page: 1, pageSize: 25 });
    expect(readPaging({ page: '', pageSize: '' }, {})).toEqual({ page: 1, pageSize: 25 });
  });

  it('adds a message per bad parameter to the caller\'s errors', () => {
    const errors: FieldErrors = {};
    readPaging({ page: '1e309', pageSize: '7' }, errors);
    expect(errors).toEqual({ page: FIELD_MSG.pageInvalid, pageSize: FIELD_MSG.pageSizeInvalid });
  });

  it('refuses a page whose first row lies beyond any safe offset', () => {
    const errors: FieldErrors = {};
    readPaging({ page: String(Number.MAX_SAFE_INTEGER), pageSize: '500' }, errors);
    expect(errors).toEqual({ page: FIELD_MSG.pageInvalid });
  });

  it('takes a list of sizes or any size up to a maximum', () => {
    const upTo: PageRule = { sizes: { max: 500 }, defaultSize: 25, sizeMessage: FIELD_MSG.pageSizeRange };
    expect(readPaging({ pageSize: '2' }, {}, upTo).pageSize).toBe(2);
    const errors: FieldErrors = {};
    readPaging({ pageSize: '501' }, errors, upTo);
    expect(errors).toEqual({ pageSize: FIELD_MSG.pageSizeRange });
  });
});

describe('pagingQuery', () => {
  it('answers a bad query with 400 naming the parameter', () => {
    const err = refusal(() => pagingQuery()({ page: '0' }));
    expect([err.status, err.code, err.errors]).toEqual([400, 'VALIDATION_FAILED', { page: FIELD_MSG.pageInvalid }]);
  });
});
