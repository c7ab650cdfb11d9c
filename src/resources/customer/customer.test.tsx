import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../testing/render';
import { enter } from '../../testing/enter';
import { fail, json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount, subAccount } from '../../testing/fixtures';
import { GUARANTEE_MSG } from '../../domain/guarantee';
import { LIST_MSG } from '../../domain/listQuery';
import { CUSTOMER_MSG } from '../../domain/customer';
import { FIELD_MSG, MSG } from '../../domain/messages';
import CustomerList from './CustomerList';
import CustomerShow from './CustomerShow';
import GradePage from './GradePage';
import GradeSettingPage from './GradeSettingPage';
import { CUSTOMER_RESOURCE, type Customer, type CustomerGrade, type CustomerOverview } from './api';
import { COLUMNS_STORAGE_KEY } from './columns';
import { formatGender, formatMetric, formatRatePercent, formatYmd } from './format';
import { parseListUrl, serializeListUrl, toFilterPayload } from '../../framework/list';
import { endpointOf, listQuery } from '../../dataProvider';
import { customerSearch } from './search';
import { overviewPollInterval, OVERVIEW_POLL_MS } from './OverviewCard';
import { validateGradeSetting, draftOf, gradesBody } from './gradeSetting';

setupMsw();

const API = '/api/v1/admin/customers';
const GROUP = '/api/v1/admin/customers-group';
const OVERVIEW = '/api/customer/v1/overview';

const customer = (idx: number, over: Partial<Customer> = {}): Customer => ({
  id: idx,
  customerIdx: idx,
  customerName: `고객${idx}`,
  customerPhone: `0101234${String(1000 + idx)}`,
  countryCode: '82',
  hasWallet: 'N',
  hasCafe24Interwork: 'N',
  customerGroupIdx: null,
  customerGroupName: null,
  interworkCustomerGroupName: null,
  nftTotalGuaranteeAmount: 0,
  totalOrderPrice: 0,
  totalOrderCount: 0,
  platformOrderCount: 0,
  ownMallOrderCount: 0,
  offlineOrderCount: 0,
  latestOrderedAt: null,
  customerPoint: 0,
  interworkPoint: 0,
  latestIssuedMembershipName: null,
  couponRemainCount: 0,
  couponUsedCount: 0,
  isInterworkAgreeSendSMS: 'N',
  isInterworkAgreeSendEmail: 'N',
  interworkEmail: null,
  userGender: null,
  birthday: null,
  isAgreeMarketing: 'N',
  registeredAt: '20261101',
  createdAt: '2026-11-01T03:00:00.000Z',
  ...over,
});

const overview = (over: Partial<CustomerOverview> = {}): CustomerOverview => ({
  totalCustomers: 1234,
  totalSignUps: 321,
  signUpRate: 26.0129,
  totalMarketableCustomers: 800.5,
  lastWeek: { totalCustomers: 1200, totalSignUps: 300, signUpRate: 25, totalMarketableCustomers: 780 },
  updating: false,
  updatedAt: '2026-11-20T01:00:00.000Z',
  ...over,
});

const GRADES: CustomerGrade[] = [
  { idx: 11, name: '일반', groupNo: 1, minPurchaseAmount: 0, minPurchaseCount: 0, customerCount: 7 },
  { idx: 12, name: 'VIP', groupNo: 2, minPurchaseAmount: 1_000_000, minPurchaseCount: 5, customerCount: 2 },
];

/** The customers API fake: records every list URL and body; phone 01099990000 is already registered. */
function customersApi(rows: Customer[], opts: { overview?: () => CustomerOverview } = {}) {
  const seen: URL[] = [];
  const bodies: { method: string; path: string; body: unknown }[] = [];
  server.use(
    // The detail's stamp card (src/resources/stamp/CustomerStampCard.tsx): none set up.
    http.get('/api/v1/admin/stamps/:idx', () => json(null)),
    http.get(`${API}/setting`, () => json({ pointRate: 1.5, onOfflinePointToggle: 'Y', gradeSchedule: 'monthly', gradePeriodMonths: 12 })),
    http.patch(`${API}/setting`, async ({ request }) => {
      const body = await request.json();
      bodies.push({ method: 'PATCH', path: 'setting', body });
      return json(body);
    }),
    http.get(API, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      return json({ list: rows, total: rows.length });
    }),
    http.post(API, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push({ method: 'POST', path: 'customers', body });
      if (body.customerPhone === '01099990000') return fail(409, { code: 'CONFLICT', message: '이미 등록된 연락처예요', errors: { customerPhone: '이미 등록된 연락처예요' } });
      if (body.customerPhone === '01088880000') return fail(409, { code: 'CONFLICT', message: '이미 등록된 연락처예요' });
      return json(customer(99, body as Partial<Customer>), { status: 201 });
    }),
    http.get(`${API}/:id/nfts`, () => json({ list: [{ idx: 501, nftNumber: 'NFT-0501', productName: '가방', nftStatus: 3, issuedAt: '2026-11-02T01:00:00.000Z' }], total: 1 })),
    http.get(`${API}/:id/orders`, () => json({ list: [{ idx: 1, orderedAt: '20261103', channel: 'offline', productName: '지갑', paymentAmount: 150000, pointAmount: 1500 }], total: 1 })),
    http.get(`${API}/:id/points`, () => json({ list: [], total: 0 })),
    http.get(`${API}/:id`, ({ params }) => {
      const found = rows.find((r) => String(r.customerIdx) === params.id);
      return found ? json({ ...found, terms: { marketing: { isAgree: 'Y', changedAt: '2026-10-01T00:00:00.000Z' }, sms: { isAgree: 'N', changedAt: null }, email: { isAgree: 'N', changedAt: null } } }) : fail(404, { code: 'NOT_FOUND', message: '요청한 정보를 찾을 수 없어요' });
    }),
    http.get(`${GROUP}/list`, () => json({ list: GRADES })),
    http.get(OVERVIEW, () => json(opts.overview ? opts.overview() : overview())),
  );
  return { seen, bodies };
}

