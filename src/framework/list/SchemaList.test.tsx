import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { memoryStore, type RaRecord } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { SchemaList, type ColumnSpec, type SearchDeclaration } from '.';
import { server, setupMsw, signIn } from '../../testing/server';
import { brandAccount } from '../../testing/fixtures';
import { renderAppAt } from '../../testing/render';
import { enter } from '../../testing/enter';
import { LIST_MSG } from '../../domain/listQuery';

setupMsw();

const PRODUCTS = '/api/v1/admin/partners-product';

const search: SearchDeclaration = {
  searchTypes: [
    { value: 'all', label: '전체' },
    { value: 'name', label: '상품명' },
    { value: 'code', label: '상품코드' },
  ],
  dateRange: true,
  dateLabel: '등록일',
  filters: [
    { type: 'checkbox', source: 'categoryCode', label: '카테고리', options: [{ value: '1', label: '가방' }, { value: '2', label: '지갑' }, { value: '3', label: '시계' }] },
    { type: 'radio', source: 'imageYn', label: '이미지', options: [{ value: 'Y', label: '있음' }, { value: 'N', label: '없음' }] },
    { type: 'select', source: 'brandIdx', label: '브랜드', options: [{ value: '7', label: '데모 브랜드' }, { value: '8', label: '두번째 브랜드' }] },
  ],
  defaultSort: { field: 'createdAt', order: 'DESC' },
};

const columns: ColumnSpec<RaRecord & { price?: number }>[] = [
  { source: 'name', label: '상품명', sortable: true },
  { source: 'code', label: '상품코드' },
  { source: 'price', label: '가격', render: (r) => `${(r.price ?? 0).toLocaleString('ko-KR')}원` },
];

type Row = { idx: number; name: string; code: string; price: number };
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ idx: i + 1, name: `상품${i + 1}`, code: `P-${i + 1}`, price: 1000 * (i + 1) }));

/** The fake products endpoint: records every query and answers `list` (all rows on one page) and `total`. */
function productsApi(list: Row[] = rows(3), total = list.length) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(PRODUCTS, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ data: { list, total } });
    }),
  );
  return {
    queries,
    last: () => Object.fromEntries(queries[queries.length - 1]!),
  };
}

function ProductList(props: { bulk?: (ids: unknown[]) => Promise<unknown> }) {
  return (
    <SchemaList
      resource="product"
      label="상품 목록"
      columns={columns}
      search={search}
      rowClick={(id) => `/b2b/product/${id}`}
      bulkActions={
        props.bulk
          ? [{ label: '삭제', confirmTitle: '상품 삭제', confirmContent: (n: number) => `선택한 ${n}개 상품을 삭제할까요?`, action: props.bulk, successMessage: '상품을 삭제했어요', color: 'error' }]
          : []
      }
    />
  );
}

const searchBox = () => screen.getByRole('textbox', { name: '검색어' });
const params = () => Object.fromEntries(new URLSearchParams(window.location.search));

beforeEach(() => signIn(brandAccount()));
afterEach(() => vi.useRealTimers());

