import type { ReactNode } from 'react';
import * as XLSX from 'xlsx';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Routes, Route } from 'react-router-dom';
import { renderAppAt } from '../../testing/render';
import { enter } from '../../testing/enter';
import { fail, json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount, nonSubscriber } from '../../testing/fixtures';
import { subscription } from '../../domain/testing/partnerships';
import { MSG } from '../../domain/messages';
import { GUARANTEE_MSG } from '../../domain/guarantee';
import GuaranteeList from './GuaranteeList';
import GuaranteeCreate from './GuaranteeCreate';
import GuaranteeOfflineCreate from './GuaranteeOfflineCreate';
import GuaranteeEdit from './GuaranteeEdit';
import GuaranteeShow from './GuaranteeShow';
import GuaranteePublish from './GuaranteePublish';
import type { Guarantee } from './api';

setupMsw();

const NFT = '/api/v1/admin/nft';
const STORES = '/api/v1/admin/store/list';
const BRANDS = '/api/v1/admin/brand/list';
const TEMPLATES = '/api/v1/admin/nft-template/list';
const PRODUCTS = '/api/v1/admin/partners-product';

function row(i: number, over: Partial<Guarantee> = {}): Guarantee {
  return {
    id: i,
    idx: i,
    nftNumber: `G-2026-${String(i).padStart(5, '0')}`,
    nftType: 'GUARANTEE',
    nftTemplateIdx: 1,
    nftCardName: '기본 보증서',
    nftStatus: 3,
    nftStatusName: '발급 완료',
    requestRoute: 'product',
    customerIdx: 1,
    ordererName: `고객${i}`,
    ordererTel: '01012345678',
    ordererCountryCode: '82',
    orderedAt: '2026-11-01',
    refOrderId: null,
    storeIdx: 5,
    storeName: '강남점',
    brandIdx: 1,
    brandName: '데모브랜드',
    partnersProductIdx: null,
    productName: `토트백${i}`,
    warrantyDate: '2027-11-01',
    price: 1_234_000,
    paymentAmount: 1_000_000,
    productCode: null,
    productImage: null,
    modelNumber: 'TB-1',
    categoryCode: 1,
    categoryName: '가방',
    material: null,
    size: null,
    weight: null,
    customField: null,
    issueAt: null,
    issuedAt: '2026-11-02T01:00:00.000Z',
    canceledAt: null,
    cancelReason: null,
    cancelDetail: null,
    createdAt: '2026-11-02T01:00:00.000Z',
    updatedAt: '2026-11-02T01:00:00.000Z',
    ...over,
  };
}

/** The guarantee pages under a browser-history data router at `url`, with stand-ins for the others. */
function renderAt(url: string, pages: { list?: ReactNode; create?: ReactNode; offline?: ReactNode; edit?: ReactNode; show?: ReactNode; publish?: ReactNode }) {
  return renderAppAt(
    url,
    <Routes>
      <Route path="/b2b/guarantee" element={pages.list ?? <p>목록 화면</p>} />
      <Route path="/b2b/guarantee/publish" element={pages.publish ?? <p>발급 화면</p>} />
      <Route path="/b2b/guarantee/register" element={pages.create ?? <p>등록 화면</p>} />
      <Route path="/b2b/guarantee/register/offline" element={pages.offline ?? <p>오프라인 화면</p>} />
      <Route path="/b2b/guarantee/excel-upload" element={<p>엑셀 화면</p>} />
      <Route path="/b2b/guarantee/edit/:id" element={pages.edit ?? <p>수정 화면</p>} />
      <Route path="/b2b/guarantee/:id" element={pages.show ?? <p>상세 화면</p>} />
      <Route path="/b2b/payment/subscribe" element={<p>구독 화면</p>} />
    </Routes>,
  );
}

function supportApis(over: { templates?: unknown[]; fields?: Record<string, unknown> } = {}) {
  server.use(
    http.get(STORES, () => json({ list: [{ idx: 5, name: '강남점' }, { idx: 6, name: '부산점' }] })),
    http.get(BRANDS, () => json({ list: [{ idx: 11, name: '브랜드A' }, { idx: 12, name: '브랜드B' }] })),
    http.get(TEMPLATES, () =>
      json({ list: over.templates ?? [{ idx: 1, nftCardName: '기본 보증서', isMain: false, status: 'ACTIVE', templateType: 'GUARANTEE' }, { idx: 2, nftCardName: '메인 보증서', isMain: true, status: 'ACTIVE', templateType: 'GUARANTEE' }] }),
    ),
    http.get('/api/v1/admin/nft-template/:id/nft/field', () =>
      json({ nftCustomFields: [], useFieldMaterial: 'N', useFieldSize: 'N', useFieldWeight: 'N', useNftProdImage: 'N', ...over.fields }),
    ),
  );
}