function renderAt(url: string, pages: Record<string, ReactNode>) {
  return renderAppAt(
    url,
    <Routes>
      {Object.entries(pages).map(([path, el]) => (
        <Route key={path} path={path} element={el} />
      ))}
      <Route path="*" element={<p>다른 화면</p>} />
    </Routes>,
  );
}

describe('customer formatting (spec 3 section 3)', () => {
  it('shows gender M/F/dash, 8-digit dates as year-month-day and metrics with 2 decimals', () => {
    expect([formatGender('M'), formatGender('F'), formatGender(null), formatGender('X')]).toEqual(['남성', '여성', '-', '-']);
    expect([formatYmd('20260105'), formatYmd('2026-01-05T10:00:00Z'), formatYmd(null), formatYmd('2026')]).toEqual(['2026-01-05', '2026-01-05', '-', '-']);
    expect([formatMetric(12.345), formatMetric(1234.5), formatRatePercent(26.0129)]).toEqual(['12.35', '1,234.5', '26.01%']);
  });
});

describe('customer list URL (spec 3 section 2 names)', () => {
  it('parses and writes searchTarget, searchKeyword, page, pageSize, orderBy, orderDirection and filterOptions; defaults are omitted', () => {
    const decl = customerSearch(GRADES);
    const state = parseListUrl('?searchTarget=phone&searchKeyword=1234,5678&page=2&pageSize=50&orderBy=totalOrderPrice&orderDirection=ASC&filterOptions={"gender":"F","groupIdx":[12],"bad":1}&keep=1', decl);
    expect(state).toEqual({
      searchType: 'phone',
      searchText: '1234,5678',
      startDate: null,
      endDate: null,
      filters: { gender: 'F', isAgreeMarketing: '', isAgreeSMS: '', hasWallet: '', groupIdx: ['12'] },
      page: 2,
      pageSize: 50,
      sort: { field: 'totalOrderPrice', order: 'ASC' },
    });
    expect(serializeListUrl(state, decl, '?keep=1')).toBe(
      '?keep=1&searchTarget=phone&searchKeyword=1234,5678&filterOptions={%22gender%22:%22F%22,%22groupIdx%22:[12]}&page=2&pageSize=50&orderBy=totalOrderPrice&orderDirection=ASC',
    );
    expect(serializeListUrl(parseListUrl('?pageSize=7&orderBy=hack&page=-1&searchTarget=x&filterOptions=[1]', decl), decl)).toBe('');
    // The default target stays out of the URL but goes to the API with the keyword.
    const all = parseListUrl('?searchKeyword=김', decl);
    expect(serializeListUrl(all, decl)).toBe('?searchKeyword=%EA%B9%80');
    expect(toFilterPayload(all, decl)).toEqual({ searchTarget: 'all', searchKeyword: '김' });
    // The API always gets the order, under the spec's names (no sort=).
    const query = listQuery({ pagination: { page: 1, perPage: 25 }, sort: parseListUrl('?searchTarget=name', decl).sort, filter: {} }, endpointOf(CUSTOMER_RESOURCE));
    expect(query).toEqual({ page: 1, pageSize: 25, orderBy: 'registeredAt', orderDirection: 'DESC' });
  });

  it('keeps grade ids of a link while the grades load, and sends them as numbers', () => {
    const loading = customerSearch([]);
    const state = parseListUrl('?filterOptions={"groupIdx":[12,0],"registeredFrom":"2026-11-30","registeredTo":"2026-11-01"}', loading);
    expect(state.filters.groupIdx).toEqual(['12', '0']);
    expect(toFilterPayload(state, loading)).toEqual({ filterOptions: '{"groupIdx":[12,0],"registeredFrom":"2026-11-01","registeredTo":"2026-11-30"}' });
  });
});

