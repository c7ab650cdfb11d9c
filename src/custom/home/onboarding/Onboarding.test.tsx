import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { json, server, setupMsw, signIn } from '../../../testing/server';
import { renderAppAt } from '../../../testing/render';
import { brandAccount, repairerAccount, subAccount } from '../../../testing/fixtures';
import { subscription } from '../../../domain/testing/partnerships';
import { ONBOARDING_URL, onboardingAnswer, quietHome } from '../../../testing/home';
import { ONBOARDING_DIALOG, ONBOARDING_FOLD_KEY } from '../../../domain/onboarding';
import { HomePage } from '../HomePage';
import { noAfterServiceFigures } from '../../../testing/afterService';

setupMsw();

/** The other home calls answered quietly (their own tests check them). */
function homeApi(answer = onboardingAnswer()) {
  const calls = { onboarding: 0, patches: [] as unknown[] };
  server.use(
    http.get('/api/v1/admin/nft/ready/today', () => json({ today: 0, monthly: 0 })),
    http.get('/api/customer/v1/overview', () => json({ totalCustomers: 0, totalSignUps: 0, signUpRate: 0, totalMarketableCustomers: 0, lastWeek: null, updating: false, updatedAt: '2026-11-20T00:00:00.000Z' })),
    ...noAfterServiceFigures(),
    http.get(ONBOARDING_URL, () => {
      calls.onboarding += 1;
      return json(answer);
    }),
    http.patch(ONBOARDING_URL, async ({ request }) => {
      const body = (await request.json()) as { key: 'kakaoChatMenu' };
      calls.patches.push(body);
      return json(onboardingAnswer({ [body.key]: true }));
    }),
    // After the handlers above, which come first.
    ...quietHome(),
  );
  return calls;
}
const checklist = () => screen.findByRole('region', { name: '시작하기 체크리스트' });