function listApi(all: Guarantee[], seen: URL[] = []) {
  server.use(
    http.get(NFT, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      return json({ list: all, total: all.length });
    }),
  );
  return seen;
}

const table = () => screen.getByRole('table', { name: '보증서 목록' });

describe('GuaranteeList', () => {
  it('maps the URL (searchType, searchText, startDate, endDate, nftStatus, storeIdx, requestRoute) to the API’s names', async () => {
    signIn(brandAccount());
    supportApis();
    const seen = listApi([row(1)]);
    renderAt('/b2b/guarantee?searchType=ordererTel&searchText=01012345678&startDate=2026-11-01&endDate=2026-11-20&nftStatus=3&storeIdx=5&requestRoute=product,excel&page=1&pageSize=50&sort=issuedAt,ASC', { list: <GuaranteeList /> });
    expect(await screen.findByText('토트백1')).toBeInTheDocument();
    const q = seen.at(-1)!.searchParams;
    expect(Object.fromEntries(q)).toEqual({
      search: 'ordererTel',
      keyword: '01012345678',
      from: '2026-11-01',
      to: '2026-11-20',
      nftStatus: '3',
      storeIdx: '5',
      requestRoute: 'product,excel',
      page: '1',
      pageSize: '50',
      sort: 'issuedAt,ASC',
    });
    // The row: number, status chip, route, orderer with the phone, product, store, dates, price.
    const t = within(table());
    expect(t.getByRole('link', { name: 'G-2026-00001' })).toHaveAttribute('href', '/b2b/guarantee/1');
    expect(t.getByText('발급 완료')).toBeInTheDocument();
    expect(t.getByText('개별 발급')).toBeInTheDocument();
    expect(t.getByText('010-1234-5678')).toBeInTheDocument();
    expect(t.getByText('강남점')).toBeInTheDocument();
    expect(t.getByText('1,234,000원')).toBeInTheDocument();
    expect(t.getAllByText('2026-11-02')).toHaveLength(2);
  });

  it('searches by each filter from the panel and writes the spec’s names in the URL', async () => {
    signIn(brandAccount());
    supportApis();
    const seen = listApi([row(1), row(2)]);
    const { user } = renderAt('/b2b/guarantee', { list: <GuaranteeList /> });
    await screen.findByText('토트백1');
    expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({ page: '1', pageSize: '25', sort: 'createdAt,DESC' });
    const panel = screen.getByRole('search', { name: '검색 조건' });
    const p = within(panel);
    await user.selectOptions(p.getByRole('combobox', { name: '검색 유형' }), '연락처');
    await enter(user, p.getByRole('textbox', { name: '검색어' }), '010-1234-5678');
    await user.selectOptions(p.getByRole('combobox', { name: '매장' }), '부산점');
    await user.click(p.getByRole('checkbox', { name: '대량 발급' }));
    await user.click(p.getByRole('radio', { name: '발급 완료' }));
    fireEvent.change(p.getByLabelText('시작일'), { target: { value: '2026-10-01' } });
    fireEvent.change(p.getByLabelText('종료일'), { target: { value: '2026-10-31' } });
    await user.click(p.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(seen.at(-1)!.searchParams.get('storeIdx')).toBe('6'));
    const q = seen.at(-1)!.searchParams;
    expect(q.get('search')).toBe('ordererTel');
    expect(q.get('keyword')).toBe('010-1234-5678');
    expect(q.get('requestRoute')).toBe('excel');
    expect(q.get('nftStatus')).toBe('3');
    expect(q.get('from')).toBe('2026-10-01');
    expect(q.get('to')).toBe('2026-10-31');
    expect(q.has('searchType')).toBe(false);
    const url = new URLSearchParams(window.location.search);
    expect(Object.fromEntries(url)).toEqual({
      searchType: 'ordererTel',
      searchText: '010-1234-5678',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      storeIdx: '6',
      requestRoute: 'excel',
      nftStatus: '3',
    });
  });

  it('a refused bulk complete (409 ILLEGAL_TRANSITION) lists the refused certificates and changes nothing', async () => {
    signIn(brandAccount());
    supportApis();
    const all = [row(1, { nftStatus: 1 }), row(2, { nftStatus: 9 }), row(3, { nftStatus: 1 })];
    listApi(all);
    const bodies: unknown[] = [];
    server.use(
      http.patch(`${NFT}/complete/bulk`, async ({ request }) => {
        bodies.push(await request.json());
        return fail(409, {
          code: 'ILLEGAL_TRANSITION',
          message: '처리할 수 없는 보증서가 있어요',
          errors: { 'nftIdxList.2': GUARANTEE_MSG.illegalTransition('G-2026-00002', 9) },
        });
      }),
    );
    const { user } = renderAt('/b2b/guarantee', { list: <GuaranteeList /> });
    await screen.findByText('토트백1');
    const boxes = within(table()).getAllByRole('checkbox');
    await user.click(boxes[1]!);
    await user.click(boxes[2]!);
    await user.click(screen.getByRole('button', { name: '발급 완료' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('선택한 2개 보증서를 발급할까요?');
    expect(bodies).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: '발급 완료' }));
    const refused = await screen.findByRole('dialog', { name: '처리할 수 없는 보증서가 있어요' });
    expect(within(refused).getByRole('list', { name: '처리할 수 없는 보증서' })).toHaveTextContent('G-2026-00002: 발급 취소 상태에서는 처리할 수 없어요');
    expect(bodies).toEqual([{ nftIdxList: [1, 2] }]);
    await user.click(within(refused).getByRole('button', { name: '확인' }));
    // Nothing changed: the selection is kept for another try.
    expect(screen.getByText('2개 선택됨')).toBeInTheDocument();
    expect(screen.queryByText('보증서를 발급했어요')).not.toBeInTheDocument();
  });

  it('bulk cancel and bulk delete ask first, send nftIdxList and refresh the list', async () => {
    signIn(brandAccount());
    supportApis();
    let all = [row(1), row(2), row(3, { nftStatus: 9 })];
    server.use(http.get(NFT, () => json({ list: all, total: all.length })));
    const calls: { method: string; path: string; body: unknown }[] = [];
    server.use(
      http.patch(`${NFT}/cancel/bulk`, async ({ request }) => {
        const body = (await request.json()) as { nftIdxList: number[] };
        calls.push({ method: 'PATCH', path: 'cancel/bulk', body });
        all = all.map((g) => (body.nftIdxList.includes(g.idx) ? { ...g, nftStatus: 9 } : g));
        return json(body);
      }),
      http.delete(`${NFT}/bulk`, async ({ request }) => {
        const body = (await request.json()) as { nftIdxList: number[] };
        calls.push({ method: 'DELETE', path: 'bulk', body });
        all = all.filter((g) => !body.nftIdxList.includes(g.idx));
        return json(body);
      }),
    );
    const { user } = renderAt('/b2b/guarantee', { list: <GuaranteeList /> });
    await screen.findByText('토트백1');
    let boxes = within(table()).getAllByRole('checkbox');
    await user.click(boxes[1]!);
    await user.click(boxes[2]!);
    await user.click(screen.getByRole('button', { name: '발급 취소' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('선택한 2개 보증서의 발급을 취소할까요?');
    await user.click(within(dialog).getByRole('button', { name: '발급 취소' }));
    expect(await screen.findByText('보증서 발급을 취소했어요')).toBeInTheDocument();
    await waitFor(() => expect(within(table()).getAllByText('발급 취소')).toHaveLength(3));
    boxes = within(table()).getAllByRole('checkbox');
    await user.click(boxes[3]!);
    await user.click(screen.getByRole('button', { name: '삭제' }));
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('선택한 1개 보증서를 삭제할까요?');
    await user.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('보증서를 삭제했어요')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('토트백3')).not.toBeInTheDocument());
    expect(calls).toEqual([
      { method: 'PATCH', path: 'cancel/bulk', body: { nftIdxList: [1, 2] } },
      { method: 'DELETE', path: 'bulk', body: { nftIdxList: [3] } },
    ]);
  });

  it('exports every certificate of the search in pages of 1,000 with the API’s names', async () => {
    signIn(brandAccount());
    supportApis();
    const all = Array.from({ length: 1500 }, (_, i) => row(i + 1));
    const seen: URL[] = [];
    server.use(
      http.get(NFT, ({ request }) => {
        const url = new URL(request.url);
        seen.push(url);
        const page = Number(url.searchParams.get('page') ?? 1);
        const size = Number(url.searchParams.get('pageSize') ?? 25);
        return json({ list: all.slice((page - 1) * size, page * size), total: all.length });
      }),
    );
    const books: { wb: XLSX.WorkBook; name: string }[] = [];
    const { user } = renderAt('/b2b/guarantee?nftStatus=3&searchType=ordererName&searchText=고객', { list: <GuaranteeList write={(wb, name) => void books.push({ wb, name })} /> });
    await screen.findByText('총 1,500건');
    await user.click(screen.getByRole('button', { name: '엑셀 내려받기' }));
    await waitFor(() => expect(books).toHaveLength(1));
    const calls = seen.filter((u) => u.searchParams.get('pageSize') === '1000');
    expect(calls.map((u) => u.searchParams.get('page'))).toEqual(['1', '2']);
    expect(calls.every((u) => u.searchParams.get('nftStatus') === '3' && u.searchParams.get('search') === 'ordererName' && u.searchParams.get('keyword') === '고객')).toBe(true);
    const sheet = books[0]!.wb.Sheets[books[0]!.wb.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(sheet, { header: 1 });
    expect(rows).toHaveLength(1501);
    expect(rows[0]).toEqual(expect.arrayContaining(['보증서 번호', '상태', '연락처', '상품명']));
    expect(rows[1]).toEqual(expect.arrayContaining(['G-2026-00001', '발급 완료', '개별 발급', '010-1234-5678', '토트백1', 1234000]));
    expect(await screen.findByText('엑셀 파일을 내려받았어요')).toBeInTheDocument();
  });

  it('offers 취소 사유 입력 only while the selection is all pending (5), never for an issued (3) one', async () => {
    signIn(brandAccount());
    supportApis();
    listApi([row(1, { nftStatus: 3 }), row(2, { nftStatus: 5 })]);
    const { user } = renderAt('/b2b/guarantee', { list: <GuaranteeList /> });
    await screen.findByText('토트백1');
    const [, issued, pending] = within(table()).getAllByRole('checkbox');
    await user.click(issued!);
    expect(await screen.findByRole('button', { name: '발급 취소' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '취소 사유 입력' })).not.toBeInTheDocument();
    await user.click(pending!);
    expect(screen.queryByRole('button', { name: '취소 사유 입력' })).not.toBeInTheDocument();
    await user.click(issued!);
    expect(await screen.findByRole('button', { name: '취소 사유 입력' })).toBeInTheDocument();
  });

  it('cancels pending certificates with a required reason (POST pending/cancel-reason)', async () => {
    signIn(brandAccount());
    supportApis();
    listApi([row(1, { nftStatus: 5 })]);
    const bodies: unknown[] = [];
    server.use(
      http.post(`${NFT}/pending/cancel-reason`, async ({ request }) => {
        bodies.push(await request.json());
        return json({ nftIdxList: [1] });
      }),
    );
    const { user } = renderAt('/b2b/guarantee', { list: <GuaranteeList /> });
    await screen.findByText('토트백1');
    await user.click(within(table()).getAllByRole('checkbox')[1]!);
    await user.click(screen.getByRole('button', { name: '취소 사유 입력' }));
    const dialog = await screen.findByRole('dialog', { name: '이전 중인 보증서 취소' });
    await user.click(within(dialog).getByRole('button', { name: '취소하기' }));
    expect(within(dialog).getByText(GUARANTEE_MSG.cancelReasonRequired)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: /취소 사유/ }));
    await user.click(await screen.findByRole('option', { name: '반품·환불' }));
    await enter(user, within(dialog).getByLabelText('상세 사유'), '고객 변심');
    await user.click(within(dialog).getByRole('button', { name: '취소하기' }));
    expect(await screen.findByText('이전 중인 보증서를 취소했어요')).toBeInTheDocument();
    expect(bodies).toEqual([{ nftIdxList: [1], reason: '반품·환불', detail: '고객 변심' }]);
  });
});