describe('CustomerList', () => {
  beforeEach(() => signIn(brandAccount()));

  it('sends the URL state to GET /v1/admin/customers with the same names (no sort=) and formats the rows', async () => {
    const api = customersApi([
      customer(1, { customerName: '김민수', userGender: 'M', birthday: '19900131', totalOrderPrice: 1234567, registeredAt: '20261105' }),
      customer(2, { customerName: '이영희', userGender: 'F' }),
      customer(3, { customerName: '박무성', userGender: null }),
    ]);
    localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(['customerName', 'userGender', 'birthday', 'totalOrderPrice', 'registeredAt']));
    renderAt('/b2b/customer?searchTarget=name&searchKeyword=김,이&page=1&pageSize=50&orderBy=customerName&orderDirection=ASC&filterOptions={"isAgreeMarketing":"Y"}', {
      '/b2b/customer': <CustomerList />,
    });
    // The loading table has the list's name too: wait for the rows.
    await screen.findByRole('link', { name: '김민수' });
    const table = screen.getByRole('table', { name: '고객 목록' });
    const q = api.seen.at(-1)!.searchParams;
    expect(Object.fromEntries(q)).toEqual({
      page: '1',
      pageSize: '50',
      orderBy: 'customerName',
      orderDirection: 'ASC',
      searchTarget: 'name',
      searchKeyword: '김,이',
      filterOptions: '{"isAgreeMarketing":"Y"}',
    });
    const row = (name: string) => within(table).getByRole('link', { name }).closest('tr')!;
    expect(within(row('김민수')).getByText('남성')).toBeInTheDocument();
    expect(within(row('김민수')).getByText('1990-01-31')).toBeInTheDocument();
    expect(within(row('김민수')).getByText('1,234,567원')).toBeInTheDocument();
    expect(within(row('김민수')).getByText('2026-11-05')).toBeInTheDocument();
    expect(within(row('이영희')).getByText('여성')).toBeInTheDocument();
    expect(within(row('박무성')).getAllByText('-').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('총 3건')).toBeInTheDocument();
  });

  it('searches several comma-separated terms into searchKeyword (page back to 1), refuses more than 10, and sorts with orderBy/orderDirection', async () => {
    const api = customersApi([customer(1, { customerName: '김민수' })]);
    const { user } = renderAt('/b2b/customer?page=3', { '/b2b/customer': <CustomerList /> });
    await screen.findByRole('link', { name: '김민수' });
    await user.selectOptions(screen.getByRole('combobox', { name: '검색 유형' }), 'phone');
    await enter(user, screen.getByRole('textbox', { name: '검색어' }), '1234, 5678');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.search).toBe('?searchTarget=phone&searchKeyword=1234,5678'));
    await waitFor(() => expect(api.seen.at(-1)!.searchParams.get('searchKeyword')).toBe('1234,5678'));
    expect(api.seen.at(-1)!.searchParams.get('searchTarget')).toBe('phone');
    expect(api.seen.at(-1)!.searchParams.get('page')).toBe('1');

    const requests = api.seen.length;
    const field = screen.getByRole('textbox', { name: '검색어' });
    await user.clear(field);
    await enter(user, field, 'a,b,c,d,e,f,g,h,i,j,k');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(LIST_MSG.tooManyTerms)).toBeInTheDocument();
    expect(api.seen.length).toBe(requests);

    await user.click(within(screen.getByRole('table', { name: '고객 목록' })).getByText('총 구매 금액'));
    await waitFor(() => expect(window.location.search).toContain('orderBy=totalOrderPrice&orderDirection='));
    await waitFor(() => expect(api.seen.at(-1)!.searchParams.get('orderBy')).toBe('totalOrderPrice'));
    expect(api.seen.at(-1)!.searchParams.has('sort')).toBe(false);
  });

  it('puts the panel filters into filterOptions (URL and API): gender, consent, grade incl. 등급 없음, registration dates', async () => {
    const api = customersApi([customer(1, { customerName: '김민수' })]);
    const { user } = renderAt('/b2b/customer', { '/b2b/customer': <CustomerList /> });
    await screen.findByRole('link', { name: '김민수' });
    const panel = screen.getByRole('search', { name: '검색 조건' });
    await user.click(within(within(panel).getByRole('radiogroup', { name: '성별' })).getByRole('radio', { name: '여성' }));
    await user.click(within(within(panel).getByRole('radiogroup', { name: '마케팅 동의' })).getByRole('radio', { name: '동의' }));
    const grades = await within(panel).findByRole('group', { name: '고객 등급' });
    await user.click(within(grades).getByRole('checkbox', { name: 'VIP' }));
    await user.click(within(grades).getByRole('checkbox', { name: '등급 없음' }));
    await user.type(within(panel).getByLabelText('시작일'), '2026-11-01');
    await user.click(within(panel).getByRole('button', { name: '검색' }));
    const expected = { gender: 'F', isAgreeMarketing: 'Y', groupIdx: [12, 0], registeredFrom: '2026-11-01' };
    await waitFor(() => expect(JSON.parse(new URLSearchParams(window.location.search).get('filterOptions') ?? '{}')).toEqual(expected));
    await waitFor(() => expect(JSON.parse(api.seen.at(-1)!.searchParams.get('filterOptions') ?? '{}')).toEqual(expected));
    await user.click(within(panel).getByRole('button', { name: '초기화' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    await waitFor(() => expect(api.seen.at(-1)!.searchParams.has('filterOptions')).toBe(false));
  });

  it('keeps the column choice in localStorage: it survives a new mount (a reload)', async () => {
    customersApi([customer(1, { customerName: '김민수', nftTotalGuaranteeAmount: 50000 })]);
    const first = renderAt('/b2b/customer', { '/b2b/customer': <CustomerList /> });
    await screen.findByRole('link', { name: '김민수' });
    const table = screen.getByRole('table', { name: '고객 목록' });
    expect(within(table).getByText('연락처')).toBeInTheDocument();
    expect(within(table).queryByText('보증서 총액')).not.toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: '항목 설정' }));
    const dialog = await screen.findByRole('dialog', { name: '표시할 항목' });
    await first.user.click(within(dialog).getByRole('checkbox', { name: '연락처' }));
    await first.user.click(within(dialog).getByRole('checkbox', { name: '보증서 총액' }));
    await first.user.click(within(dialog).getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: '고객 목록' })).getByText('보증서 총액')).toBeInTheDocument());
    expect(within(screen.getByRole('table', { name: '고객 목록' })).queryByText('연락처')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY)!)).toContain('nftTotalGuaranteeAmount');
    first.unmount();

    renderAt('/b2b/customer', { '/b2b/customer': <CustomerList /> });
    await screen.findByRole('link', { name: '김민수' });
    const again = screen.getByRole('table', { name: '고객 목록' });
    expect(within(again).getByText('보증서 총액')).toBeInTheDocument();
    expect(within(again).getByText('50,000원')).toBeInTheDocument();
    expect(within(again).queryByText('연락처')).not.toBeInTheDocument();
  });

  it('adds a customer: 050/070 phones are refused on the field, a 409 duplicate lands on the phone field, then POST succeeds', async () => {
    const api = customersApi([customer(1)]);
    const { user } = renderAt('/b2b/customer', { '/b2b/customer': <CustomerList /> });
    await screen.findByRole('table', { name: '고객 목록' });
    await user.click(screen.getByRole('button', { name: '고객 추가' }));
    const dialog = await screen.findByRole('dialog', { name: '고객 추가' });
    await enter(user, within(dialog).getByRole('textbox', { name: /이름/ }), '최신규');
    const phone = within(dialog).getByRole('textbox', { name: /^연락처/ });
    await enter(user, phone, '05012345678');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText(GUARANTEE_MSG.safeNumberRejected)).toBeInTheDocument();
    await user.clear(phone);
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText(GUARANTEE_MSG.ordererTelRequired)).toBeInTheDocument();
    await enter(user, phone, '07012345678');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText(GUARANTEE_MSG.safeNumberRejected)).toBeInTheDocument();
    expect(api.bodies.filter((b) => b.method === 'POST')).toHaveLength(0);

    await user.clear(phone);
    await enter(user, phone, '01099990000');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('이미 등록된 연락처예요')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog', { name: /오류/ })).not.toBeInTheDocument();

    await user.clear(phone);
    await enter(user, phone, '01088880000');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(api.bodies.filter((b) => b.method === 'POST')).toHaveLength(2));
    expect(await within(dialog).findByText('이미 등록된 연락처예요')).toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, '010-2222-3333');
    await user.click(within(dialog).getByRole('radio', { name: '여성' }));
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    // The success toast queues behind react-admin's invalid-form toasts of the refused tries; the dialog closing is the sign.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '고객 추가' })).not.toBeInTheDocument());
    // Typed with hyphens, shown hyphenated, sent as digits.
    expect(api.bodies.filter((b) => b.method === 'POST').at(-1)!.body).toEqual({
      customerName: '최신규',
      customerPhone: '01022223333',
      countryCode: '82',
      userGender: 'F',
      birthday: null,
      email: null,
      isAgreeMarketing: 'N',
      isAgreeSMS: 'N',
      isAgreeEmail: 'N',
    });
  });

  it('shows the overview figures (2 decimals, rate with %, last week) and polls every 5 s after 새로 집계 until updating is false', async () => {
    let updating = false;
    let gets = 0;
    customersApi([customer(1)], {
      overview: () => {
        gets += 1;
        return overview({ updating, totalCustomers: updating ? 1234 : 1300 });
      },
    });
    let refreshes = 0;
    server.use(
      http.post(`${OVERVIEW}/refresh`, () => {
        refreshes += 1;
        updating = true;
        return json({ updating: true }, { status: 202 });
      }),
    );
    expect(overviewPollInterval(overview({ updating: true }))).toBe(OVERVIEW_POLL_MS);
    expect(overviewPollInterval(overview({ updating: false }))).toBe(false);

    const { user } = renderAt('/b2b/customer', { '/b2b/customer': <CustomerList /> });
    const card = await screen.findByRole('region', { name: '누적 고객 현황' });
    expect(await within(card).findByText('1,300')).toBeInTheDocument();
    expect(within(card).getByText('26.01%')).toBeInTheDocument();
    expect(within(card).getByText('800.5')).toBeInTheDocument();
    expect(within(card).getByText('지난주 25%')).toBeInTheDocument();
    const before = gets;

    await user.click(within(card).getByRole('button', { name: '새로 집계' }));
    expect(await within(card).findByText('집계 중이에요')).toBeInTheDocument();
    expect(refreshes).toBe(1);
    await waitFor(() => expect(gets).toBe(before + 1));
    // The server finishes; the next poll (5 s later) sees it and polling stops.
    updating = false;
    await waitFor(() => expect(gets).toBe(before + 2), { timeout: OVERVIEW_POLL_MS * 3 });
    await waitFor(() => expect(within(card).queryByText('집계 중이에요')).not.toBeInTheDocument());
    expect(within(card).getByText('1,300')).toBeInTheDocument();
  });

  it('starts the first count by itself when the overview was never computed (no updatedAt)', async () => {
    let refreshes = 0;
    let updating = false;
    customersApi([customer(1)], { overview: () => overview({ updating, updatedAt: updating ? null : refreshes ? '2026-11-21T00:00:00.000Z' : null }) });
    server.use(
      http.post(`${OVERVIEW}/refresh`, () => {
        refreshes += 1;
        updating = true;
        return json({ updating: true }, { status: 202 });
      }),
    );
    renderAt('/b2b/customer', { '/b2b/customer': <CustomerList /> });
    const card = await screen.findByRole('region', { name: '누적 고객 현황' });
    await waitFor(() => expect(refreshes).toBe(1));
    expect(await within(card).findByText('집계 중이에요')).toBeInTheDocument();
    updating = false;
    await waitFor(() => expect(within(card).queryByText('집계 중이에요')).not.toBeInTheDocument(), { timeout: OVERVIEW_POLL_MS * 3 });
    expect(refreshes).toBe(1);
  });

  it('validates the download request in Korean and says the file was mailed', async () => {
    customersApi([customer(1)]);
    const bodies: unknown[] = [];
    server.use(
      http.post(`${OVERVIEW}/download`, async ({ request }) => {
        bodies.push(await request.json());
        return json({ requestIdx: 1 }, { status: 202 });
      }),
    );
    const { user } = renderAt('/b2b/customer', { '/b2b/customer': <CustomerList /> });
    await user.click(await screen.findByRole('button', { name: '고객 다운로드' }));
    const dialog = await screen.findByRole('dialog', { name: '고객 정보 다운로드 요청' });
    const email = within(dialog).getByRole('textbox', { name: /받을 이메일/ });
    await user.clear(email);
    await user.click(within(dialog).getByRole('button', { name: '요청하기' }));
    expect(await within(dialog).findByText('이메일을 입력해 주세요')).toBeInTheDocument();
    expect(within(dialog).getByText(FIELD_MSG.passwordRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('다운로드 사유를 입력해 주세요')).toBeInTheDocument();

    await enter(user, email, 'not-mail');
    const password = within(dialog).getByLabelText(/파일 비밀번호/);
    await enter(user, password, 'abc123');
    await enter(user, within(dialog).getByRole('textbox', { name: /다운로드 사유/ }), '분기 정산');
    await user.click(within(dialog).getByRole('button', { name: '요청하기' }));
    expect(await within(dialog).findByText('이메일 형식이 올바르지 않아요')).toBeInTheDocument();
    expect(within(dialog).getByText(FIELD_MSG.filePasswordRule)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.clear(email);
    await enter(user, email, 'owner@brand.test');
    await user.clear(password);
    await enter(user, password, 'abc12!');
    await user.click(within(dialog).getByRole('button', { name: '요청하기' }));
    expect(await screen.findByText('고객 정보 파일을 owner@brand.test 주소로 보냈어요')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'owner@brand.test', password: 'abc12!', reason: '분기 정산' }]);
  });
});