describe('the onboarding checklist', () => {
  it('shows a new brand 0% with the four sections, and keeps the fold under onboarding-isFold', async () => {
    signIn(brandAccount());
    homeApi();
    const { user } = renderAppAt('/b2b/home', <HomePage />);
    const box = await checklist();
    expect(await within(box).findByTestId('onboarding-progress')).toHaveTextContent('0% 완료');
    expect(within(box).getByRole('meter', { name: '온보딩 진행률' })).toHaveAttribute('aria-valuenow', '0');
    expect(within(box).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['기본 설정', '디지털 보증서', '프로모션 · 멤버십', '외부 데이터 연동']);
    expect(within(box).getByTestId('onboarding-sections')).toHaveAttribute('data-columns', '4');
    expect(within(box).getByRole('button', { name: /^브랜드 라운지 만들기\s*,\s*미완료/ })).toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: '체크리스트 접기' }));
    expect(localStorage.getItem(ONBOARDING_FOLD_KEY)).toBe('true');
    expect(within(box).queryByRole('button', { name: /브랜드 라운지 만들기/ })).not.toBeInTheDocument();
    expect(within(box).getByRole('button', { name: '체크리스트 펼치기' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('starts folded when onboarding-isFold says so, and marks the items the server computed as done', async () => {
    localStorage.setItem(ONBOARDING_FOLD_KEY, 'true');
    signIn(brandAccount());
    homeApi(onboardingAnswer({ lounge: true, guaranteeSettings: true, membershipAddition: true }));
    const { user } = renderAppAt('/b2b/home', <HomePage />);
    const box = await checklist();
    expect(await within(box).findByTestId('onboarding-progress')).toHaveTextContent('17% 완료');
    await user.click(within(box).getByRole('button', { name: '체크리스트 펼치기' }));
    expect(within(box).getByRole('button', { name: /^브랜드 라운지 만들기\s*,\s*완료/ })).toHaveAttribute('data-completed', 'true');
    expect(localStorage.getItem(ONBOARDING_FOLD_KEY)).toBe('false');
  });

  it('opens the dialog from ?type= with its nav, guide and buttons; closing clears the query', async () => {
    signIn(brandAccount());
    homeApi();
    const { user, router } = renderAppAt('/b2b/home?type=lounge', <HomePage />);
    const dialog = await screen.findByRole('dialog', { name: '브랜드 라운지 만들기' });
    const nav = within(dialog).getByRole('navigation', { name: '온보딩 항목' });
    expect(nav).toHaveStyle({ width: `${ONBOARDING_DIALOG.navWidth}px` });
    expect(within(nav).getByRole('button', { name: '브랜드 라운지 만들기' })).toHaveAttribute('aria-current', 'page');
    expect(within(dialog).getByRole('heading', { name: '설정 방법' })).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: '브랜드 라운지 만들기 안내 그림' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem').length).toBeGreaterThan(3);
    expect(within(dialog).getByRole('button', { name: '설정하러 가기' })).toBeEnabled();
    // Another item from the nav moves the query.
    await user.click(within(nav).getByRole('button', { name: '보증서 설정' }));
    await screen.findByRole('dialog', { name: '보증서 설정' });
    expect(router.state.location.search).toBe('?type=guaranteeSettings');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    // The setting button goes to the setting.
    await user.click(within(await checklist()).getByRole('button', { name: /브랜드 라운지 만들기/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '설정하러 가기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/b2b/brand/setting'));
  });

  it('completes a button item with its toast', async () => {
    signIn(brandAccount());
    const calls = homeApi();
    const { user } = renderAppAt('/b2b/home?type=kakaoChatMenu', <HomePage />);
    const dialog = await screen.findByRole('dialog', { name: '카카오 채팅 메뉴 설정' });
    await user.click(within(dialog).getByRole('button', { name: '완료했어요' }));
    expect(await screen.findByText('카카오 채팅 메뉴 설정을 완료했어요')).toBeInTheDocument();
    expect(calls.patches).toEqual([{ parentKey: 'basicSettings', key: 'kakaoChatMenu' }]);
    expect(await within(dialog).findByRole('button', { name: '완료한 항목이에요' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: '닫기' }));
    expect(await within(await checklist()).findByRole('button', { name: /^카카오 채팅 메뉴 설정\s*,\s*완료/ })).toBeInTheDocument();
  });

  it('asks for the guarantee and the membership first, without opening the dialog', async () => {
    signIn(brandAccount());
    homeApi();
    const { user, router } = renderAppAt('/b2b/home', <HomePage />);
    const box = await checklist();
    await user.click(await within(box).findByRole('button', { name: /^보증서 알림톡 설정/ }));
    expect(await screen.findByText('먼저 보증서를 설정해 주세요')).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: /^쿠폰 추가/ }));
    expect(await screen.findByText('먼저 멤버십을 추가해 주세요')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('gives Starter two sections, each wider', async () => {
    signIn(brandAccount({ subscription: subscription({ planGroup: 'STARTER' }) }));
    homeApi(onboardingAnswer({}, 'STARTER'));
    renderAppAt('/b2b/home', <HomePage />);
    const box = await checklist();
    expect(await within(box).findByTestId('onboarding-sections')).toHaveAttribute('data-columns', '2');
    expect(within(box).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['기본 설정', '디지털 보증서']);
  });

  it('blocks the membership items on Standard with the blocked-feature toast', async () => {
    signIn(brandAccount({ subscription: subscription({ planGroup: 'STANDARD' }) }));
    homeApi(onboardingAnswer({}, 'STANDARD'));
    const { user } = renderAppAt('/b2b/home', <HomePage />);
    const box = await checklist();
    await user.click(await within(box).findByRole('button', { name: /^멤버십 추가\s*,\s*요금제에서 이용할 수 없어요/ }));
    expect(await screen.findByText('이용할 수 없는 기능이에요. 고객센터에 문의해 주세요')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('gives repairers and sub-accounts no onboarding, without asking for it', async () => {
    for (const account of [repairerAccount(), subAccount()]) {
      signIn(account);
      const calls = homeApi();
      const { unmount } = renderAppAt('/b2b/home?type=lounge', <HomePage />);
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByRole('region', { name: '시작하기 체크리스트' })).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: '브랜드 라운지 만들기' })).not.toBeInTheDocument();
      expect(calls.onboarding).toBe(0);
      unmount();
    }
  });
});