describe('SchemaList: URL state', () => {
  it('restores the panel, page size and query from the URL on mount', async () => {
    const api = productsApi(rows(3), 120);
    renderAppAt('/b2b/product?searchType=code&searchText=a,b&startDate=2026-01-01&endDate=2026-01-31&categoryCode=1,3&imageYn=Y&brandIdx=8&page=2&pageSize=50&sort=name,ASC', <ProductList />);
    expect(await screen.findByText('상품1')).toBeInTheDocument();
    expect(api.last()).toEqual({
      page: '2',
      pageSize: '50',
      sort: 'name,ASC',
      searchType: 'code',
      searchText: 'a,b',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      categoryCode: '1,3',
      imageYn: 'Y',
      brandIdx: '8',
    });
    expect(screen.getByRole('combobox', { name: '검색 유형' })).toHaveValue('code');
    expect(searchBox()).toHaveValue('a, b');
    expect(screen.getByLabelText('시작일')).toHaveValue('2026-01-01');
    expect(screen.getByLabelText('종료일')).toHaveValue('2026-01-31');
    expect(screen.getByRole('checkbox', { name: '가방' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '지갑' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: '시계' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '있음' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: '브랜드' })).toHaveValue('8');
    expect(screen.getByRole('combobox', { name: '페이지당 표시' })).toHaveValue('50');
    expect(screen.getByText('총 120건')).toBeInTheDocument();
  });

  it('ignores invalid values in a hand-edited link', async () => {
    const api = productsApi();
    renderAppAt('/b2b/product?searchType=evil&pageSize=33&page=-1&sort=drop%20table&categoryCode=9&startDate=2026-13-45', <ProductList />);
    await screen.findByText('상품1');
    expect(api.last()).toEqual({ page: '1', pageSize: '25', sort: 'createdAt,DESC' });
  });

  it('builds the query of a search (terms, type, dates, filters) and goes back to page 1', async () => {
    const api = productsApi(rows(3), 300);
    const { user } = renderAppAt('/b2b/product?page=3&pageSize=50', <ProductList />);
    await screen.findByText('상품1');
    expect(api.last().page).toBe('3');

    await user.selectOptions(screen.getByRole('combobox', { name: '검색 유형' }), 'name');
    await enter(user, searchBox(), ' 가방 , 지갑,가방,');
    await user.click(screen.getByRole('checkbox', { name: '지갑' }));
    await user.click(screen.getByRole('checkbox', { name: '가방' }));
    await user.click(screen.getByRole('radio', { name: '없음' }));
    await user.selectOptions(screen.getByRole('combobox', { name: '브랜드' }), '7');
    fireEvent.change(screen.getByLabelText('시작일'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('종료일'), { target: { value: '2026-02-28' } });
    const before = api.queries.length;
    await user.click(screen.getByRole('button', { name: '검색' }));

    await waitFor(() => expect(api.queries.length).toBeGreaterThan(before));
    expect(api.last()).toEqual({
      page: '1',
      pageSize: '50',
      sort: 'createdAt,DESC',
      searchType: 'name',
      searchText: '가방,지갑',
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      categoryCode: '1,2',
      imageYn: 'N',
      brandIdx: '7',
    });
    expect(window.location.search).toBe('?searchType=name&searchText=%EA%B0%80%EB%B0%A9,%EC%A7%80%EA%B0%91&startDate=2026-02-01&endDate=2026-02-28&categoryCode=1,2&imageYn=N&brandIdx=7&pageSize=50');
    expect(searchBox()).toHaveValue('가방, 지갑');
  });

  it('searches on Enter in the search field', async () => {
    const api = productsApi();
    const { user } = renderAppAt('/b2b/product', <ProductList />);
    await screen.findByText('상품1');
    await user.type(searchBox(), 'P-1{Enter}');
    await waitFor(() => expect(api.last()).toMatchObject({ searchType: 'all', searchText: 'P-1', page: '1' }));
    expect(params()).toEqual({ searchType: 'all', searchText: 'P-1' });
  });

  it('resets: clears the panel and every list parameter of the URL, keeping foreign ones', async () => {
    const api = productsApi();
    const { user } = renderAppAt('/b2b/product?tab=2&searchType=name&searchText=x&categoryCode=2&imageYn=Y&startDate=2026-01-01&page=2&pageSize=100&sort=name,ASC', <ProductList />);
    await screen.findByText('상품1');
    await user.click(screen.getByRole('button', { name: '초기화' }));
    await waitFor(() => expect(window.location.search).toBe('?tab=2'));
    await waitFor(() => expect(api.last()).toEqual({ page: '1', pageSize: '25', sort: 'createdAt,DESC' }));
    expect(searchBox()).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: '지갑' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '전체' })).toBeChecked();
    expect(screen.getByLabelText('시작일')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: '페이지당 표시' })).toHaveValue('25');
  });

  it('changes the page size (PAGE_SIZES, default 25) and goes back to page 1', async () => {
    const api = productsApi(rows(3), 1000);
    const { user } = renderAppAt('/b2b/product?page=4', <ProductList />);
    await screen.findByText('상품1');
    const select = screen.getByRole('combobox', { name: '페이지당 표시' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['10개씩', '25개씩', '50개씩', '100개씩', '250개씩', '500개씩']);
    expect(select).toHaveValue('25');
    await user.selectOptions(select, '100');
    await waitFor(() => expect(api.last()).toMatchObject({ page: '1', pageSize: '100' }));
    expect(params()).toEqual({ pageSize: '100' });
  });

  it('sorts by a sortable column into sort=field,DIR', async () => {
    const api = productsApi();
    const { user } = renderAppAt('/b2b/product', <ProductList />);
    await screen.findByText('상품1');
    await user.click(screen.getByRole('button', { name: /상품명/ }));
    await waitFor(() => expect(api.last().sort).toBe('name,ASC'));
    expect(params()).toEqual({ sort: 'name,ASC' });
  });

  it('moves a page past the end (a stale link) to the last page', async () => {
    const api = productsApi(rows(3), 30);
    renderAppAt('/b2b/product?page=9&searchType=name&searchText=x', <ProductList />);
    await waitFor(() => expect(params()).toEqual({ searchType: 'name', searchText: 'x', page: '2' }));
    await waitFor(() => expect(api.last().page).toBe('2'));
  });

  it('follows Back to the previous search', async () => {
    const api = productsApi();
    const { user, router } = renderAppAt('/b2b/product?searchType=name&searchText=first', <ProductList />);
    await screen.findByText('상품1');
    await user.clear(searchBox());
    await user.type(searchBox(), 'second{Enter}');
    await waitFor(() => expect(api.last().searchText).toBe('second'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(searchBox()).toHaveValue('first'));
    await waitFor(() => expect(api.last().searchText).toBe('first'));
  });
});