describe('CustomerShow', () => {
  beforeEach(() => signIn(brandAccount()));

  it('shows the profile, consents, the guarantees, empty memberships and coupons, orders and points', async () => {
    customersApi([customer(7, { customerName: '정보증', userGender: 'F', birthday: '19851201', isAgreeMarketing: 'Y', totalOrderPrice: 150000 })]);
    renderAt('/b2b/customer/detail/7', { '/b2b/customer/detail/:id': <CustomerShow /> });
    expect(await screen.findByRole('heading', { name: '고객 상세 · 정보증' })).toBeInTheDocument();
    expect(screen.getByTestId('detail-userGender')).toHaveTextContent('여성');
    expect(screen.getByTestId('detail-birthday')).toHaveTextContent('1985-12-01');
    expect(screen.getByTestId('detail-totalOrderPrice')).toHaveTextContent('150,000원');
    const consents = screen.getByRole('region', { name: '수신 동의' });
    expect(within(consents).getByText('동의 (2026-10-01)')).toBeInTheDocument();
    expect(within(consents).getAllByText('미동의')).toHaveLength(2);
    const nfts = screen.getByRole('region', { name: '보증서' });
    expect(await within(nfts).findByRole('link', { name: 'NFT-0501' })).toHaveAttribute('href', '/b2b/guarantee/501');
    expect(within(nfts).getByText('가방')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '멤버십' })).getByText('발급된 멤버십이 없어요')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '쿠폰' })).getByText('보유한 쿠폰이 없어요')).toBeInTheDocument();
    const orders = screen.getByRole('region', { name: '구매 내역' });
    expect(await within(orders).findByText('지갑')).toBeInTheDocument();
    expect(within(orders).getByText('오프라인')).toBeInTheDocument();
    expect(within(orders).getByText('2026-11-03')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: '포인트 내역' })).findByText('포인트 내역이 없어요')).toBeInTheDocument();
  });

  it("another tenant's or a missing customer opens the not-found dialog, whose 확인 goes to the list", async () => {
    customersApi([]);
    const { user } = renderAt('/b2b/customer/detail/404', { '/b2b/customer/detail/:id': <CustomerShow />, '/b2b/customer': <p>고객 목록 화면</p> });
    expect(await screen.findByText('존재하지 않는 고객이에요')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByText('고객 목록 화면')).toBeInTheDocument();
  });
});

