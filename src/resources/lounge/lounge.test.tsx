import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { createMemoryRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { AdminApp } from '../../App';
import { renderAppAt, testQueryClient } from '../../testing/render';
import { fail, json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount, subAccount } from '../../testing/fixtures';
import { enter } from '../../testing/enter';
import { LOUNGE_MSG } from '../../domain/brandLounge';
import LoungeSettingPage from './LoungeSettingPage';
import type { LoungeSetting } from './api';

// The shell has its own tests; here it is a frame whose presence tells a page was laid out in it.
vi.mock('../../layout/Layout', () => ({ Layout: ({ children }: { children: ReactNode }) => <div data-testid="shell">{children}</div> }));

setupMsw();

const L = '/api/v1/admin/lounge';
const saved = (over: Partial<LoungeSetting> = {}): LoungeSetting => ({
  title: '데모브랜드', subtitle: '', description: '', notice: '', themeColor: '#1F2937', logo: null, logoUrl: null, image: null, imageUrl: null,
  membershipIdxList: [], couponIdxList: [], showStamp: 'Y', saved: false, updatedAt: null, ...over,
});

function loungeApi(initial: LoungeSetting) {
  const sent: { put?: Record<string, unknown>; uploads: number } = { uploads: 0 };
  server.use(
    http.get(L, () => json(initial)),
    http.put(L, async ({ request }) => {
      sent.put = (await request.json()) as Record<string, unknown>;
      return json(saved({ ...(sent.put as Partial<LoungeSetting>), saved: true }));
    }),
    http.post(`${L}/image`, () => {
      sent.uploads += 1;
      return json({ path: '1/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png', url: '/api/media/files/1/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png' });
    }),
    http.get('/api/v1/admin/membership-template/list', () => json({ list: [{ idx: 1, nftCardName: '골드 멤버십', isMain: true, status: 'ACTIVE' }, { idx: 2, nftCardName: '실버 멤버십', isMain: false, status: 'STOP' }], total: 2 })),
    http.get('/api/v1/admin/coupon/list', () => json({ list: [{ idx: 7, title: '아메리카노 무료' }] })),
    http.get('/api/v1/admin/stamp', () => json({ goal: 5 })),
  );
  return sent;
}

describe('/b2b/brand/setting', () => {
  beforeEach(() => signIn(brandAccount()));

  it('edits the lounge with a phone-width preview that follows the form, uploads the logo and saves the whole body', async () => {
    const sent = loungeApi(saved());
    const { user } = renderAppAt('/b2b/brand/setting', <Routes><Route path="/b2b/brand/setting" element={<LoungeSettingPage />} /></Routes>);
    const preview = await screen.findByRole('region', { name: '고객 화면 미리보기' });
    expect(within(preview).getByRole('heading', { level: 1 })).toHaveTextContent('데모브랜드');
    expect(await within(preview).findByText('스탬프 2/5')).toBeInTheDocument();

    const title = screen.getByLabelText(/라운지 이름/);
    await user.clear(title);
    await enter(user, title, '데모 라운지');
    await enter(user, screen.getByLabelText('한 줄 소개'), '단골을 위한 공간');
    await waitFor(() => expect(within(preview).getByRole('heading', { level: 1 })).toHaveTextContent('데모 라운지'));
    expect(within(preview).getByText('단골을 위한 공간')).toBeInTheDocument();
    expect(screen.getByLabelText('실버 멤버십 (사용 중지)')).toBeInTheDocument();
    await user.click(screen.getByLabelText('골드 멤버십'));
    await user.click(screen.getByLabelText('아메리카노 무료'));
    expect(within(preview).getByText('골드 멤버십')).toBeInTheDocument();
    expect(within(preview).getByText('아메리카노 무료')).toBeInTheDocument();
    await user.click(screen.getByLabelText('스탬프 카드 보여 주기'));
    expect(within(preview).queryByText('스탬프 2/5')).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('로고 이미지 올리기'), new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(sent.uploads).toBe(1));
    expect(await screen.findByRole('button', { name: '다른 이미지로 바꾸기' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(sent.put).toEqual({
      title: '데모 라운지', subtitle: '단골을 위한 공간', description: '', notice: '', themeColor: '#1F2937',
      logo: '1/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png', image: null, membershipIdxList: [1], couponIdxList: [7], showStamp: 'N',
    }));
    expect(await screen.findByText('브랜드 라운지를 저장했어요')).toBeInTheDocument();
  });

  it('checks the texts with the shared schema and shows the server\'s field errors', async () => {
    loungeApi(saved({ saved: true, title: '라운지' }));
    server.use(http.put(L, () => fail(400, { code: 'VALIDATION_FAILED', message: '입력값을 확인해 주세요', errors: { couponIdxList: LOUNGE_MSG.couponsInvalid } })));
    const { user } = renderAppAt('/b2b/brand/setting', <Routes><Route path="/b2b/brand/setting" element={<LoungeSettingPage />} /></Routes>);
    const title = await screen.findByLabelText(/라운지 이름/);
    await user.clear(title);
    const color = screen.getByLabelText('테마 색상');
    await user.clear(color);
    await enter(user, color, 'blue');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(LOUNGE_MSG.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(LOUNGE_MSG.colorInvalid)).toBeInTheDocument();
    await enter(user, title, '라운지');
    await user.clear(color);
    await enter(user, color, '#112233');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(LOUNGE_MSG.couponsInvalid)).toBeInTheDocument();
  });
});

describe('the lounge route in the admin app', () => {
  function renderApp(path: string) {
    window.history.replaceState(null, '', path);
    const router = createMemoryRouter([{ path: '*', element: <AdminApp queryClient={testQueryClient()} /> }], { initialEntries: [path] });
    render(<RouterProvider router={router} />);
    return router;
  }

  it('renders the lounge settings without the shell, while the stamp pages keep it', async () => {
    signIn(brandAccount());
    loungeApi(saved());
    const router = renderApp('/b2b/brand/setting');
    expect(await screen.findByRole('heading', { level: 1, name: '브랜드 라운지 설정' })).toBeInTheDocument();
    expect(screen.queryByTestId('shell')).not.toBeInTheDocument();
    server.use(http.get('/api/v1/admin/stamp/list', () => json({ list: [], total: 0 })));
    await router.navigate('/b2b/stamp/list');
    expect(await screen.findByRole('heading', { level: 1, name: '스탬프 적립 내역' })).toBeInTheDocument();
    expect(screen.getByTestId('shell')).toBeInTheDocument();
  });

  it('sends a sub-account home from the lounge and stamp pages', async () => {
    signIn(subAccount());
    server.use(
      http.get('/api/v1/admin/nft/ready/today', () => json({ today: 0, monthly: 0 })),
      http.get('/api/customer/v1/overview', () => json({ totalCustomers: 0, totalSignUps: 0, signUpRate: 0, totalMarketableCustomers: 0, lastWeek: null, updating: false, updatedAt: '2026-11-20T00:00:00.000Z' })),
    );
    const router = renderApp('/b2b/brand/setting');
    await waitFor(() => expect(router.state.location.pathname).toBe('/b2b/home'));
    await router.navigate('/b2b/stamp/setting');
    await waitFor(() => expect(router.state.location.pathname).toBe('/b2b/home'));
  });
});
