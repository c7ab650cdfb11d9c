import { screen } from '@testing-library/react';
import { DashboardTabs } from './DashboardTabs';
import { fixtures, freezeNow, renderShell } from '../testing/shell';

freezeNow();

describe('DashboardTabs', () => {
  it('offers product, customer and channel to a brand admin and selects the current one', async () => {
    renderShell(<DashboardTabs />, { account: fixtures.brand, path: '/b2b/dashboard/customer' });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['상품', '고객', '채널']);
    expect(tabs.map((t) => t.getAttribute('href'))).toEqual(['/b2b/dashboard', '/b2b/dashboard/customer', '/b2b/dashboard/channel']);
    expect(screen.getByRole('tab', { name: '고객' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '상품' })).toHaveAttribute('aria-selected', 'false');
  });

  it('selects the product tab by default', async () => {
    renderShell(<DashboardTabs />, { account: fixtures.brand, path: '/b2b/dashboard/' });
    expect(await screen.findByRole('tab', { name: '상품' })).toHaveAttribute('aria-selected', 'true');
  });

  it.each([
    ['repairer', fixtures.repairer],
    ['launderer', fixtures.launderer],
  ])('shows a %s only the product tab', async (_, account) => {
    renderShell(<DashboardTabs />, { account, path: '/b2b/dashboard' });
    await screen.findByRole('tab', { name: '상품' });
    expect(screen.getAllByRole('tab')).toHaveLength(1);
  });
});