describe('grades and points', () => {
  beforeEach(() => signIn(brandAccount()));

  it('lists the grades with their customer counts and the point settings', async () => {
    customersApi([]);
    renderAt('/b2b/customer/grade', { '/b2b/customer/grade': <GradePage /> });
    const table = await screen.findByRole('table', { name: '고객 등급' });
    const vip = within(table).getByText('VIP').closest('tr')!;
    expect(within(vip).getByText('1,000,000원')).toBeInTheDocument();
    expect(within(vip).getByText('2명')).toBeInTheDocument();
    expect(await screen.findByTestId('setting-pointRate')).toHaveTextContent('1.5%');
    expect(screen.getByTestId('setting-onOfflinePointToggle')).toHaveTextContent('사용');
    expect(screen.getByTestId('setting-gradeSchedule')).toHaveTextContent('매월');
    expect(screen.getByTestId('setting-gradePeriodMonths')).toHaveTextContent('12개월');
  });

  it('checks the grade rules, previews counts without saving, saves grades and settings, and runs the grade job', async () => {
    const api = customersApi([]);
    const calls: { path: string; body: unknown }[] = [];
    server.use(
      http.post(`${GROUP}/preview`, async ({ request }) => {
        const body = (await request.json()) as { name: string; groupNo: number }[];
        calls.push({ path: 'preview', body });
        return json(body.map((g, i) => ({ groupNo: g.groupNo, name: g.name, customerCount: [5, 3, 1][i] ?? 0 })));
      }),
      http.post(`${GROUP}/direct`, async ({ request }) => {
        calls.push({ path: 'direct', body: await request.json() });
        return json({ list: GRADES });
      }),
      http.post(`${GROUP}/run`, () => {
        calls.push({ path: 'run', body: null });
        return json({ updated: 4 });
      }),
    );
    const { user } = renderAt('/b2b/customer/grade/setting', { '/b2b/customer/grade/setting': <GradeSettingPage />, '/b2b/customer/grade': <p>등급 목록 화면</p> });
    const second = await screen.findByRole('group', { name: '2번째 등급' });
    expect(within(second).getByRole('textbox', { name: '등급명' })).toHaveValue('VIP');
    expect(within(second).getByRole('textbox', { name: '최소 구매 금액' })).toHaveValue('1,000,000');

    await user.click(screen.getByRole('button', { name: '등급 추가' }));
    const third = screen.getByRole('group', { name: '3번째 등급' });
    await user.click(screen.getByRole('button', { name: '미리보기' }));
    expect(await within(third).findByText(CUSTOMER_MSG.gradeNameRequired)).toBeInTheDocument();
    await enter(user, within(third).getByRole('textbox', { name: '등급명' }), 'VIP');
    await user.click(screen.getByRole('button', { name: '미리보기' }));
    expect(await within(third).findByText(CUSTOMER_MSG.gradeNameDuplicate)).toBeInTheDocument();
    expect(within(second).getByRole('textbox', { name: '등급명' })).toHaveAttribute('aria-invalid', 'false');
    expect(calls).toHaveLength(0);

    await user.clear(within(third).getByRole('textbox', { name: '등급명' }));
    await enter(user, within(third).getByRole('textbox', { name: '등급명' }), 'VVIP');
    await user.clear(within(third).getByRole('textbox', { name: '최소 구매 금액' }));
    await user.type(within(third).getByRole('textbox', { name: '최소 구매 금액' }), '5000000');
    expect(within(third).getByRole('textbox', { name: '최소 구매 금액' })).toHaveValue('5,000,000');
    await user.click(screen.getByRole('button', { name: '미리보기' }));
    const preview = await screen.findByRole('table', { name: '등급별 예상 고객 수' });
    expect(within(within(preview).getByText('VVIP').closest('tr')!).getByText('1명')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'direct')).toHaveLength(0);

    const rate = screen.getByRole('textbox', { name: '적립률' });
    await user.clear(rate);
    await user.type(rate, '120');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(CUSTOMER_MSG.pointRateInvalid)).toBeInTheDocument();
    await user.clear(rate);
    await user.type(rate, '2.5');

    await user.click(screen.getByRole('button', { name: '지금 실행' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: '지금 실행' }));
    expect(await screen.findByText('등급을 다시 산정했어요 (4명 변경)')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'run')).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: '저장' }));
    expect(await screen.findByText('등급 목록 화면')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'direct')!.body).toEqual([
      { idx: 11, name: '일반', groupNo: 1, minPurchaseAmount: 0, minPurchaseCount: 0 },
      { idx: 12, name: 'VIP', groupNo: 2, minPurchaseAmount: 1_000_000, minPurchaseCount: 5 },
      { name: 'VVIP', groupNo: 3, minPurchaseAmount: 5_000_000, minPurchaseCount: 0 },
    ]);
    expect(api.bodies.find((b) => b.path === 'setting')!.body).toEqual({ pointRate: 2.5, onOfflinePointToggle: 'Y', gradeSchedule: 'monthly', gradePeriodMonths: 12 });
  });

  it('grade rules: names required and unique, amounts/counts whole numbers ≥ 0, pointRate 0..100 with 2 decimals, groupNo from the order', () => {
    const draft = draftOf(GRADES, { pointRate: 100, onOfflinePointToggle: 'N', gradeSchedule: 'yearly' });
    expect(validateGradeSetting(draft)).toEqual({});
    expect(validateGradeSetting({ ...draft, pointRate: '1.234' })).toEqual({ pointRate: CUSTOMER_MSG.pointRateInvalid });
    expect(validateGradeSetting({ ...draft, pointRate: '100.01' })).toEqual({ pointRate: CUSTOMER_MSG.pointRateInvalid });
    expect(validateGradeSetting({ ...draft, gradePeriodMonths: '37' })).toEqual({ gradePeriodMonths: CUSTOMER_MSG.gradePeriodInvalid });
    expect(validateGradeSetting({ ...draft, gradePeriodMonths: '0' })).toEqual({ gradePeriodMonths: CUSTOMER_MSG.gradePeriodInvalid });
    expect(validateGradeSetting({ ...draft, grades: [] })).toEqual({ grades: CUSTOMER_MSG.gradesRequired });
    expect(validateGradeSetting({ ...draft, grades: [{ ...draft.grades[0]!, name: ' ', minPurchaseAmount: '-1', minPurchaseCount: 'x' }] })).toEqual({
      'grades.0.name': CUSTOMER_MSG.gradeNameRequired,
      'grades.0.minPurchaseAmount': CUSTOMER_MSG.minAmountInvalid,
      'grades.0.minPurchaseCount': CUSTOMER_MSG.minCountInvalid,
    });
    expect(gradesBody({ ...draft, grades: [...draft.grades].reverse() }).map((g) => [g.name, g.groupNo])).toEqual([
      ['VIP', 1],
      ['일반', 2],
    ]);
  });
});