describe('GuaranteePublish', () => {
  it('offers the individual, offline and spreadsheet issue', async () => {
    signIn(brandAccount());
    const { user } = renderAt('/b2b/guarantee/publish', { publish: <GuaranteePublish /> });
    expect(await screen.findByRole('link', { name: /개별 발급/ })).toHaveAttribute('href', '/b2b/guarantee/register');
    expect(screen.getByRole('link', { name: /오프라인 발급/ })).toHaveAttribute('href', '/b2b/guarantee/register/offline');
    expect(screen.getByRole('link', { name: /엑셀 일괄 발급/ })).toHaveAttribute('href', '/b2b/guarantee/excel-upload');
    await user.click(screen.getByRole('link', { name: /오프라인 발급/ }));
    expect(await screen.findByText('오프라인 화면')).toBeInTheDocument();
  });
});

describe('GuaranteeCreate', () => {
  afterEach(() => vi.useRealTimers());
  const keys: (string | null)[] = [];
  function createApi(answer?: () => Response) {
    const bodies: Record<string, unknown>[] = [];
    keys.length = 0;
    server.use(
      http.post(NFT, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        keys.push(request.headers.get('idempotency-key'));
        return answer ? answer() : json(row(77, body as Partial<Guarantee>), { status: 201 });
      }),
    );
    return bodies;
  }

  it('refuses missing fields and 050/070 numbers with the rule messages', async () => {
    signIn(brandAccount());
    supportApis();
    const bodies = createApi();
    const { user } = renderAt('/b2b/guarantee/register', { create: <GuaranteeCreate /> });
    const submit = await screen.findByRole('button', { name: '발급하기' });
    await user.click(submit);
    expect(await screen.findByText(GUARANTEE_MSG.ordererNameRequired)).toBeInTheDocument();
    expect(screen.getByText(GUARANTEE_MSG.ordererTelRequired)).toBeInTheDocument();
    expect(screen.getByText(GUARANTEE_MSG.productNameRequired)).toBeInTheDocument();
    const tel = screen.getByLabelText(/연락처/);
    await enter(user, tel, '05012345678');
    await user.click(submit);
    expect(await screen.findByText(GUARANTEE_MSG.safeNumberRejected)).toBeInTheDocument();
    await user.clear(tel);
    await enter(user, tel, '07012345678');
    await user.click(submit);
    expect(await screen.findByText(GUARANTEE_MSG.safeNumberRejected)).toBeInTheDocument();
    await user.clear(tel);
    await enter(user, tel, '0101234');
    await user.click(submit);
    expect(await screen.findByText(GUARANTEE_MSG.ordererTelInvalid)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('formats the phone while typing, preselects the main template and sends the certificate; then the detail with a toast', async () => {
    signIn(brandAccount());
    supportApis({ fields: { useFieldMaterial: 'Y', nftCustomFields: [{ name: '보증 범위', value: '' }] } });
    const bodies = createApi();
    const { user } = renderAt('/b2b/guarantee/register', { create: <GuaranteeCreate /> });
    expect(await screen.findByRole('combobox', { name: /보증서 템플릿/ })).toHaveTextContent('메인 보증서');
    await enter(user, screen.getByLabelText(/주문자명/), '김보증');
    const tel = screen.getByLabelText(/연락처/);
    await user.type(tel, '01098765432');
    expect(tel).toHaveValue('010-9876-5432');
    expect(tel).toHaveAttribute('maxLength', '100');
    expect(screen.getByLabelText(/국가 번호/)).toHaveValue('82');
    await enter(user, screen.getByLabelText(/상품명/), '데일리 토트백');
    const price = screen.getByLabelText('판매가');
    await user.type(price, '1234000');
    expect(price).toHaveValue('1,234,000');
    // The template's settings show the material input and its custom field.
    await enter(user, await screen.findByLabelText('소재'), '소가죽');
    await enter(user, screen.getByLabelText('보증 범위'), '1년 무상');
    await user.click(screen.getByRole('combobox', { name: /매장/ }));
    await user.click(await screen.findByRole('option', { name: '강남점' }));
    await user.click(screen.getByRole('button', { name: '발급하기' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual(
      expect.objectContaining({
        nftTemplateIdx: 2,
        ordererName: '김보증',
        ordererTel: '01098765432',
        ordererCountryCode: '82',
        productName: '데일리 토트백',
        price: 1234000,
        material: '소가죽',
        storeIdx: 5,
        brandIdx: 1,
        requestRoute: 'product',
        customField: { '보증 범위': '1년 무상' },
      }),
    );
    expect(bodies[0]).not.toHaveProperty('temporary');
    expect(await screen.findByText('상세 화면')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/b2b/guarantee/77');
    expect(await screen.findByText('보증서를 발급했어요')).toBeInTheDocument();
  });

  it('picks the product from the catalogue; confirming with none says 상품을 선택해주세요; cooperators see the category', async () => {
    signIn(brandAccount({ b2bType: 'cooperator' }));
    supportApis();
    const bodies = createApi();
    const searches: URL[] = [];
    server.use(
      http.get(PRODUCTS, ({ request }) => {
        searches.push(new URL(request.url));
        return json({
          list: [
            { id: 31, idx: 31, name: '노르딕 토트', code: 'CO-BAG-001', brandIdx: 12, brandName: '브랜드B', categoryCode: 1, categoryName: '가방', price: 780000, productImage: null },
            { id: 32, idx: 32, name: '린넨 셔츠', code: 'CO-CLO-001', brandIdx: 11, brandName: '브랜드A', categoryCode: 4, categoryName: '의류', price: 210000, productImage: null },
          ],
          total: 2,
        });
      }),
    );
    const { user } = renderAt('/b2b/guarantee/register', { create: <GuaranteeCreate /> });
    await enter(user, await screen.findByLabelText(/주문자명/), '이편집');
    await enter(user, screen.getByLabelText(/연락처/), '01055556666');
    await user.click(screen.getByRole('button', { name: '상품 선택' }));
    const picker = await screen.findByRole('dialog', { name: '상품 선택' });
    await within(picker).findByText('노르딕 토트');
    expect(within(picker).getByRole('columnheader', { name: '카테고리' })).toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: '선택' }));
    expect(await within(picker).findByText(GUARANTEE_MSG.productRequired)).toBeInTheDocument();
    await enter(user, within(picker).getByRole('textbox', { name: '상품 검색' }), '토트');
    await user.click(within(picker).getByRole('button', { name: '상품 검색' }));
    await waitFor(() => expect(searches.at(-1)!.searchParams.get('searchText')).toBe('토트'));
    await user.click(within(picker).getByRole('radio', { name: '노르딕 토트' }));
    await user.click(within(picker).getByRole('button', { name: '선택' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '상품 선택' })).not.toBeInTheDocument());
    expect(screen.getByTestId('picked-product')).toHaveTextContent('노르딕 토트 · CO-BAG-001 · 가방 · 780,000원');
    expect(screen.getByLabelText('판매가')).toHaveValue('780,000');
    await user.click(screen.getByRole('button', { name: '발급하기' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual(expect.objectContaining({ partnersProductIdx: 31, productName: '노르딕 토트', brandIdx: 12, price: 780000 }));
  });

  it('requires a brand from a cooperator typing the product in', async () => {
    signIn(brandAccount({ b2bType: 'cooperator' }));
    supportApis();
    const bodies = createApi();
    const { user } = renderAt('/b2b/guarantee/register', { create: <GuaranteeCreate /> });
    await enter(user, await screen.findByLabelText(/주문자명/), '이편집');
    await enter(user, screen.getByLabelText(/연락처/), '01055556666');
    await enter(user, screen.getByLabelText(/상품명/), '직접 입력 상품');
    await user.click(screen.getByRole('button', { name: '발급하기' }));
    expect(await screen.findByText(GUARANTEE_MSG.brandRequired)).toBeInTheDocument();
    expect(screen.getByText(GUARANTEE_MSG.categoryRequired)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: /브랜드/ }));
    await user.click(await screen.findByRole('option', { name: '브랜드B' }));
    await user.click(screen.getByRole('combobox', { name: /카테고리/ }));
    await user.click(await screen.findByRole('option', { name: '시계' }));
    await user.click(screen.getByRole('button', { name: '발급하기' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual(expect.objectContaining({ brandIdx: 12, categoryCode: 3, productName: '직접 입력 상품' }));
  });

  it('a finished trial (403 TRIAL_FINISHED) opens the trial-finished modal and issues nothing', async () => {
    signIn(brandAccount());
    supportApis();
    const bodies = createApi(() => fail(403, { code: 'TRIAL_FINISHED', message: MSG.trialFinished }));
    const { user } = renderAt('/b2b/guarantee/register', { create: <GuaranteeCreate /> });
    await enter(user, await screen.findByLabelText(/주문자명/), '김체험');
    await enter(user, screen.getByLabelText(/연락처/), '01012341234');
    await enter(user, screen.getByLabelText(/상품명/), '체험 데일리 백');
    await user.click(screen.getByRole('button', { name: '발급하기' }));
    const modal = await screen.findByRole('dialog', { name: MSG.trialFinished });
    expect(bodies).toHaveLength(1);
    expect(window.location.pathname).toBe('/b2b/guarantee/register');
    await user.click(within(modal).getByRole('button', { name: '요금제 업그레이드' }));
    expect(await screen.findByText('구독 화면')).toBeInTheDocument();
  });

  it('a finished trial opening the form by URL meets the trial-finished modal at once, without the form', async () => {
    signIn(nonSubscriber());
    supportApis();
    const bodies = createApi();
    const { user } = renderAt('/b2b/guarantee/register', { create: <GuaranteeCreate /> });
    const modal = await screen.findByRole('dialog', { name: MSG.trialFinished });
    expect(screen.queryByLabelText(/주문자명/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '발급하기' })).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: '요금제 업그레이드' }));
    expect(await screen.findByText('구독 화면')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it("gates by the server's state, not the browser's clock: years before the trial's end, a finished trial still meets the modal (issue 23 item 11)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2020-01-01T00:00:00Z'));
    signIn(nonSubscriber({ subscription: subscription({ isTrial: true, startDate: '2026-11-01T00:00:00Z', endDate: '2026-11-15T00:00:00Z' }) }));
    supportApis();
    renderAt('/b2b/guarantee/register', { create: <GuaranteeCreate /> });
    expect(await screen.findByRole('dialog', { name: MSG.trialFinished })).toBeInTheDocument();
    expect(screen.queryByLabelText(/주문자명/)).not.toBeInTheDocument();
  });

  it('a non-subscriber opening the offline form meets the subscribe modal; closing it goes home', async () => {
    signIn(nonSubscriber({ subscription: null, subscriptionState: null }));
    supportApis();
    const { user } = renderAt('/b2b/guarantee/register/offline', { offline: <GuaranteeOfflineCreate /> });
    const modal = await screen.findByRole('dialog', { name: MSG.noSubscription });
    expect(screen.queryByLabelText(/주문자명/)).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(window.location.pathname).toBe('/b2b/home'));
  });

  it('server field errors land on the fields; a reservation sends its days', async () => {
    signIn(brandAccount());
    supportApis();
    let first = true;
    const bodies = createApi(() => {
      if (first) {
        first = false;
        return fail(400, { code: 'VALIDATION_FAILED', message: '입력값을 확인해 주세요', errors: { refOrderId: '이미 발급된 주문번호예요' } });
      }
      return json(row(78, { nftStatus: 7 }), { status: 201 });
    });
    const { user } = renderAt('/b2b/guarantee/register/offline', { offline: <GuaranteeOfflineCreate /> });
    expect(await screen.findByText('오프라인 발급은 상품 1개에 보증서 1장을 발급해요.')).toBeInTheDocument();
    await enter(user, screen.getByLabelText(/주문자명/), '박예약');
    await enter(user, screen.getByLabelText(/연락처/), '01077778888');
    await enter(user, screen.getByLabelText(/상품명/), '가죽 팔찌');
    await enter(user, screen.getByLabelText('주문번호'), 'ORD-1');
    await user.click(screen.getByLabelText('예약 발급'));
    await user.click(screen.getByRole('button', { name: '예약 발급' }));
    expect(await screen.findByText(GUARANTEE_MSG.reservationDaysInvalid)).toBeInTheDocument();
    await enter(user, screen.getByLabelText(/배송 후 발급일/), '7');
    fireEvent.change(screen.getByLabelText('배송일'), { target: { value: '2026-11-20' } });
    await user.click(screen.getByRole('button', { name: '예약 발급' }));
    expect(await screen.findByText('이미 발급된 주문번호예요')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '예약 발급' }));
    expect(await screen.findByText('상세 화면')).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(expect.objectContaining({ reservationDays: 7, deliveredAt: '2026-11-20', refOrderId: 'ORD-1' }));
    // Both attempts of the opened form carry the same Idempotency-Key.
    expect(keys[0]).toMatch(/\S{16,}/);
    expect(keys[1]).toBe(keys[0]);
    expect(await screen.findByText('보증서 발급을 예약했어요')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    signIn(brandAccount());
    supportApis();
    const { user } = renderAt('/b2b/guarantee/register', { create: <GuaranteeCreate /> });
    await enter(user, await screen.findByLabelText(/주문자명/), '김이탈');
    await user.click(screen.getByRole('link', { name: '취소' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MSG.unsavedChanges);
    await user.click(within(dialog).getByRole('button', { name: '아니요' }));
    expect(window.location.pathname).toBe('/b2b/guarantee/register');
  });
});

describe('GuaranteeEdit', () => {
  it('loads the certificate and saves a PATCH; a non-editable one shows the message', async () => {
    signIn(brandAccount());
    supportApis({ fields: { useNftProdImage: 'Y' } });
    const patches: Record<string, unknown>[] = [];
    server.use(
      http.get(`${NFT}/5`, () => json(row(5, { refOrderId: 'A-1', productImage: { path: 'uploads/1/a.png', url: '/api/media/uploads/1/a.png' } }))),
      http.get(`${NFT}/9`, () => json(row(9, { nftStatus: 9 }))),
      http.patch(`${NFT}/5`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        patches.push(body);
        return json(row(5, body as Partial<Guarantee>));
      }),
    );
    const { user, router } = renderAt('/b2b/guarantee/edit/5', { edit: <GuaranteeEdit /> });
    const name = await screen.findByLabelText(/주문자명/);
    expect(name).toHaveValue('고객5');
    expect(screen.getByLabelText(/연락처/)).toHaveValue('010-1234-5678');
    expect(screen.queryByLabelText('임시 저장')).not.toBeInTheDocument();
    await user.clear(name);
    await enter(user, name, '고객오');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual(expect.objectContaining({ ordererName: '고객오', ordererTel: '01012345678', refOrderId: 'A-1', price: 1234000 }));
    // The uploaded image is kept (not sent), even with the template's image input shown.
    expect(patches[0]).not.toHaveProperty('productImage');
    expect(await screen.findByText('상세 화면')).toBeInTheDocument();
    await router.navigate('/b2b/guarantee/edit/9');
    expect(await screen.findByText(GUARANTEE_MSG.notEditable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '저장' })).not.toBeInTheDocument();
  });

  it('shows the server’s message when it refuses the edit (409)', async () => {
    signIn(brandAccount());
    supportApis();
    server.use(
      http.get(`${NFT}/5`, () => json(row(5))),
      http.patch(`${NFT}/5`, () => fail(409, { code: 'CONFLICT', message: GUARANTEE_MSG.notEditable })),
    );
    const { user } = renderAt('/b2b/guarantee/edit/5', { edit: <GuaranteeEdit /> });
    await enter(user, await screen.findByLabelText(/주문자명/), '!');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(GUARANTEE_MSG.notEditable)).toBeInTheDocument();
  });
});

describe('GuaranteeShow', () => {
  function showApi(g: Guarantee) {
    const calls: string[] = [];
    server.use(
      http.get(`${NFT}/${g.idx}`, () => json({ ...g, certificateUrl: 'http://localhost/certificate/tok123', usedCount: 0 })),
      http.get(`${NFT}/${g.idx}/qrs`, () => json({ list: [{ url: 'http://localhost/certificate/tok123', svg: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>' }] })),
      http.get(`${NFT}/${g.idx}/used`, () => json({ list: [], total: 0 })),
      http.patch(`${NFT}/complete/bulk`, async ({ request }) => {
        calls.push(`complete ${JSON.stringify(await request.json())}`);
        return json({ nftIdxList: [g.idx] });
      }),
      http.patch(`${NFT}/cancel/${g.idx}`, () => {
        calls.push('cancel');
        return json({ ...g, nftStatus: 9 });
      }),
      http.delete(`${NFT}/${g.idx}`, () => {
        calls.push('delete');
        return json({ idx: g.idx });
      }),
    );
    return calls;
  }

  it('an issued certificate: fields, QR image, the certificate link, cancel and edit but no complete or delete', async () => {
    signIn(brandAccount());
    const calls = showApi(row(3, { customField: { '보증 범위': '1년' } }));
    const { user } = renderAt('/b2b/guarantee/3', { show: <GuaranteeShow /> });
    expect(await screen.findByRole('heading', { name: 'G-2026-00003' })).toBeInTheDocument();
    expect(screen.getByText('1,234,000원')).toBeInTheDocument();
    expect(screen.getByText('010-1234-5678')).toBeInTheDocument();
    expect(screen.getByText('1년')).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: '보증서 QR 코드' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    const link = screen.getByRole('link', { name: '보증서 보기 (새 창)' });
    expect(link).toHaveAttribute('href', 'http://localhost/certificate/tok123');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveTextContent('보증서 보기');
    expect(screen.getByRole('link', { name: '수정' })).toHaveAttribute('href', '/b2b/guarantee/edit/3');
    expect(screen.queryByRole('button', { name: '발급 완료' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '삭제' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '사용 처리' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '취소 사유 입력' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '발급 취소' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('이 보증서의 발급을 취소할까요?');
    await user.click(within(dialog).getByRole('button', { name: '발급 취소' }));
    expect(await screen.findByText('보증서 발급을 취소했어요')).toBeInTheDocument();
    expect(calls).toEqual(['cancel']);
  });

  it('a waiting certificate offers complete and delete; a cancelled one only delete', async () => {
    signIn(brandAccount());
    showApi(row(9, { nftStatus: 9 }));
    const calls = showApi(row(1, { nftStatus: 1, issuedAt: null }));
    const { user, router } = renderAt('/b2b/guarantee/1', { show: <GuaranteeShow /> });
    await screen.findByRole('heading', { name: 'G-2026-00001' });
    expect(screen.getByRole('button', { name: '삭제' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '발급 취소' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '사용 처리' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '발급 완료' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '발급 완료' }));
    expect(await screen.findByText('보증서를 발급했어요')).toBeInTheDocument();
    expect(calls).toEqual(['complete {"nftIdxList":[1]}']);
    await router.navigate('/b2b/guarantee/9');
    await screen.findByRole('heading', { name: 'G-2026-00009' });
    expect(screen.getByRole('button', { name: '삭제' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '발급 완료' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '발급 취소' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '수정' })).not.toBeInTheDocument();
  });

  it('records a use and shows it in the history with the recorder’s name as 처리자', async () => {
    signIn(brandAccount());
    showApi(row(4));
    const uses: { idx: number; usedAt: string; memo: string | null; usedBy: number; usedByName: string }[] = [];
    const posts: unknown[] = [];
    server.use(
      http.get(`${NFT}/4/used`, () => json({ list: uses, total: uses.length })),
      http.post(`${NFT}/used`, async ({ request }) => {
        const body = (await request.json()) as { memo?: string };
        posts.push(body);
        const use = { idx: 1, usedAt: '2026-11-03T05:00:00.000Z', memo: body.memo ?? null, usedBy: 1, usedByName: '김직원' };
        uses.push(use);
        return json(use, { status: 201 });
      }),
    );
    const { user } = renderAt('/b2b/guarantee/4', { show: <GuaranteeShow /> });
    expect(await screen.findByText('사용 내역이 없어요')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '사용 처리' }));
    const dialog = await screen.findByRole('dialog', { name: '보증서 사용 처리' });
    await enter(user, within(dialog).getByLabelText('메모'), '수선 접수');
    await user.click(within(dialog).getByRole('button', { name: '사용 처리' }));
    expect(await screen.findByText('수선 접수')).toBeInTheDocument();
    expect(screen.getByText('2026-11-03 14:00')).toBeInTheDocument();
    // 처리자 is the recorder's name, not its id.
    const useRow = screen.getByText('수선 접수').closest('tr')!;
    expect(within(useRow).getByText('김직원')).toBeInTheDocument();
    expect(within(useRow).queryByText('1')).not.toBeInTheDocument();
    expect(posts).toEqual([{ nftIdx: 4, memo: '수선 접수' }]);
  });

  it('a missing certificate opens the not-found dialog whose 확인 goes to the list', async () => {
    signIn(brandAccount());
    server.use(http.get(`${NFT}/404`, () => fail(404, { code: 'NOT_FOUND', message: GUARANTEE_MSG.notFound })));
    const { user } = renderAt('/b2b/guarantee/404', { show: <GuaranteeShow /> });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(GUARANTEE_MSG.notFound);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(await screen.findByText('목록 화면')).toBeInTheDocument();
  });
});
