import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from './Header';
import { fixtures, freezeNow, renderShell } from '../testing/shell';
import { MSG } from '../domain/messages';
import type { Partnership } from '../domain/identity';

freezeNow();

const renderHeader = (account: Partnership) => renderShell(<Header />, { account });

async function profileButton() {
  return screen.findByRole('button', { name: /프로필 메뉴$/ });
}

describe('Header subscription banner', () => {
  it.each([
    ['the days left of a trial', fixtures.trialDays(5), MSG.trialBannerDays(5)],
    ['a trial ending tomorrow (0 days left)', fixtures.trialDays(0), MSG.trialBannerTomorrow],
    ['a finished trial', fixtures.trialFinished, MSG.trialFinishedBanner],
    ['the last week of a paid plan', fixtures.chargedDays(7), MSG.subscriptionBannerDays(7)],
    ['a paid plan ending tomorrow', fixtures.chargedDays(0), MSG.subscriptionBannerTomorrow],
    ['a finished paid plan', fixtures.chargedFinished, MSG.subscriptionFinishedBanner],
  ])('shows %s, linking to the payment page', async (_, account, text) => {
    renderHeader(account);
    const banner = await screen.findByRole('link', { name: text });
    expect(banner).toHaveAttribute('href', '/b2b/payment/subscribe');
  });

  it.each([
    ['a paid plan with more than 7 days left', fixtures.chargedDays(8)],
    ['an account without subscription', fixtures.nonSubscriber],
    ['a repairer', fixtures.repairer],
    ['a launderer', fixtures.launderer],
  ])('shows nothing for %s', async (_, account) => {
    renderHeader(account);
    await profileButton();
    expect(screen.queryByTestId('subscription-banner')).toBeNull();
  });

  // The days are the server's (the identity's daysLeft, counted in Seoul days at its clock: signUp.api.test.ts), never the browser's.
  it.each(['1999-01-01T00:00:00Z', '2040-01-01T00:00:00Z'])("shows the server's days left with the browser's clock at %s (issue 23 item 11)", async (at) => {
    vi.setSystemTime(new Date(at));
    renderHeader(fixtures.trialDays(5));
    expect(await screen.findByRole('link', { name: MSG.trialBannerDays(5) })).toBeInTheDocument();
  });

  it('shows a sub-account the banner as text, without the payment link it would be refused', async () => {
    renderHeader({ ...fixtures.trialDays(5), idx: 2, parentIdx: 1 });
    const banner = await screen.findByTestId('subscription-banner');
    expect(banner).toHaveTextContent(MSG.trialBannerDays(5));
    expect(screen.queryByRole('link', { name: MSG.trialBannerDays(5) })).toBeNull();
  });

  it('shows nothing for an enterprise plan', async () => {
    renderHeader({ ...fixtures.brand, subscriptionState: 'ENTERPRISE', subscription: { ...fixtures.brand.subscription!, planGroup: 'ENTERPRISE', endDate: '2025-06-16T00:00:00Z' } });
    await profileButton();
    expect(screen.queryByTestId('subscription-banner')).toBeNull();
  });
});

describe('Header profile menu and home link', () => {
  it('links the product name home, and to the dashboard for a repairer', async () => {
    const { unmount } = renderHeader(fixtures.brand);
    await profileButton();
    expect(screen.getByRole('link', { name: '파트너 콘솔' })).toHaveAttribute('href', '/b2b/home');
    unmount();
    renderHeader(fixtures.repairer);
    await profileButton();
    expect(screen.getByRole('link', { name: '파트너 콘솔' })).toHaveAttribute('href', '/b2b/dashboard');
  });

  it('shows the brand name and offers account settings, brand settings and logout to a main brand account', async () => {
    const user = userEvent.setup();
    const { authProvider } = renderHeader(fixtures.brand);
    const button = await profileButton();
    expect(button).toHaveTextContent('데모브랜드');
    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: '계정 설정' })).toHaveAttribute('href', '/setting/profile');
    expect(within(menu).getByRole('menuitem', { name: '브랜드 설정' })).toHaveAttribute('href', '/setting/brand');
    await user.click(within(menu).getByRole('menuitem', { name: '로그아웃' }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
  });

  it('names a cooperator by its company, not by the first of its brands', async () => {
    const coop: Partnership = { ...fixtures.brand, b2bType: 'cooperator', companyName: '데모편집숍', brand: { idx: 7, name: '노르딕레더' } };
    renderHeader(coop);
    const button = await profileButton();
    expect(button).toHaveTextContent('데모편집숍');
    expect(button).not.toHaveTextContent('노르딕레더');
  });

  it('does not offer brand settings to a sub-account or a repairer', async () => {
    const user = userEvent.setup();
    const { unmount } = renderHeader(fixtures.subAccount);
    await user.click(await profileButton());
    expect(await screen.findByRole('menuitem', { name: '계정 설정' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '브랜드 설정' })).toBeNull();
    unmount();
    renderHeader(fixtures.repairer);
    const button = await profileButton();
    expect(button).toHaveTextContent('수선파트너');
    await user.click(button);
    expect(await screen.findByRole('menuitem', { name: '로그아웃' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '브랜드 설정' })).toBeNull();
  });
});

describe('Header page title', () => {
  it('hides the page title below 500 px instead of cutting it mid-word', async () => {
    renderHeader(fixtures.brand);
    await profileButton();
    const title = document.getElementById('react-admin-title')!;
    const css = Array.from(document.querySelectorAll('style'), (s) => s.textContent ?? '').join('\n').replace(/\s+/g, '');
    const hidden = Array.from(title.classList).some((c) => css.includes(`@media(max-width:499.95px){.${c}{visibility:hidden;`));
    expect(hidden).toBe(true);
    // Wider screens keep it on one line with an ellipsis.
    expect(getComputedStyle(title).textOverflow).toBe('ellipsis');
  });
});
