import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { json, server, setupMsw, signIn } from '../testing/server';
import { renderWithAdmin } from '../testing/render';
import { noAfterServiceFigures } from '../testing/afterService';
import { brandAccount } from '../testing/fixtures';
import { ProductDashboard } from './ProductDashboard';

setupMsw();
// The A/S cards of the same dashboard (AsStatusCard.test.tsx checks them).
beforeEach(() => server.use(...noAfterServiceFigures()));

const DASH = '/api/v1/admin/nft/dashboard/membership';

function membershipApi() {
  const seen: URL[] = [];
  const record = (request: Request) => seen.push(new URL(request.url));
  server.use(
    http.get('/api/v1/admin/nft/dashboard', () => json(null)),
    http.get('/api/v1/admin/nft', () => json({ list: [], total: 0 })),
    http.get(`${DASH}/issued`, ({ request }) => {
      record(request);
      return json({ dateType: 'ALL', totalCount: 42, graph: [] });
    }),
    http.get(`${DASH}/summary`, ({ request }) => {
      record(request);
      return json({ dateType: 'ALL', totalCount: 42, issuing: 30, expired: 8, stop: 4, templates: [] });
    }),
    http.get(`${DASH}/coupon`, ({ request }) => {
      record(request);
      return json({ dateType: 'ALL', issuedCount: 50, usedCount: 12, usedRate: 24, list: [] });
    }),
  );
  return seen;
}

describe('ProductDashboard: membership figures', () => {
  it('shows issued, issuing, expired, stopped and the membership coupons, ALL by default (no dateType), then a chosen period', async () => {
    signIn(brandAccount());
    const seen = membershipApi();
    const { user } = renderWithAdmin(<ProductDashboard />);
    const card = await screen.findByRole('region', { name: '멤버십' });
    expect(await within(card).findByLabelText('발급한 멤버십')).toHaveTextContent('42');
    expect(within(card).getByLabelText('발급 중')).toHaveTextContent('30');
    expect(within(card).getByLabelText('만료')).toHaveTextContent('8');
    expect(within(card).getByLabelText('중지')).toHaveTextContent('4');
    expect(within(card).getByLabelText('멤버십 쿠폰 사용')).toHaveTextContent('12');
    expect(seen.every((u) => !u.searchParams.has('dateType'))).toBe(true);
    await user.click(within(card).getByRole('button', { name: '7d' }));
    await waitFor(() => expect(seen.some((u) => u.searchParams.get('dateType') === '7d')).toBe(true));
  });

  it('is not shown to an account on the STANDARD plan, and asks nothing', async () => {
    const base = brandAccount();
    signIn(brandAccount({ subscription: { ...base.subscription!, planGroup: 'STANDARD', planName: 'Standard' } }));
    const seen = membershipApi();
    renderWithAdmin(<ProductDashboard />);
    expect(await screen.findByRole('region', { name: '발급 추이' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '멤버십' })).not.toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });
});
