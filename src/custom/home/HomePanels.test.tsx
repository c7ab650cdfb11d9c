import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fail, json, server, setupMsw, signIn } from '../../testing/server';
import { renderAppAt } from '../../testing/render';
import { brandAccount, repairerAccount } from '../../testing/fixtures';
import { noAfterServiceFigures } from '../../testing/afterService';
import { CONSENTS_URL, NOTICES_URL, quietHome } from '../../testing/home';
import { addDays, seoulToday } from '../../domain/seoulDay';
import { BLOG_ENTRIES, blogSlidesPerView } from '../../domain/home';
import { Page } from '../../framework/Page';
import { resetConsignmentNotice } from '../../framework/consignmentNotice';
import { HomePage } from './HomePage';

setupMsw();
afterEach(resetConsignmentNotice);

function homeApi(...first: Parameters<typeof server.use>) {
  server.use(
    ...first,
    http.get('/api/v1/admin/nft/ready/today', () => json({ today: 0, monthly: 0 })),
    http.get('/api/customer/v1/overview', () => json({ totalCustomers: 0, totalSignUps: 0, signUpRate: 0, totalMarketableCustomers: 0, lastWeek: null, updating: false, updatedAt: '2026-11-20T00:00:00.000Z' })),
    ...noAfterServiceFigures(),
    ...quietHome(),
  );
}
const today = seoulToday(Date.now());
const notices = Array.from({ length: 9 }, (_, i) => ({ no: 100 - i, title: `공지 ${i + 1}`, date: addDays(today, -i * 3), link: i === 1 ? null : `https://notice.example/${i}` }));

describe('home panels', () => {
  it('lists the newest 7 notices, marking those of the last 14 days new', async () => {
    signIn(brandAccount());
    homeApi(http.post(NOTICES_URL, () => json({ list: notices, total: 9 })));
    renderAppAt('/b2b/home', <HomePage />);
    const feed = await screen.findByRole('region', { name: '공지사항' });
    const list = await within(feed).findByTestId('notice-list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(7);
    // 0, 3, 6, 9 and 12 days ago are new; 15 and 18 are not.
    expect(rows.map((r) => within(r).queryByText('새 글') !== null)).toEqual([true, true, true, true, true, false, false]);
    expect(within(rows[0]).getByRole('link', { name: '공지 1' })).toHaveAttribute('href', 'https://notice.example/0');
    expect(within(rows[1]).queryByRole('link')).not.toBeInTheDocument();
    expect(within(feed).queryByText('공지 8')).not.toBeInTheDocument();
  });

  it('only logs a notice failure: the feed says there is nothing new', async () => {
    signIn(brandAccount());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    homeApi(http.post(NOTICES_URL, () => fail(500, { code: 'INTERNAL_ERROR', message: 'x' })));
    renderAppAt('/b2b/home', <HomePage />);
    expect(await within(await screen.findByRole('region', { name: '공지사항' })).findByText('새 공지가 없어요')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('shows the banner and 6 blog entries to a brand', async () => {
    signIn(brandAccount());
    homeApi();
    renderAppAt('/b2b/home', <HomePage />);
    expect(await screen.findByRole('complementary', { name: '마케팅 메시지로 단골을 다시 불러오세요' })).toBeInTheDocument();
    const blog = screen.getByRole('region', { name: '파트너 블로그' });
    expect(within(blog).getAllByRole('link')).toHaveLength(BLOG_ENTRIES.length);
    expect(within(blog).getByTestId('blog-track')).toHaveAttribute('data-per-view', String(blogSlidesPerView(window.innerWidth)));
  });

  it('shows a repairer neither the banner nor the consent prompt', async () => {
    signIn(repairerAccount());
    let consentsAsked = 0;
    homeApi(http.get(CONSENTS_URL, () => {
      consentsAsked += 1;
      return json({ list: [], total: 0 });
    }));
    renderAppAt('/b2b/home', <HomePage />);
    await screen.findByRole('region', { name: '공지사항' });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(consentsAsked).toBe(0);
  });

  it("asks for marketing consent without prior answers: 'Agree' needs one checked, and sends both answers", async () => {
    signIn(brandAccount());
    const sent: unknown[] = [];
    homeApi(
      http.get(CONSENTS_URL, () => json({ list: [{ service: 'SERVICE_USAGE', isAgreed: 'Y' }], total: 1 })),
      http.post(CONSENTS_URL, async ({ request }) => {
        sent.push(await request.json());
        return json({ list: [{ service: 'MARKETING', isAgreed: 'Y' }], total: 1 });
      }),
    );
    const { user } = renderAppAt('/b2b/home', <HomePage />);
    const modal = await screen.findByRole('dialog', { name: '마케팅 정보 수신에 동의해 주세요' });
    await user.click(within(modal).getByRole('button', { name: '동의하기' }));
    expect(within(modal).getByRole('alert')).toHaveTextContent('동의할 항목을 1개 이상 골라 주세요');
    expect(sent).toEqual([]);
    await user.click(within(modal).getByRole('checkbox', { name: '마케팅 활용 동의 (선택)' }));
    await user.click(within(modal).getByRole('button', { name: '동의하기' }));
    expect(await screen.findByText('수신 동의를 저장했어요')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ consents: [{ service: 'PROMOTION', isAgreed: 'N' }, { service: 'MARKETING', isAgreed: 'Y' }] }]);
  });

  it("records both as N with 'Don't show again'", async () => {
    signIn(brandAccount());
    const sent: unknown[] = [];
    homeApi(
      http.get(CONSENTS_URL, () => json({ list: [], total: 0 })),
      http.post(CONSENTS_URL, async ({ request }) => {
        sent.push(await request.json());
        return json({ list: [{ service: 'PROMOTION', isAgreed: 'N' }], total: 1 });
      }),
    );
    const { user } = renderAppAt('/b2b/home', <HomePage />);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '다시 보지 않기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ consents: [{ service: 'PROMOTION', isAgreed: 'N' }, { service: 'MARKETING', isAgreed: 'N' }] }]);
  });

  it('sends a flagged account to /auth/profile once, recording the visit', async () => {
    signIn(brandAccount({ consignmentNotice: true }));
    let seen = 0;
    homeApi(http.post('/api/v1/admin/partnerships/consignment-notice/seen', () => {
      seen += 1;
      return HttpResponse.json({ data: { consignmentNotice: false } });
    }));
    const { router } = renderAppAt('/b2b/home', <Page><HomePage /></Page>);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/profile'));
    await waitFor(() => expect(seen).toBe(1));
    // The identity still says flagged until it is read again; home stays home.
    await router.navigate('/b2b/home');
    expect(await screen.findByRole('region', { name: '공지사항' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/b2b/home');
    expect(seen).toBe(1);
  });
});
