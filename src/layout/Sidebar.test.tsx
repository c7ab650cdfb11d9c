import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Sidebar } from './Sidebar';
import { SideMenu } from './SideMenu';
import { creditAccount, CREDIT_ACCOUNT_URL, fixtures, freezeNow, renderShell, server, setupMsw } from '../testing/shell';
import type { Partnership } from '../domain/identity';
import { GUIDE_URL, FEEDBACK_URL } from './shellConfig';
import { defaultShellText } from './useShellText';
import { RESOURCE_DEFINITIONS } from '../domain/resources';
import { GlobalDialogs, TopCenterNotification } from '../framework/GlobalDialogs';
import { MSG } from '../domain/messages';

setupMsw();
freezeNow();

const SECTIONS = ['메인', '고객', '상품', '채널', '부가 서비스'];
const ALL_LINKS = [
  '홈', '대시보드', '브랜드 라운지', '스탬프 설정', '스탬프 적립 내역',
  '고객 리스트', '등급 및 포인트', '멤버십 리스트', '멤버십 발급', '멤버십 발급 내역', '자동 메시지', '단건 메시지',
  '보증서 설정', '보증서 발급', '보증서 발급 내역', 'A/S 설정', '수선 내역', '세탁 내역',
  '서비스 연동', '결제 및 구독',
];
const MAIN_ONLY_LINKS = ['브랜드 라운지', '스탬프 설정', '스탬프 적립 내역', '자동 메시지', '단건 메시지', '보증서 설정', 'A/S 설정', '서비스 연동', '결제 및 구독'];

function renderSidebar(account: Partnership, path = '/b2b/home') {
  return renderShell(
    <Sidebar>
      <SideMenu />
    </Sidebar>,
    { account, path },
  );
}

async function sideNav() {
  const nav = screen.getByRole('navigation', { name: '사이드 메뉴' });
  await waitFor(() => expect(within(nav).getAllByRole('link').length).toBeGreaterThan(0));
  return nav;
}

/**
 * The declared resources' links (src/domain/resources, e.g. 매장 관리): src/domain/menu.test.ts checks
 * each against its read rule, so the lists here leave them out and a new resource needs no edit.
 */
const RESOURCE_LINKS = RESOURCE_DEFINITIONS.map((def) => defaultShellText(`${def.name}.title`));

/** A link's name: its label when icons only, else its text without the decorative badges (aria-hidden). */
function nameOf(link: Element): string | null {
  const text = link.cloneNode(true) as Element;
  text.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
  return link.getAttribute('aria-label') ?? text.textContent?.trim() ?? null;
}

/** The names of the menu links, in order, without the guide and feedback links, the balance box and the declared resources. */
const menuLinkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .filter((a) => !a.getAttribute('target') && !a.closest('[role="group"]'))
    .map((a) => nameOf(a))
    .filter((name) => !RESOURCE_LINKS.includes(name ?? ''));

