import { describe, expect, it } from 'vitest';
import { emptySearchValues, fromFilterPayload, parseListUrl, serializeListUrl, toFilterPayload, type SearchDeclaration } from './urlParams';

const decl: SearchDeclaration = {
  searchTypes: [
    { value: 'all', label: '전체' },
    { value: 'name', label: '상품명' },
  ],
  dateRange: true,
  filters: [
    { type: 'checkbox', source: 'categoryCode', label: '카테고리', options: ['1', '2', '3'].map((v) => ({ value: v, label: v })) },
    { type: 'radio', source: 'status', label: '상태', options: [{ value: 'Y', label: 'Y' }, { value: 'N', label: 'N' }] },
    { type: 'radio', source: 'kind', label: '종류', allLabel: false, options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
  ],
};

describe('parseListUrl', () => {
  it('reads the flat API names', () => {
    expect(parseListUrl('?searchType=name&searchText=a,b&startDate=2026-01-01&endDate=2026-01-31&categoryCode=1,2&status=N&kind=b&page=2&pageSize=50&sort=createdAt,ASC', decl)).toEqual({
      searchType: 'name',
      searchText: 'a,b',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      filters: { categoryCode: ['1', '2'], status: 'N', kind: 'b' },
      page: 2,
      pageSize: 50,
      sort: { field: 'createdAt', order: 'ASC' },
    });
  });

  it('falls back to defaults on anything invalid', () => {
    expect(parseListUrl('?searchType=x&page=0&pageSize=7&sort=name&categoryCode=1,9,1&status=Z&kind=z&startDate=2026-02-30x', decl)).toEqual({
      searchType: 'all',
      searchText: '',
      startDate: null,
      endDate: null,
      filters: { categoryCode: ['1'], status: '', kind: 'a' },
      page: 1,
      pageSize: 25,
      sort: { field: 'createdAt', order: 'DESC' },
    });
  });

  it('normalizes terms (trim, dedupe, at most 10) and swaps reversed dates', () => {
    const s = parseListUrl(`?searchText=${encodeURIComponent(' a , b,a,,' + Array.from({ length: 12 }, (_, i) => `t${i}`).join(','))}&startDate=2026-03-01&endDate=2026-02-01`, decl);
    expect(s.searchText.split(',')).toHaveLength(10);
    expect(s.searchText.startsWith('a,b,t0')).toBe(true);
    expect([s.startDate, s.endDate]).toEqual(['2026-02-01', '2026-03-01']);
  });
});

describe('serializeListUrl', () => {
  it('writes only what differs from the defaults, commas readable, foreign parameters kept', () => {
    const state = { ...parseListUrl('', decl), searchType: 'name', searchText: '가,b', filters: { categoryCode: ['2', '3'], status: '', kind: 'a' }, page: 3 };
    expect(serializeListUrl(state, decl, '?tab=x&page=9')).toBe('?tab=x&searchType=name&searchText=%EA%B0%80,b&categoryCode=2,3&page=3');
    expect(serializeListUrl(parseListUrl('', decl), decl)).toBe('');
  });

  it('round-trips', () => {
    const url = '?searchType=name&searchText=a,b&startDate=2026-01-01&endDate=2026-01-31&categoryCode=1,2&status=N&kind=b&page=2&pageSize=50&sort=name,ASC';
    expect(serializeListUrl(parseListUrl(url, decl), decl)).toBe(url);
  });
});

describe('filter payload', () => {
  it('drops empty values and sends searchType only with a text', () => {
    expect(toFilterPayload(emptySearchValues(decl), decl)).toEqual({ kind: 'a' });
    const values = { ...emptySearchValues(decl), searchType: 'name', searchText: 'a,b', startDate: '2026-01-01', filters: { categoryCode: ['1'], status: 'Y', kind: 'b' } };
    expect(toFilterPayload(values, decl)).toEqual({ searchType: 'name', searchText: 'a,b', startDate: '2026-01-01', categoryCode: ['1'], status: 'Y', kind: 'b' });
    expect(fromFilterPayload(toFilterPayload(values, decl), decl)).toEqual(values);
  });
});

describe('declared query names', () => {
  const named: SearchDeclaration = {
    ...decl,
    sortFields: ['createdAt', 'name'],
    names: {
      searchType: 'target',
      searchText: 'keyword',
      omitDefaultSearchType: true,
      sort: { field: 'orderBy', order: 'orderDirection' },
      filterObject: { param: 'options', startDate: 'from', endDate: 'to' },
    },
    filters: [{ type: 'checkbox', source: 'categoryCode', label: '카테고리', numeric: true, options: ['1', '2'].map((v) => ({ value: v, label: v })) }],
  };

  it('reads and writes them, the filters and dates as one JSON object', () => {
    const url = '?target=name&keyword=a,b&options={%22categoryCode%22:[2,1],%22from%22:%222026-01-01%22}&page=2&orderBy=name&orderDirection=ASC';
    const state = parseListUrl(url, named);
    expect(state).toMatchObject({ searchType: 'name', searchText: 'a,b', startDate: '2026-01-01', filters: { categoryCode: ['2', '1'] }, sort: { field: 'name', order: 'ASC' } });
    expect(serializeListUrl(state, named)).toBe(url);
    expect(toFilterPayload(state, named)).toEqual({ target: 'name', keyword: 'a,b', options: '{"categoryCode":[2,1],"from":"2026-01-01"}' });
  });

  it('leaves the default type out of the URL only, and drops unknown sort fields and malformed objects', () => {
    const state = parseListUrl('?target=all&keyword=a&orderBy=price&orderDirection=ASC&options=[1]', named);
    expect(state).toMatchObject({ filters: { categoryCode: [] }, sort: { field: 'createdAt', order: 'ASC' } });
    expect(serializeListUrl(state, named)).toBe('?keyword=a&orderBy=createdAt&orderDirection=ASC');
    expect(toFilterPayload(state, named)).toEqual({ target: 'all', keyword: 'a' });
  });
});