describe('SchemaList: first rows (issue 24)', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The list's GETs so far, and what a component rendered after the list in the same pass saw of them. */
  function listFetches() {
    const spy = vi.spyOn(globalThis, 'fetch');
    const count = () => spy.mock.calls.filter(([url]) => String(url).includes(PRODUCTS)).length;
    const seen: number[] = [];
    const Probe = () => {
      seen.push(count());
      return null;
    };
    return { count, seen, Probe };
  }

  it("asks for a first visit's rows while the page renders, once: the query takes that answer", async () => {
    const api = productsApi();
    const { count, seen, Probe } = listFetches();
    renderAppAt('/b2b/product?sort=name,ASC', <><ProductList /><Probe /></>);
    expect(await screen.findByText('상품1')).toBeInTheDocument();
    // Asked before anything after the list rendered (a query asks only once the page has committed).
    expect(seen[0]).toBe(1);
    expect(count()).toBe(1);
    expect(api.last()).toEqual({ page: '1', pageSize: '25', sort: 'name,ASC' });
  });

  it('leaves a list read before to its query', async () => {
    productsApi();
    const { count, seen, Probe } = listFetches();
    const { router } = renderAppAt(
      '/b2b/product',
      <Routes>
        <Route path="/b2b/product" element={<><ProductList /><Probe /></>} />
        <Route path="*" element={<p>다른 화면</p>} />
      </Routes>,
    );
    expect(await screen.findByText('상품1')).toBeInTheDocument();
    await act(() => router.navigate('/b2b/home'));
    expect(await screen.findByText('다른 화면')).toBeInTheDocument();
    const before = seen.length;
    await act(() => router.navigate('/b2b/product'));
    expect(await screen.findByText('상품1')).toBeInTheDocument();
    // Nothing asked while it rendered; its query asks again once mounted (the rows may have changed).
    expect(seen[before]).toBe(1);
    await waitFor(() => expect(count()).toBe(2));
  });
});

