import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../testing/render';
import { json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount, subAccount } from '../../testing/fixtures';
import { enter } from '../../testing/enter';
import { LOUNGE_MSG, STAFF_PIN_LIMITS } from '../../domain/lounge';
import CouponList from './CouponList';

setupMsw();

const PIN = '/api/v1/admin/coupon-staff-pin';

/** The PIN's state (paused until `pausedUntil` when given, until a PIN is saved) and the saves. */
function api(pausedUntil: string | null = null) {
  const saved: unknown[] = [];
  let pinSet = Boolean(pausedUntil);
  let paused = pausedUntil;
  const state = () => json({ pinSet, pausedUntil: paused, loungeKey: 'abcdef123456', loungePath: '/lounge/abcdef123456' });
  server.use(
    http.get('/api/v1/admin/coupon', () => json({ list: [], total: 0 })),
    http.get(PIN, state),
    http.put(PIN, async ({ request }) => {
      saved.push(await request.json());
      pinSet = true;
      paused = null;
      return state();
    }),
  );
  return { saved };
}
const renderList = () => renderAppAt('/b2b/coupon', <Routes><Route path="/b2b/coupon" element={<CouponList />} /></Routes>);

describe('the staff PIN settings on the coupon list', () => {
  it('shows the lounge link, refuses a PIN that is not 4 digits or not confirmed, saves it without ever showing it', async () => {
    signIn(brandAccount());
    const { saved } = api();
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: '매장 PIN 설정' }));
    const dialog = await screen.findByRole('dialog', { name: '매장 PIN 설정' });
    expect(await within(dialog).findByText('아직 PIN이 없어요')).toBeInTheDocument();
    expect(within(dialog).getByTestId('lounge-link')).toHaveAttribute('href', `${window.location.origin}/lounge/abcdef123456`);

    await enter(user, within(dialog).getByLabelText(/새 PIN/), '12a4');
    await enter(user, within(dialog).getByLabelText(/PIN 확인/), '12a4');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText(LOUNGE_MSG.pinRequired)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/새 PIN/));
    await user.clear(within(dialog).getByLabelText(/PIN 확인/));
    await enter(user, within(dialog).getByLabelText(/새 PIN/), '2580');
    await enter(user, within(dialog).getByLabelText(/PIN 확인/), '2581');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText(LOUNGE_MSG.pinMismatch)).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/PIN 확인/));
    await enter(user, within(dialog).getByLabelText(/PIN 확인/), '2580');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByText('매장 PIN을 저장했어요')).toBeInTheDocument();
    expect(saved).toEqual([{ pin: '2580', pinConfirm: '2580' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('while PIN coupons are paused, says until when above the list and in the dialog; a new PIN saved from there ends it', async () => {
    signIn(brandAccount());
    const { saved } = api('2026-11-27T06:30:00.000Z');
    const { user } = renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('매장 PIN 쿠폰 사용이 멈췄어요');
    expect(alert).toHaveTextContent(`1시간 안에 매장 PIN이 ${STAFF_PIN_LIMITS.brandMaxWrong}번 틀려서 2026-11-27 15:30까지`);
    await user.click(within(alert).getByRole('button', { name: 'PIN 바꾸기' }));
    const dialog = await screen.findByRole('dialog', { name: '매장 PIN 설정' });
    expect(await within(dialog).findByText('매장 PIN 쿠폰 사용이 멈췄어요')).toBeInTheDocument();
    await enter(user, within(dialog).getByLabelText(/새 PIN/), '7391');
    await enter(user, within(dialog).getByLabelText(/PIN 확인/), '7391');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByText('매장 PIN을 저장했어요')).toBeInTheDocument();
    expect(saved).toEqual([{ pin: '7391', pinConfirm: '7391' }]);
    expect(screen.queryByText('매장 PIN 쿠폰 사용이 멈췄어요')).not.toBeInTheDocument();
  });

  it('is not offered to a sub-account', async () => {
    signIn(subAccount());
    api();
    renderList();
    expect((await screen.findAllByText('쿠폰 리스트')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: '매장 PIN 설정' })).not.toBeInTheDocument();
  });
});
