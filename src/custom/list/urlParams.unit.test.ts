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