describe('Sidebar', () => {
  it('shows a brand admin every section, the guide and feedback links and the formatted balance', async () => {
    server.use(creditAccount(1234567), http.get('/api/payment/v2/method', () => HttpResponse.json({ data: { list: [], total: 0, hasPaymentEmail: true } })));
    const user = userEvent.setup();
    renderSidebar(fixtures.brand);
    const nav = await sideNav();
    const balance = await within(nav).findByRole('group', { name: '충전금 잔액' });

    for (const title of SECTIONS) expect(within(nav).getByText(title, { selector: 'li' })).toBeInTheDocument();
    expect(menuLinkNames(nav)).toEqual(ALL_LINKS);
    expect(within(nav).getByRole('link', { name: '홈' })).toHaveAttribute('href', '/b2b/home');
    expect(within(nav).getByRole('link', { name: '보증서 발급 내역' })).toHaveAttribute('href', '/b2b/guarantee');
    expect(within(nav).getByRole('button', { name: '스탬프' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('button', { name: '마케팅 메시지' })).toBeInTheDocument();

    expect(within(nav).getByRole('link', { name: '이용 가이드' })).toHaveAttribute('href', GUIDE_URL);
    expect(within(nav).getByRole('link', { name: '피드백' })).toHaveAttribute('href', FEEDBACK_URL);

    expect(within(balance).getByText('1,234,567원')).toBeInTheDocument();
    expect(within(balance).getByRole('link', { name: '충전하기' })).toHaveAttribute('href', '/b2b/payment/subscribe?mode=credit');

    // No card yet: the settings button opens the add-card dialog (AddCardDialog.test.tsx covers the card list).
    await user.click(within(balance).getByRole('button', { name: '결제 카드 설정' }));
    const dialog = await screen.findByRole('dialog', { name: '결제 카드 등록' });
    expect(within(dialog).getByLabelText('카드 번호 1번째 4자리')).toBeInTheDocument();
  });

  it('shows the NEW tag and the red dot without changing the link names', async () => {
    server.use(creditAccount(0));
    renderSidebar(fixtures.brand);
    const nav = await sideNav();
    expect(within(nav).getByTestId('menu-new-storeReservation')).toHaveTextContent('NEW');
    expect(within(nav).getByTestId('menu-dot-stamp')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: '예약' })).toBeInTheDocument();
  });

  it('hides main-account entries and the balance box from a sub-account', async () => {
    let creditCalls = 0;
    server.use(http.get(CREDIT_ACCOUNT_URL, () => { creditCalls += 1; return HttpResponse.json({ data: { accountIdx: 1, balance: 5 } }); }));
    renderSidebar(fixtures.subAccount);
    const nav = await sideNav();
    expect(menuLinkNames(nav)).toEqual(ALL_LINKS.filter((name) => !MAIN_ONLY_LINKS.includes(name)));
    expect(within(nav).queryByRole('button', { name: '스탬프' })).toBeNull();
    expect(within(nav).queryByRole('button', { name: '마케팅 메시지' })).toBeNull();
    expect(within(nav).queryByText('부가 서비스')).toBeNull();
    expect(within(nav).getByRole('link', { name: '이용 가이드' })).toBeInTheDocument();
    expect(within(nav).queryByRole('group', { name: '충전금 잔액' })).toBeNull();
    expect(creditCalls).toBe(0);
  });

  it('gives a repairer only the dashboard and repair history, without guide, feedback or balance', async () => {
    renderSidebar(fixtures.repairer, '/b2b/dashboard');
    const nav = await sideNav();
    expect(within(nav).getAllByRole('link').map((a) => nameOf(a))).toEqual(['대시보드', '수선 내역']);
    expect(within(nav).queryByRole('link', { name: '이용 가이드' })).toBeNull();
  });

  it('gives a launderer only the dashboard and laundry history', async () => {
    renderSidebar(fixtures.launderer, '/b2b/dashboard');
    const nav = await sideNav();
    expect(within(nav).getAllByRole('link').map((a) => nameOf(a))).toEqual(['대시보드', '세탁 내역']);
  });

  it('shows a non-subscriber only home and payment', async () => {
    server.use(creditAccount(0));
    renderSidebar(fixtures.nonSubscriber);
    const nav = await sideNav();
    expect(menuLinkNames(nav)).toEqual(['홈', '결제 및 구독']);
  });

  // The state is the identity's, computed by the server: the browser's clock years off changes no entry (issue 23 item 11).
  it("follows the server's state, not the browser's clock: a running plan keeps every entry with the clock years ahead", async () => {
    server.use(creditAccount(0));
    vi.setSystemTime(new Date('2040-01-01T00:00:00Z'));
    renderSidebar(fixtures.brand);
    expect(menuLinkNames(await sideNav())).toEqual(ALL_LINKS);
  });

  it("follows the server's state, not the browser's clock: a finished trial gets only home and payment with the clock years behind", async () => {
    server.use(creditAccount(0));
    vi.setSystemTime(new Date('2020-01-01T00:00:00Z'));
    renderSidebar(fixtures.trialFinished);
    expect(menuLinkNames(await sideNav())).toEqual(['홈', '결제 및 구독']);
  });

  it('keeps the membership setup in a Standard subscriber\'s menu as a button that shows the blocked-feature toast', async () => {
    server.use(creditAccount(0));
    const user = userEvent.setup();
    renderShell(
      <>
        <Sidebar>
          <SideMenu />
        </Sidebar>
        <GlobalDialogs />
        <TopCenterNotification />
      </>,
      { account: fixtures.chargedDays(100) },
    );
    const nav = await sideNav();
    expect(within(nav).queryByRole('link', { name: '멤버십 리스트' })).toBeNull();
    await user.click(within(nav).getByRole('button', { name: '멤버십 리스트' }));
    expect(await screen.findByText(MSG.featureBlocked)).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: '고객 리스트' })).toBeInTheDocument();
  });

  it('marks the highlighted item with aria-current, following spec 2.4', async () => {
    server.use(creditAccount(0));
    renderSidebar(fixtures.brand, '/b2b/guarantee/edit/3/');
    const nav = await sideNav();
    const current = within(nav).getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => nameOf(a))).toEqual(['보증서 발급']);
  });

  it('highlights a child item inside its open group', async () => {
    server.use(creditAccount(0));
    renderSidebar(fixtures.brand, '/b2b/stamp/list');
    const nav = await sideNav();
    expect(within(nav).getByRole('link', { name: '스탬프 적립 내역' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: '스탬프 설정' })).not.toHaveAttribute('aria-current');
  });

  it('folds a group and collapses to icons with the links still named', async () => {
    server.use(creditAccount(1000));
    const user = userEvent.setup();
    renderSidebar(fixtures.brand);
    const nav = await sideNav();
    await within(nav).findByRole('group', { name: '충전금 잔액' });

    await user.click(within(nav).getByRole('button', { name: '스탬프' }));
    await waitFor(() => expect(within(nav).queryByRole('link', { name: '스탬프 설정' })).toBeNull());

    await user.click(within(nav).getByRole('button', { name: '메뉴 접기' }));
    expect(within(nav).getByRole('button', { name: '메뉴 펼치기' })).toBeInTheDocument();
    expect(within(nav).queryByText('메인')).toBeNull();
    expect(within(nav).getByRole('link', { name: '고객 리스트' })).toBeInTheDocument();
    expect(within(nav).queryByRole('group', { name: '충전금 잔액' })).toBeNull();
  });

  it('hides the balance box when the credit account cannot be read', async () => {
    server.use(http.get(CREDIT_ACCOUNT_URL, () => HttpResponse.json({ code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 })));
    renderSidebar(fixtures.brand);
    const nav = await sideNav();
    await waitFor(() => expect(within(nav).getByRole('link', { name: '피드백' })).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 50));
    expect(within(nav).queryByRole('group', { name: '충전금 잔액' })).toBeNull();
  });
});
