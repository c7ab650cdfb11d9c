import { api, apiToken, baseUrl, signIn, useBrowser } from './helpers';
import { axeFindings, withAxe, withoutMotion } from './a11y/walk';
import { addDays, seoulToday } from '../../src/domain/seoulDay';

/**
 * Reservations (issue 26 item 5): staff set one up; a guest on a phone (390 px) opens its link,
 * signs in by the texted code, books 18:00 three days ahead, changes it to 19:00 and cancels it
 * (all inside the free-cancel window), told by 알림톡 each time; staff see the booking on its day in
 * the console, then cancelled by the guest.
 */
const b = useBrowser();

async function messagesTo(phone: string): Promise<{ templateCode: string; variables: Record<string, string> }[]> {
  const res = await fetch(`${baseUrl()}/api/dev/messages?phone=${phone}`);
  return ((await res.json()) as { data: { list: { templateCode: string; variables: Record<string, string> }[] } }).data.list;
}

describe('reservation', () => {
  it('a guest at 390 px books, changes and cancels within the policy; staff see it in the console', async () => {
    const stamp = Date.now().toString(36);
    const name = `E2E 예약 ${stamp}`;
    const day = addDays(seoulToday(new Date()), 3);
    const token = await apiToken();
    const created = await api<{ idx: number }>(token, 'POST', '/waiting/v1/reservation', {
      name, startAt: seoulToday(new Date()), endAt: addDays(seoulToday(new Date()), 30), address: '서울 성동구 연무장길 1',
      mon: 'Y', tue: 'Y', wed: 'Y', thu: 'Y', fri: 'Y', sat: 'Y', sun: 'Y', openTime: 600, closeTime: 1320, slotMinutes: 60, slotCapacity: 4,
      partyMin: 1, partyMax: 6, opensDaysAhead: 14, closesHoursBefore: 1, freeCancelHours: 24, autoConfirm: 'Y', deposit: null, reminder: 'Y',
    });
    expect(created.status).toBe(201);
    const idx = created.data.idx;

    // Staff: the list shows it; its detail gives the guests' link.
    const staff = b.page;
    await signIn(staff, 'brand@demo.test');
    await staff.waitForURL(/\/b2b\/home$/);
    await staff.goto('/b2b/store/reservation');
    await staff.locator('tbody tr').filter({ hasText: name }).getByText('진행 중').waitFor();
    await staff.goto(`/b2b/store/reservation/${idx}?date=${day}`);
    await staff.getByText('이 날 예약이 없어요').waitFor();
    const link = new URL((await staff.getByTestId('reservation-guest-link').textContent())!.trim()).pathname;
    expect(link).toMatch(/^\/reservation\/[a-z0-9]{12}\/\d+$/);

    // The guest on a phone.
    const phoneContext = await b.context.browser()!.newContext({ baseURL: baseUrl(), locale: 'ko-KR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    phoneContext.setDefaultTimeout(30_000);
    try {
      const guest = await phoneContext.newPage();
      await withAxe(guest);
      await withoutMotion(guest);
      await guest.goto(link);
      await guest.getByRole('heading', { name }).waitFor();
      expect(await axeFindings(guest, 'reservation sign-in @390px')).toEqual([]);
      const phone = `0105${String(Date.now() % 10_000_000).padStart(7, '0')}`;
      await guest.getByLabel('휴대폰 번호').fill(phone);
      await guest.getByRole('button', { name: '인증번호 받기' }).click();
      let code: string | undefined;
      await expect.poll(async () => (code = (await messagesTo(phone)).find((m) => m.templateCode === 'LOUNGE_OTP')?.variables.code), { timeout: 20_000 }).toBeTruthy();
      await guest.getByLabel('인증번호 6자리').fill(code!);
      await guest.getByRole('button', { name: '확인' }).click();

      // Book 18:00, three days ahead, for 2: the consent is asked for first.
      await guest.getByRole('heading', { name: '예약하기' }).waitFor();
      await guest.getByLabel('날짜').fill(day);
      await guest.getByRole('button', { name: /^18:00/ }).click();
      await guest.getByRole('button', { name: '예약하기' }).click();
      await guest.getByRole('alert').filter({ hasText: '개인정보 수집·이용에 동의해 주세요' }).waitFor();
      await guest.getByRole('checkbox', { name: /\[필수\]/ }).check();
      expect(await axeFindings(guest, 'reservation book @390px')).toEqual([]);
      await guest.getByRole('button', { name: '예약하기' }).click();
      await guest.getByTestId('reservation-notice').filter({ hasText: '예약했어요' }).waitFor();
      const mine = guest.getByTestId('my-booking');
      await mine.filter({ hasText: '18:00' }).getByText('예약 확정').waitFor();
      expect(await axeFindings(guest, 'reservation mine @390px')).toEqual([]);
      expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Staff see it on its day.
      await staff.reload();
      const card = staff.getByTestId('reservation-booking');
      await card.filter({ hasText: '18:00' }).getByText('확정').waitFor();

      // Change to 19:00 the same day.
      await mine.getByRole('button', { name: '시간 변경' }).click();
      await guest.getByLabel('날짜').fill(day);
      await guest.getByRole('button', { name: /^19:00/ }).click();
      await guest.getByRole('button', { name: '이 시간으로 변경하기' }).click();
      await guest.getByTestId('reservation-notice').filter({ hasText: '예약을 변경했어요' }).waitFor();
      await mine.filter({ hasText: '19:00' }).waitFor();

      // Cancel, confirmed first.
      await mine.getByRole('button', { name: '예약 취소' }).click();
      await guest.getByRole('dialog').getByText('취소하면 되돌릴 수 없어요').waitFor();
      await guest.getByRole('button', { name: '네, 취소할게요' }).click();
      await guest.getByTestId('reservation-notice').filter({ hasText: '예약을 취소했어요' }).waitFor();
      await expect.poll(() => mine.count()).toBe(0);
      expect((await messagesTo(phone)).map((m) => m.templateCode)).toEqual(expect.arrayContaining(['RESERVATION_CONFIRMED', 'RESERVATION_CHANGED', 'RESERVATION_CANCELLED']));

      // Staff see the booking at 19:00, cancelled by the guest, and the seat back.
      await staff.reload();
      const cancelled = card.filter({ hasText: '19:00' });
      await cancelled.getByText('손님 취소').waitFor();
      await staff.getByTestId('reservation-slots').getByText('19:00 · 0/4팀').waitFor();
    } finally {
      await phoneContext.close();
    }
  }, 120_000);
});
