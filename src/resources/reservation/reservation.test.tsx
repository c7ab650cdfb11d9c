import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../testing/render';
import { json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount } from '../../testing/fixtures';
import ReservationBookings, { type StaffBooking, type StaffDay } from './ReservationBookings';

setupMsw();

const R = '/api/waiting/v1/reservation/4';
const booking = (idx: number, over: Partial<StaffBooking>): StaffBooking => ({
  idx, startsAt: '2026-11-25T09:00:00.000Z', time: '18:00', when: '11월 25일 (수) 18:00', partySize: 2, status: 'confirmed', cancelBy: null,
  depositAmount: 0, depositStatus: 'none', agreeMarketing: 'N', customerName: `손님${idx}`, phoneMasked: '010-****-1234', noShowAllowed: false, ...over,
});

/** The staff day API fake: the asked day's bookings, and the PATCH bodies. */
function dayApi() {
  const moves: { idx: number; action: string }[] = [];
  const asked: string[] = [];
  server.use(
    http.get(`${R}/booking`, ({ request }) => {
      const date = new URL(request.url).searchParams.get('date')!;
      asked.push(date);
      const day: StaffDay = {
        reservation: { idx: 4, name: '성수 다이닝', autoConfirm: 'N', deposit: 10_000, slotCapacity: 2 }, date, open: true,
        slots: [{ startsAt: '2026-11-25T09:00:00.000Z', time: '18:00', capacity: 2, booked: 2 }, { startsAt: '2026-11-25T10:00:00.000Z', time: '19:00', capacity: 2, booked: 0 }],
        counts: { requested: 1, confirmed: 1, visited: 0, noShow: 0, cancelled: 0 },
        list: [
          booking(1, { status: 'requested' }),
          booking(2, { depositAmount: 20_000, depositStatus: 'paid', noShowAllowed: true }),
        ],
      };
      return json(day);
    }),
    http.patch(`${R}/booking/:bookingIdx`, async ({ params, request }) => {
      const { action } = (await request.json()) as { action: string };
      moves.push({ idx: Number(params.bookingIdx), action });
      return json({ idx: Number(params.bookingIdx), status: action === 'confirm' ? 'confirmed' : 'cancelled', depositStatus: 'paid' });
    }),
    http.get(`${R}/link`, () => json({ path: '/reservation/abcdefghijkl/4', url: 'http://console.test/reservation/abcdefghijkl/4' })),
  );
  return { moves, asked };
}

describe('reservation bookings (staff)', () => {
  beforeEach(() => signIn(brandAccount()));

  it("shows a day's seats and bookings; confirms a request at once, asks before a no-show or a cancel, and moves between days", async () => {
    const api = dayApi();
    const { user } = renderAppAt('/b2b/store/reservation/4?date=2026-11-25', <Routes><Route path="/b2b/store/reservation/:id" element={<ReservationBookings />} /></Routes>);
    await screen.findByRole('heading', { name: '성수 다이닝 예약 현황' });
    expect(within(screen.getByTestId('reservation-slots')).getByText('18:00 · 2/2팀')).toBeInTheDocument();
    const [requested, paid] = screen.getAllByTestId('reservation-booking');
    expect(within(requested).getByText('확정 대기')).toBeInTheDocument();
    // A no-show only once the time has come; the deposit is shown with its state.
    expect(within(requested).queryByRole('button', { name: /노쇼$/ })).toBeNull();
    expect(within(paid).getByText('예약금 20,000원 · 결제됨')).toBeInTheDocument();

    await user.click(within(requested).getByRole('button', { name: '18:00 손님1 확정' }));
    await waitFor(() => expect(api.moves).toEqual([{ idx: 1, action: 'confirm' }]));

    await user.click(within(paid).getByRole('button', { name: '18:00 손님2 노쇼' }));
    const noShow = await screen.findByRole('dialog');
    expect(within(noShow).getByText(/예약금은 환불하지 않아요/)).toBeInTheDocument();
    await user.click(within(noShow).getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.moves).toHaveLength(1);
    await user.click(within(paid).getByRole('button', { name: '18:00 손님2 취소' }));
    const cancel = await screen.findByRole('dialog', { name: '예약 취소' });
    expect(within(cancel).getByText(/예약금이 있으면 모두 환불되고/)).toBeInTheDocument();
    await user.click(within(cancel).getByRole('button', { name: '예약 취소하기' }));
    await waitFor(() => expect(api.moves).toEqual([{ idx: 1, action: 'confirm' }, { idx: 2, action: 'cancel' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: '다음 날' }));
    await waitFor(() => expect(api.asked).toContain('2026-11-26'));
    expect(await screen.findByTestId('reservation-guest-link')).toHaveTextContent('/reservation/abcdefghijkl/4');
  });
});