describe('SearchPanel: search field', () => {
  it('turns a pasted multi-line block (spreadsheet cells) into comma-separated terms', async () => {
    const api = productsApi();
    const { user } = renderAppAt('/b2b/product', <ProductList />);
    await screen.findByText('상품1');
    await user.click(searchBox());
    await user.paste('P-1\r\nP-2\n\nP-3\n');
    expect(searchBox()).toHaveValue('P-1, P-2, P-3');
    await user.type(searchBox(), '{Enter}');
    await waitFor(() => expect(api.last().searchText).toBe('P-1,P-2,P-3'));
  });

  it('blocks a search of more than 10 terms with the message under the field', async () => {
    const api = productsApi();
    const { user } = renderAppAt('/b2b/product', <ProductList />);
    await screen.findByText('상품1');
    await user.click(searchBox());
    await user.paste(Array.from({ length: 11 }, (_, i) => `T${i}`).join('\n'));
    expect(screen.getByText(LIST_MSG.tooManyTerms)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '검색' })).toBeDisabled();
    const before = api.queries.length;
    await user.type(searchBox(), '{Enter}');
    expect(api.queries.length).toBe(before);
    expect(window.location.search).toBe('');

    // Ten is allowed.
    await user.clear(searchBox());
    await user.paste(Array.from({ length: 10 }, (_, i) => `T${i}`).join('\n'));
    expect(screen.queryByText(LIST_MSG.tooManyTerms)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(api.last().searchText).toBe('T0,T1,T2,T3,T4,T5,T6,T7,T8,T9'));
  });

  it('never searches while a Hangul composition is in progress', async () => {
    const api = productsApi();
    renderAppAt('/b2b/product', <ProductList />);
    await screen.findByText('상품1');
    const input = searchBox();
    const before = api.queries.length;

    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: '가방' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', isComposing: true });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' }); // composition flag still set (no compositionend yet)
    fireEvent.click(screen.getByRole('button', { name: '검색' })); // the button too waits for the composition
    await new Promise((r) => setTimeout(r, 50));
    expect(api.queries.length).toBe(before);
    expect(window.location.search).toBe('');
    expect(input).toHaveValue('가방');

    fireEvent.compositionEnd(input, { data: '가방' });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 229 }); // Safari: the Enter that ends a composition
    await new Promise((r) => setTimeout(r, 50));
    expect(api.queries.length).toBe(before);

    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(api.last().searchText).toBe('가방'));
  });

  it('does not rewrite a paste during a composition', async () => {
    productsApi();
    renderAppAt('/b2b/product', <ProductList />);
    await screen.findByText('상품1');
    const input = searchBox();
    fireEvent.compositionStart(input);
    const event = fireEvent.paste(input, { clipboardData: { getData: () => 'a\nb' } });
    expect(event).toBe(true); // not prevented: the browser's own paste
    expect(input).toHaveValue('');
  });
});

/** Many clicks and keystrokes: room for a busy machine (the default 5 s is not). */