describe('sub-accounts and editing', () => {
  it('a sub-account sees no download request and no grade setting button, and cannot save or run grades', async () => {
    signIn(subAccount());
    customersApi([customer(1, { customerName: '김민수' })]);
    const list = renderAt('/b2b/customer', { '/b2b/customer': <CustomerList /> });
    await screen.findByRole('link', { name: '김민수' });
    expect(screen.getByRole('button', { name: '고객 추가' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '고객 다운로드' })).not.toBeInTheDocument();
    list.unmount();

    const grade = renderAt('/b2b/customer/grade', { '/b2b/customer/grade': <GradePage /> });
    await screen.findByRole('table', { name: '고객 등급' });
    expect(screen.queryByRole('link', { name: '등급 설정' })).not.toBeInTheDocument();
    grade.unmount();

    renderAt('/b2b/customer/grade/setting', { '/b2b/customer/grade/setting': <GradeSettingPage /> });
    await screen.findByRole('group', { name: '1번째 등급' });
    expect(screen.getByRole('button', { name: '저장' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '지금 실행' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '미리보기' })).toBeEnabled();
  });

  it('edits a customer from the detail with PATCH /v1/admin/customers/{id} and shows the saved values', async () => {
    signIn(brandAccount());
    const rows = [customer(7, { customerName: '정보증', userGender: 'F', birthday: '19851201', customerPhone: '01012347777' })];
    customersApi(rows);
    const patches: unknown[] = [];
    server.use(
      http.patch(`${API}/:id`, async ({ request, params }) => {
        const body = (await request.json()) as Partial<Customer>;
        patches.push({ id: params.id, body });
        rows[0] = { ...rows[0]!, ...body };
        return json(rows[0]);
      }),
    );
    const { user } = renderAt('/b2b/customer/detail/7', { '/b2b/customer/detail/:id': <CustomerShow /> });
    await screen.findByRole('heading', { name: '고객 상세 · 정보증' });
    await user.click(screen.getByRole('button', { name: '수정' }));
    const dialog = await screen.findByRole('dialog', { name: '고객 정보 수정' });
    const name = within(dialog).getByRole('textbox', { name: /이름/ });
    expect(name).toHaveValue('정보증');
    expect(within(dialog).getByLabelText(/생년월일/)).toHaveValue('1985-12-01');
    expect(within(dialog).getByLabelText(/생년월일/)).toHaveAttribute('type', 'text'); // YYYY-MM-DD in any browser locale
    expect(within(dialog).getByRole('radio', { name: '여성' })).toBeChecked();
    await user.clear(name);
    await enter(user, name, '정수정');
    await user.click(within(dialog).getByRole('switch', { name: '마케팅 동의' }));
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByText('고객 정보를 수정했어요')).toBeInTheDocument();
    expect(patches).toEqual([
      {
        id: '7',
        body: { customerName: '정수정', customerPhone: '01012347777', countryCode: '82', userGender: 'F', birthday: '19851201', email: null, isAgreeMarketing: 'Y', isAgreeSMS: 'N', isAgreeEmail: 'N' },
      },
    ]);
    expect(await screen.findByRole('heading', { name: '고객 상세 · 정수정' })).toBeInTheDocument();
  });

  it('adjusts points from the detail after a confirmation: the server\'s field error on the amount, one Idempotency-Key, the mall state in the history', async () => {
    signIn(brandAccount());
    const rows = [customer(7, { customerName: '정보증', customerPoint: 3000 })];
    customersApi(rows);
    const posts: { key: string | null; body: { amount: number; reason: string } }[] = [];
    const ledger: unknown[] = [];
    server.use(
      http.get(`${API}/:id/points`, () => json({ list: ledger, total: ledger.length })),
      http.post(`${API}/:id/points`, async ({ request }) => {
        const body = (await request.json()) as { amount: number; reason: string };
        posts.push({ key: request.headers.get('idempotency-key'), body });
        if (body.amount < -3000) return fail(400, { code: 'VALIDATION_FAILED', message: CUSTOMER_MSG.pointNotEnough, errors: { amount: CUSTOMER_MSG.pointNotEnough } });
        const entry = { idx: 1, createdAt: '2026-11-20T01:00:00.000Z', amount: body.amount, reason: body.reason, balance: 3000 + body.amount, orderIdx: null, mallSync: 'PENDING' };
        ledger.unshift(entry);
        rows[0] = { ...rows[0]!, customerPoint: entry.balance };
        return json(entry, { status: 201 });
      }),
    );
    const { user } = renderAt('/b2b/customer/detail/7', { '/b2b/customer/detail/:id': <CustomerShow /> });
    await screen.findByRole('heading', { name: '고객 상세 · 정보증' });
    await user.click(screen.getByRole('button', { name: '포인트 조정' }));
    const dialog = await screen.findByRole('dialog', { name: '포인트 조정' });
    expect(within(dialog).getByText('현재 포인트 3,000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '조정하기' }));
    expect(await within(dialog).findByText(CUSTOMER_MSG.pointAmountRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CUSTOMER_MSG.pointReasonRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '차감' }));
    await enter(user, within(dialog).getByRole('textbox', { name: /포인트/ }), '5000');
    await enter(user, within(dialog).getByRole('textbox', { name: /사유/ }), '사은품 교환');
    await user.click(within(dialog).getByRole('button', { name: '조정하기' }));
    expect(await screen.findByText('정보증 고객의 포인트에서 5,000포인트를 차감해요.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '조정' }));
    expect(await within(dialog).findByText(CUSTOMER_MSG.pointNotEnough)).toBeInTheDocument();
    const amount = await within(dialog).findByRole('textbox', { name: /포인트/ });
    await user.clear(amount);
    await enter(user, amount, '1200');
    await user.click(within(dialog).getByRole('button', { name: '조정하기' }));
    await user.click(await screen.findByRole('button', { name: '조정' }));
    expect(await screen.findByText('포인트를 조정했어요. 쇼핑몰 적립금에도 곧 반영돼요')).toBeInTheDocument();
    expect(posts.map((p) => p.body)).toEqual([{ amount: -5000, reason: '사은품 교환' }, { amount: -1200, reason: '사은품 교환' }]);
    expect(posts[0]!.key).toBeTruthy();
    expect(posts[1]!.key).toBe(posts[0]!.key);
    const history = await screen.findByRole('region', { name: '포인트 내역' });
    expect(await within(history).findByText('반영 대기')).toBeInTheDocument();
    expect(within(history).getByText('-1,200')).toBeInTheDocument();
  });

  it('sends a change the mall refused again (main account): the blocked-feature toast, then 반영 대기 once', async () => {
    signIn(brandAccount());
    customersApi([customer(7, { customerName: '정보증', customerPoint: 100 })]);
    const ledger = [{ idx: 5, createdAt: '2026-11-20T01:00:00.000Z', amount: 100, reason: '보상', balance: 100, orderIdx: null, mallSync: 'FAILED' }];
    const retries: string[] = [];
    server.use(
      http.get(`${API}/:id/points`, () => json({ list: ledger, total: ledger.length })),
      http.post('/api/cafe24/v1/interwork/points/:idx/retry', ({ params }) => {
        retries.push(String(params.idx));
        if (retries.length === 1) return fail(403, { code: 'FEATURE_DISABLED', message: MSG.featureBlocked });
        ledger[0] = { ...ledger[0]!, mallSync: 'PENDING' };
        return json({ pointIdx: 5, mallSync: 'PENDING' });
      }),
    );
    const { user } = renderAt('/b2b/customer/detail/7', { '/b2b/customer/detail/:id': <CustomerShow /> });
    const history = await screen.findByRole('region', { name: '포인트 내역' });
    expect(await within(history).findByText('반영 실패')).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: '다시 보내기' }));
    expect(await screen.findByText(MSG.featureBlocked)).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: '다시 보내기' }));
    expect(await screen.findByText('쇼핑몰로 다시 보냈어요. 곧 반영돼요')).toBeInTheDocument();
    expect(await within(history).findByText('반영 대기')).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: '다시 보내기' })).not.toBeInTheDocument();
    expect(retries).toEqual(['5', '5']);
  });

  it('a sub-account has no point adjustment and cannot send a refused change again', async () => {
    signIn(subAccount());
    customersApi([customer(7, { customerName: '정보증' })]);
    server.use(http.get(`${API}/:id/points`, () => json({ list: [{ idx: 5, createdAt: '2026-11-20T01:00:00.000Z', amount: 100, reason: '보상', balance: 100, orderIdx: null, mallSync: 'FAILED' }], total: 1 })));
    renderAt('/b2b/customer/detail/7', { '/b2b/customer/detail/:id': <CustomerShow /> });
    await screen.findByRole('heading', { name: '고객 상세 · 정보증' });
    expect(screen.queryByRole('button', { name: '포인트 조정' })).not.toBeInTheDocument();
    const history = await screen.findByRole('region', { name: '포인트 내역' });
    expect(await within(history).findByText('반영 실패')).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: '다시 보내기' })).not.toBeInTheDocument();
  });

  it('the edit dialog shows the phone as 010-3456-7802 and asks before Escape or the backdrop throw typed changes away', async () => {
    signIn(brandAccount());
    customersApi([customer(8, { customerName: '한편집', customerPhone: '01034567802' })]);
    const patches: unknown[] = [];
    server.use(http.patch(`${API}/:id`, async ({ request }) => void patches.push(await request.json())));
    const { user } = renderAt('/b2b/customer/detail/8', { '/b2b/customer/detail/:id': <CustomerShow /> });
    await screen.findByRole('heading', { name: '고객 상세 · 한편집' });
    await user.click(screen.getByRole('button', { name: '수정' }));
    let dialog = await screen.findByRole('dialog', { name: '고객 정보 수정' });
    expect(within(dialog).getByRole('textbox', { name: /연락처/ })).toHaveValue('010-3456-7802');

    // Unchanged: Escape closes at once.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '고객 정보 수정' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '수정' }));
    dialog = await screen.findByRole('dialog', { name: '고객 정보 수정' });
    await user.type(within(dialog).getByRole('textbox', { name: /이름/ }), '님');
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('dialog', { name: '작성 중인 내용이 사라져요. 닫을까요?' });
    await user.click(within(confirm).getByRole('button', { name: '아니요' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '작성 중인 내용이 사라져요. 닫을까요?' })).not.toBeInTheDocument());
    expect(within(dialog).getByRole('textbox', { name: /이름/ })).toHaveValue('한편집님');

    // The backdrop asks too; 예 discards without saving.
    await user.click(document.querySelector('.MuiBackdrop-root:not(.MuiBackdrop-invisible)')!);
    await user.click(within(await screen.findByRole('dialog', { name: '작성 중인 내용이 사라져요. 닫을까요?' })).getByRole('button', { name: '예' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '고객 정보 수정' })).not.toBeInTheDocument());
    expect(patches).toEqual([]);
  });

  it('asks before leaving the grade setting with unsaved changes', async () => {
    signIn(brandAccount());
    customersApi([]);
    const { user } = renderAt('/b2b/customer/grade/setting', { '/b2b/customer/grade/setting': <GradeSettingPage />, '/b2b/customer/grade': <p>등급 목록 화면</p> });
    const first = await screen.findByRole('group', { name: '1번째 등급' });
    await user.type(within(first).getByRole('textbox', { name: '등급명' }), '회원');
    await user.click(screen.getByRole('link', { name: '취소' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(MSG.unsavedChanges)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: '아니요' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/b2b/customer/grade/setting');
    await user.click(screen.getByRole('link', { name: '취소' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '예' }));
    expect(await screen.findByText('등급 목록 화면')).toBeInTheDocument();
  });
});
