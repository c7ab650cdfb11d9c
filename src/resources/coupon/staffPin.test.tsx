import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../custom/testing/render';
import { json, server, setupMsw, signIn } from '../../custom/testing/server';
import { brandAccount, subAccount } from '../../custom/testing/fixtures';
import { enter } from '../../custom/testing/enter';
import { LOUNGE_MSG } from '../../domain/lounge';
import CouponList from './CouponList';

setupMsw();

const PIN = '/api/v1/admin/coupon-staff-pin';

function api() {
  const saved: unknown[] = [];
  let pinSet = false;
  server.use(
    http.get('/api/v1/admin/coupon', () => json({ list: [], total: 0 })),
    http.get(PIN, () => json({ pinSet, loungeKey: 'abcdef123456', loungePath: '/lounge/abcdef123456' })),
    http.put(PIN, async ({ request }) => {
      saved.push(await request.json());
      pinSet = true;
      return json({ pinSet, loungeKey: 'abcdef123456', loungePath: '/lounge/abcdef123456' });
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

  it('is not offered to a sub-account', async () => {
    signIn(subAccount());
    api();
    renderList();
    expect((await screen.findAllByText('쿠폰 리스트')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: '매장 PIN 설정' })).not.toBeInTheDocument();
  });
});