describe('SearchPanel: dates', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T03:00:00Z'));
  });

  it('sets the dates from the presets and highlights the preset matching the range', async () => {
    const api = productsApi();
    const { user } = renderAppAt('/b2b/product', <ProductList />);
    await screen.findByText('상품1');
    const start = screen.getByLabelText('시작일');
    const end = screen.getByLabelText('종료일');
    expect(screen.getByRole('button', { name: '전체', pressed: true })).toBeInTheDocument();

    const cases: [string, string][] = [
      ['오늘', '2026-03-15'],
      ['7일', '2026-03-09'],
      ['14일', '2026-03-02'],
      ['1개월', '2026-02-16'],
      ['3개월', '2025-12-16'],
      ['6개월', '2025-09-16'],
    ];
    for (const [label, from] of cases) {
      await user.click(screen.getByRole('button', { name: label }));
      expect(start).toHaveValue(from);
      expect(end).toHaveValue('2026-03-15');
      expect(screen.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
    }
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '7일' }));
    await user.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(api.last()).toMatchObject({ startDate: '2026-03-09', endDate: '2026-03-15' }));

    // Editing a date by hand: no preset matches any more.
    fireEvent.change(start, { target: { value: '2026-03-10' } });
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '전체', pressed: false }));
    expect(start).toHaveValue('');
    expect(end).toHaveValue('');
  });

  it('takes today in Seoul just after midnight KST, whatever the process zone (issue 9 B16)', async () => {
    vi.setSystemTime(new Date('2026-11-23T15:05:00Z')); // 2026-11-24 00:05 KST, still the 23rd in UTC
    const api = productsApi();
    const { user } = renderAppAt('/b2b/product', <ProductList />);
    await screen.findByText('상품1');
    await user.click(screen.getByRole('button', { name: '오늘' }));
    expect(screen.getByLabelText('시작일')).toHaveValue('2026-11-24');
    expect(screen.getByLabelText('종료일')).toHaveValue('2026-11-24');
    await user.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(api.last()).toMatchObject({ startDate: '2026-11-24', endDate: '2026-11-24' }));
    await user.click(screen.getByRole('button', { name: '1개월' }));
    expect(screen.getByLabelText('시작일')).toHaveValue('2026-10-25');
    expect(screen.getByLabelText('종료일')).toHaveValue('2026-11-24');
  });

  it('shows typed dates as YYYY-MM-DD and searches only a whole day (issue 9 B11)', async () => {
    const api = productsApi();
    const { user } = renderAppAt('/b2b/product', <ProductList />);
    await screen.findByText('상품1');
    const start = screen.getByLabelText('시작일');
    expect(start).toHaveAttribute('type', 'text');
    expect(start).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    await user.type(start, '202603');
    expect(start).toHaveValue('2026-03');
    expect(screen.getByText('날짜는 YYYY-MM-DD 형식으로 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '검색' })).toBeDisabled();
    await user.type(start, '01');
    expect(start).toHaveValue('2026-03-01');
    await user.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(api.last()).toMatchObject({ startDate: '2026-03-01' }));
  });

  it('highlights the preset of a restored URL range', async () => {
    productsApi();
    renderAppAt('/b2b/product?startDate=2026-03-02&endDate=2026-03-15', <ProductList />);
    await screen.findByText('상품1');
    expect(screen.getByRole('button', { name: '14일' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('refuses a start date after the end date', async () => {
    const api = productsApi();
    renderAppAt('/b2b/product', <ProductList />);
    await screen.findByText('상품1');
    fireEvent.change(screen.getByLabelText('시작일'), { target: { value: '2026-03-20' } });
    fireEvent.change(screen.getByLabelText('종료일'), { target: { value: '2026-03-01' } });
    expect(screen.getByText('시작일은 종료일보다 늦을 수 없어요')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '검색' })).toBeDisabled();
    const before = api.queries.length;
    fireEvent.keyDown(searchBox(), { key: 'Enter', code: 'Enter' });
    await new Promise((r) => setTimeout(r, 50));
    expect(api.queries.length).toBe(before);
  });
});

describe('SchemaList: table', () => {
  it('shows the loading text in the table, then the rows and the total', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.get(PRODUCTS, async () => {
        await gate;
        return HttpResponse.json({ data: { list: rows(2), total: 2 } });
      }),
    );
    renderAppAt('/b2b/product', <ProductList />);
    const table = await screen.findByRole('table', { name: '상품 목록' });
    expect(within(table).getByText(LIST_MSG.loading)).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: '상품명' })).toBeInTheDocument();
    release();
    expect(await screen.findByText('상품2')).toBeInTheDocument();
    expect(screen.getByText('2,000원')).toBeInTheDocument();
    expect(screen.getByText('총 2건')).toBeInTheDocument();
    expect(screen.queryByText(LIST_MSG.loading)).not.toBeInTheDocument();
  });

  it('shows the empty text in the table', async () => {
    productsApi([], 0);
    renderAppAt('/b2b/product?searchType=name&searchText=nothing', <ProductList />);
    const table = await screen.findByRole('table', { name: '상품 목록' });
    expect(await within(table).findByText(LIST_MSG.empty)).toBeInTheDocument();
    expect(screen.getByText('총 0건')).toBeInTheDocument();
  });

  it('says so in the table when the list cannot be loaded, and retries', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {}); // the query's own log of the 500
    let calls = 0;
    server.use(
      http.get(PRODUCTS, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ code: 'INTERNAL', message: '서버 오류' }, { status: 500 }) : HttpResponse.json({ data: { list: rows(1), total: 1 } });
      }),
    );
    const { user } = renderAppAt('/b2b/product', <ProductList />);
    expect(await screen.findByText('목록을 불러오지 못했어요')).toBeInTheDocument();
    // The data layer's own error dialog, if any, is closed first.
    const dialog = screen.queryByRole('dialog');
    if (dialog) await user.click(within(dialog).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('상품1')).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('keeps a typed but unsubmitted search across a page change', async () => {
    productsApi(rows(3), 100);
    const { user } = renderAppAt('/b2b/product', <ProductList />);
    await screen.findByText('상품1');
    await enter(user, searchBox(), 'draft');
    await user.click(screen.getByRole('button', { name: /다음|next/i }));
    await waitFor(() => expect(params()).toEqual({ page: '2' }));
    expect(searchBox()).toHaveValue('draft');
  });

  it('asks before a bulk action, then runs it on the selected ids, notifies and clears the selection', async () => {
    productsApi(rows(3));
    let finish: () => void = () => {};
    const bulk = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const { user } = renderAppAt('/b2b/product', <ProductList bulk={bulk} />);
    await screen.findByText('상품1');
    const table = screen.getByRole('table', { name: '상품 목록' });
    const boxes = within(table).getAllByRole('checkbox');
    await user.click(boxes[1]!);
    await user.click(boxes[3]!);
    expect(await screen.findByText('2개 선택됨')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '삭제' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('상품 삭제');
    expect(dialog).toHaveTextContent('선택한 2개 상품을 삭제할까요?');
    expect(bulk).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: /취소/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bulk).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '삭제' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /삭제/ }));
    expect(bulk).toHaveBeenCalledWith([1, 3]);
    // Running: the dialog's buttons wait.
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('button', { name: /취소/ })).toBeDisabled());
    finish();
    expect(await screen.findByText('상품을 삭제했어요')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('2개 선택됨')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('table', { name: '상품 목록' })).getAllByRole('checkbox').filter((b) => (b as HTMLInputElement).checked)).toHaveLength(0);
  });

  it('forgets a selection when its page is left, and one an earlier visit left in the store (issue 23 #5)', async () => {
    productsApi(rows(3));
    const store = memoryStore({ 'product.selectedIds': [2] });
    const { user, router } = renderAppAt('/b2b/product', (
      <Routes>
        <Route path="/b2b/product" element={<ProductList bulk={vi.fn()} />} />
        <Route path="/b2b/home" element={<p>홈</p>} />
      </Routes>
    ), { store });
    await screen.findByText('상품1');
    const checked = () => within(screen.getByRole('table', { name: '상품 목록' })).getAllByRole('checkbox').filter((b) => (b as HTMLInputElement).checked);
    expect(screen.queryByText(/^[1-9]\d*개 선택됨$/)).not.toBeInTheDocument();
    expect(checked()).toHaveLength(0);

    await user.click(within(screen.getByRole('table', { name: '상품 목록' })).getAllByRole('checkbox')[1]!);
    expect(await screen.findByText('1개 선택됨')).toBeInTheDocument();
    await act(() => router.navigate('/b2b/home'));
    await screen.findByText('홈');
    expect(store.getItem('product.selectedIds')).toEqual([]);
    await act(() => router.navigate('/b2b/product'));
    await screen.findByText('상품1');
    expect(screen.queryByText(/^[1-9]\d*개 선택됨$/)).not.toBeInTheDocument();
    expect(checked()).toHaveLength(0);
  });

  it('keeps the selection and says so when the bulk action fails', async () => {
    productsApi(rows(2));
    const bulk = vi.fn(async () => {
      throw new Error('삭제하지 못했어요');
    });
    const { user } = renderAppAt('/b2b/product', <ProductList bulk={bulk} />);
    await screen.findByText('상품1');
    const boxes = within(screen.getByRole('table', { name: '상품 목록' })).getAllByRole('checkbox');
    await user.click(boxes[2]!);
    await user.click(screen.getByRole('button', { name: '삭제' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /삭제/ }));
    expect(bulk).toHaveBeenCalledWith([2]);
    expect(await screen.findByText('삭제하지 못했어요')).toBeInTheDocument();
    expect(screen.getByText('1개 선택됨')).toBeInTheDocument();
  });

  it('opens the row path on a row click, and from the keyboard through the first column link', async () => {
    productsApi(rows(2));
    const { user, router } = renderAppAt('/b2b/product', <ProductList />);
    await user.click(await screen.findByText('P-2'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/b2b/product/2'));

    await act(() => router.navigate('/b2b/product'));
    const link = await screen.findByRole('link', { name: '상품1' });
    expect(link).toHaveAttribute('href', '/b2b/product/1');
    act(() => link.focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/b2b/product/1'));
  });
});
