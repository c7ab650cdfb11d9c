import { screen, waitFor, within } from '@testing-library/react';
import { Layout } from './Layout';
import { creditAccount, fixtures, freezeNow, renderShell, server, setScreenNarrow, setupMsw } from '../testing/shell';
import type { Partnership } from '../domain/identity';

setupMsw();
afterEach(() => setScreenNarrow(false));
freezeNow();

const renderLayout = (account: Partnership, path = '/b2b/home') =>
  renderShell(
    <Layout>
      <p>페이지 본문</p>
    </Layout>,
    { account, path },
  );

describe('Layout', () => {
  it('puts the header, the side menu and the page together on a wide screen', async () => {
    server.use(creditAccount(5000));
    setScreenNarrow(false);
    renderLayout(fixtures.brand);
    expect(await screen.findByText('페이지 본문')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '사이드 메뉴' });
    expect(await within(nav).findByRole('link', { name: '홈' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('button', { name: /프로필 메뉴$/ })).toBeInTheDocument();
    expect(await within(nav).findByText('5,000원')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '모바일 메뉴' })).toBeNull();
  });

  it('replaces the sidebar with the narrow-screen menu below 500 px', async () => {
    server.use(creditAccount(0));
    setScreenNarrow(true);
    renderLayout(fixtures.brand, '/b2b/dashboard/channel');
    const mobile = await screen.findByRole('navigation', { name: '모바일 메뉴' });
    await waitFor(() => expect(within(mobile).getAllByRole('link')).toHaveLength(4));
    expect(within(mobile).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['홈', '/b2b/home'],
      ['상품 대시보드', '/b2b/dashboard'],
      ['고객 대시보드', '/b2b/dashboard/customer'],
      ['채널 대시보드', '/b2b/dashboard/channel'],
    ]);
    expect(within(mobile).getByRole('link', { name: '채널 대시보드' })).toHaveAttribute('aria-current', 'page');
    expect(within(mobile).getByRole('button', { name: '로그아웃' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '사이드 메뉴' })).toBeNull();
  });

  it('gives a narrow-screen repairer the product dashboard and logout', async () => {
    setScreenNarrow(true);
    renderLayout(fixtures.repairer, '/b2b/dashboard');
    const mobile = await screen.findByRole('navigation', { name: '모바일 메뉴' });
    await waitFor(() => expect(within(mobile).getAllByRole('link').map((a) => a.textContent)).toEqual(['상품 대시보드']));
    expect(within(mobile).getByRole('button', { name: '로그아웃' })).toBeInTheDocument();
  });
});
