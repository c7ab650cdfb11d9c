import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { LoungeApp } from './LoungeApp';
import { server, setupMsw } from '../testing/server';
import { enter } from '../testing/enter';
import { LOUNGE_MSG } from '../domain/lounge';
import { decodeCode128 } from '../domain/code128';
import { loungeKo } from '../i18n/lounge.ko';
import type { Wallet } from './api';

setupMsw();

const KEY = 'abcdef123456';
const L = `/api/v1/public/lounge/${KEY}`;
const T = loungeKo.lounge;

const look = {
  title: '데모브랜드', subtitle: '', description: '', notice: '', themeColor: '#3366FF', logoUrl: null, imageUrl: null, showStamp: true, coupons: [],
};
const info = {
  brandName: '데모브랜드',
  lounge: look,
  memberships: [
    { idx: 7, name: '데모 VIP 멤버십', backgroundUrl: null, benefits: [{ title: '전 상품 5% 할인', contents: '' }], needsApproval: false },
  ],
};
const coupon = {
  idx: 31, title: '매장 음료 쿠폰', barcode: '123456789012', state: 'usable' as const, stateLabel: '사용 가능', usePassword: true,
  expiresAt: '2026-12-01T14:59:59.000Z', usedAt: null, stores: [{ idx: 4, name: '성수점' }, { idx: 5, name: '잠실점' }], storeRequired: false,
  online: false, code: null, url: null, membershipIdx: null,
};
/** An online coupon the template attached (웰컴 쿠폰 · WELCOME10), given with membership 90. */
const onlineCoupon = {
  ...coupon, idx: 32, title: '웰컴 쿠폰', barcode: '998877665544', usePassword: false, stores: [],
  online: true, code: 'WELCOME10', url: 'https://shop.example/welcome', membershipIdx: 90,
};
const joinedCard = {
  idx: 90, nftNumber: 'M261124-0000090', templateIdx: 7, name: '데모 VIP 멤버십', backgroundUrl: null, status: 3, statusLabel: '발급', issuedAt: null, endDay: '2027-11-23',
  benefits: [], links: [], coupons: [],
};
function walletOf(over: Partial<Wallet> = {}): Wallet {
  return { customer: { name: '라운지 회원', phoneMasked: '010-****-5678' }, memberships: [], certificates: [], coupons: [], stampCard: null, ...over };
}

function renderLounge() {
  render(<LoungeApp loungeKey={KEY} />);
  return userEvent.setup();
}

describe('the customer lounge page', () => {
  it('signs in with the texted code, sending the customer token only in X-Lounge-Token', async () => {
    const sent: unknown[] = [];
    let meHeaders: Headers | null = null;
    server.use(
      http.get(L, () => HttpResponse.json({ data: info })),
      http.post(`${L}/otp`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: { expiresAt: '2026-11-24T05:03:00Z' } });
      }),
      http.post(`${L}/otp/verify`, async ({ request }) => {
        const body = (await request.json()) as { code: string };
        if (body.code !== '654321') return HttpResponse.json({ code: 'VALIDATION_FAILED', message: LOUNGE_MSG.codeWrong(4), errors: { code: LOUNGE_MSG.codeWrong(4) } }, { status: 400 });
        return HttpResponse.json({ data: { token: 'lng_tok', expiresAt: '2026-12-24T00:00:00Z' } });
      }),
      http.get(`${L}/me`, ({ request }) => {
        meHeaders = request.headers;
        return HttpResponse.json({ data: walletOf() });
      }),
    );
    const user = renderLounge();
    expect(await screen.findByRole('heading', { name: '데모브랜드' })).toBeInTheDocument();
    await enter(user, screen.getByLabelText(T.signIn.phone), '02-123-4567');
    await user.click(screen.getByRole('button', { name: T.signIn.send }));
    expect(await screen.findByText(LOUNGE_MSG.phoneInvalid)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText(T.signIn.phone));
    await enter(user, screen.getByLabelText(T.signIn.phone), '010-1234-5678');
    await user.click(screen.getByRole('button', { name: T.signIn.send }));
    expect(await screen.findByText(T.signIn.sent)).toBeInTheDocument();
    expect(sent).toEqual([{ phone: '010-1234-5678' }]);

    await enter(user, screen.getByLabelText(T.signIn.code), '111111');
    await user.click(screen.getByRole('button', { name: T.signIn.verify }));
    expect(await screen.findByText(LOUNGE_MSG.codeWrong(4))).toBeInTheDocument();
    await user.clear(screen.getByLabelText(T.signIn.code));
    await enter(user, screen.getByLabelText(T.signIn.code), '654321');
    await user.click(screen.getByRole('button', { name: T.signIn.verify }));
    expect(await screen.findByText('라운지 회원님, 반가워요')).toBeInTheDocument();
    expect(meHeaders!.get('x-lounge-token')).toBe('lng_tok');
    expect(meHeaders!.get('authorization')).toBeNull();
    expect(localStorage.getItem(`lounge-token:${KEY}`)).toBe('lng_tok');
  });

  it('joins a membership and shows it with its status', async () => {
    localStorage.setItem(`lounge-token:${KEY}`, 'lng_tok');
    let joined = false;
    server.use(
      http.get(L, () => HttpResponse.json({ data: info })),
      http.get(`${L}/me`, () => HttpResponse.json({
        data: walletOf(joined ? { memberships: [joinedCard] } : {}),
      })),
      http.post(`${L}/memberships/7/join`, () => {
        joined = true;
        return HttpResponse.json({ data: { idx: 90, status: 3, statusLabel: '발급' } });
      }),
    );
    const user = renderLounge();
    await user.click(await screen.findByRole('button', { name: `데모 VIP 멤버십 ${T.memberships.join}` }));
    const card = await screen.findByLabelText('데모 VIP 멤버십');
    expect(within(card).getByText('발급')).toBeInTheDocument();
    expect(within(card).getByText('2027-11-23까지')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `데모 VIP 멤버십 ${T.memberships.join}` })).not.toBeInTheDocument();
    expect(screen.getByText(T.stamps.empty)).toBeInTheDocument();
  });

  it('opens a coupon with a scannable Code 128 barcode; staff redeem it with the PIN; a wrong PIN shows the server\'s message', async () => {
    localStorage.setItem(`lounge-token:${KEY}`, 'lng_tok');
    let used = false;
    const pins: unknown[] = [];
    server.use(
      http.get(L, () => HttpResponse.json({ data: { ...info, memberships: [] } })),
      http.get(`${L}/me`, () => HttpResponse.json({ data: walletOf({ coupons: [used ? { ...coupon, state: 'used', stateLabel: '사용 완료' } : coupon] }) })),
      http.post(`${L}/coupons/31/redeem`, async ({ request }) => {
        const body = (await request.json()) as { pin: string; storeIdx: number | null };
        pins.push(body);
        if (body.pin !== '2580') return HttpResponse.json({ code: 'VALIDATION_FAILED', message: LOUNGE_MSG.pinWrong, errors: { pin: LOUNGE_MSG.pinWrong } }, { status: 400 });
        used = true;
        return HttpResponse.json({ data: { idx: 31, usedAt: '2026-11-24T05:00:00Z' } });
      }),
    );
    const user = renderLounge();
    await user.click(await screen.findByRole('button', { name: /^매장 음료 쿠폰/ }));
    const dialog = await screen.findByRole('dialog', { name: '매장 음료 쿠폰' });
    const barcode = within(dialog).getByRole('img', { name: '바코드 123456789012' });
    expect(decodeCode128(barcode.getAttribute('data-modules')!)).toBe('123456789012');
    expect(barcode.querySelectorAll('rect').length).toBe(barcode.getAttribute('data-modules')!.match(/1+/g)!.length);

    await user.click(within(dialog).getByRole('button', { name: T.coupons.redeem }));
    expect(await within(dialog).findByText(LOUNGE_MSG.pinRequired)).toBeInTheDocument();
    await enter(user, within(dialog).getByLabelText(T.coupons.pin), '1111');
    await user.click(within(dialog).getByRole('button', { name: T.coupons.redeem }));
    expect(await within(dialog).findByText(LOUNGE_MSG.pinWrong)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(T.coupons.pin));
    await enter(user, within(dialog).getByLabelText(T.coupons.pin), '2580');
    await user.selectOptions(within(dialog).getByLabelText(T.coupons.store), '성수점');
    await user.click(within(dialog).getByRole('button', { name: T.coupons.redeem }));
    expect(await screen.findByText(T.coupons.redeemed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('사용 완료')).toBeInTheDocument();
    expect(pins).toEqual([{ pin: '1111', storeIdx: null }, { pin: '2580', storeIdx: 4 }]);
  });

  it('shows a joined card\'s benefits, links and coupons (issue 23 item 2)', async () => {
    localStorage.setItem(`lounge-token:${KEY}`, 'lng_tok');
    const card = {
      ...joinedCard,
      benefits: [{ title: '무료 배송', contents: '모든 주문에 적용돼요' }, { title: '생일 선물', contents: '' }],
      links: [{ name: '공식몰', url: 'https://shop.example' }],
      coupons: [onlineCoupon, { ...coupon, membershipIdx: 90 }],
    };
    server.use(
      http.get(L, () => HttpResponse.json({ data: info })),
      http.get(`${L}/me`, () => HttpResponse.json({ data: walletOf({ memberships: [card], coupons: [onlineCoupon, { ...coupon, membershipIdx: 90 }] }) })),
    );
    const user = renderLounge();
    const group = await screen.findByRole('group', { name: '데모 VIP 멤버십' });
    expect(within(group).getByRole('heading', { name: T.memberships.benefits })).toBeInTheDocument();
    expect(within(group).getByText('무료 배송')).toBeInTheDocument();
    expect(within(group).getByText('모든 주문에 적용돼요')).toBeInTheDocument();
    expect(within(group).getByText('생일 선물')).toBeInTheDocument();
    const link = within(group).getByRole('link', { name: `공식몰 (${T.memberships.newWindow})` });
    expect(link).toHaveAttribute('href', 'https://shop.example');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(group).getByRole('heading', { name: T.memberships.coupons })).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: /^웰컴 쿠폰/ }));
    expect(await screen.findByRole('dialog', { name: '웰컴 쿠폰' })).toBeInTheDocument();
    localStorage.clear();
  });

  it('an online coupon shows its code with a copy button and asks before it is marked used (issue 23 item 3)', async () => {
    localStorage.setItem(`lounge-token:${KEY}`, 'lng_tok');
    let used = false;
    const bodies: unknown[] = [];
    server.use(
      http.get(L, () => HttpResponse.json({ data: { ...info, memberships: [] } })),
      http.get(`${L}/me`, () => HttpResponse.json({ data: walletOf({ coupons: [used ? { ...onlineCoupon, state: 'used', stateLabel: '사용 완료' } : onlineCoupon] }) })),
      http.post(`${L}/coupons/32/redeem`, async ({ request }) => {
        bodies.push(await request.json());
        used = true;
        return HttpResponse.json({ data: { idx: 32, usedAt: '2026-11-24T05:00:00Z' } });
      }),
    );
    const user = renderLounge();
    await user.click(await screen.findByRole('button', { name: /^웰컴 쿠폰/ }));
    const dialog = await screen.findByRole('dialog', { name: '웰컴 쿠폰' });
    expect(within(dialog).getByTestId('coupon-code')).toHaveTextContent('WELCOME10');
    // No barcode, no staff confirmation, no PIN.
    expect(within(dialog).queryByRole('img')).toBeNull();
    expect(within(dialog).queryByText(T.coupons.staffHelp)).toBeNull();
    expect(within(dialog).queryByLabelText(T.coupons.pin)).toBeNull();
    expect(within(dialog).getByRole('link', { name: `${T.coupons.openUrl} (${T.memberships.newWindow})` })).toHaveAttribute('href', 'https://shop.example/welcome');

    await user.click(within(dialog).getByRole('button', { name: T.coupons.copy }));
    expect(await within(dialog).findByText(T.coupons.copied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('WELCOME10');

    // One tap asks; cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: T.coupons.redeem }));
    const confirm = await within(dialog).findByRole('group', { name: '웰컴 쿠폰을 사용 처리할까요?' });
    expect(within(confirm).getByText(T.coupons.confirmHelp)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: T.coupons.cancel }));
    expect(within(dialog).queryByRole('group', { name: '웰컴 쿠폰을 사용 처리할까요?' })).toBeNull();
    expect(bodies).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: T.coupons.redeem }));
    await user.click(await within(dialog).findByRole('button', { name: T.coupons.confirm }));
    expect(await screen.findByText(T.coupons.redeemed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('사용 완료')).toBeInTheDocument();
    expect(bodies).toEqual([{ pin: null, storeIdx: null }]);
    localStorage.clear();
  });

  it('asks for the store of a coupon for specific stores', async () => {
    localStorage.setItem(`lounge-token:${KEY}`, 'lng_tok');
    const bodies: unknown[] = [];
    server.use(
      http.get(L, () => HttpResponse.json({ data: { ...info, memberships: [] } })),
      http.get(`${L}/me`, () => HttpResponse.json({ data: walletOf({ coupons: [{ ...coupon, usePassword: false, storeRequired: true, stores: [{ idx: 5, name: '잠실점' }] }] }) })),
      http.post(`${L}/coupons/31/redeem`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: { idx: 31, usedAt: '2026-11-24T05:00:00Z' } });
      }),
    );
    const user = renderLounge();
    await user.click(await screen.findByRole('button', { name: /^매장 음료 쿠폰/ }));
    const dialog = await screen.findByRole('dialog', { name: '매장 음료 쿠폰' });
    expect(within(dialog).queryByLabelText(T.coupons.pin)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: T.coupons.redeem }));
    expect(await within(dialog).findByText(LOUNGE_MSG.storeRequired)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(T.coupons.store), '잠실점');
    await user.click(within(dialog).getByRole('button', { name: T.coupons.redeem }));
    expect(await screen.findByText(T.coupons.redeemed)).toBeInTheDocument();
    expect(bodies).toEqual([{ pin: null, storeIdx: 5 }]);
  });

  it('goes back to sign-in when the session is no longer valid', async () => {
    localStorage.setItem(`lounge-token:${KEY}`, 'lng_old');
    server.use(
      http.get(L, () => HttpResponse.json({ data: info })),
      http.get(`${L}/me`, () => HttpResponse.json({ code: 'UNAUTHORIZED', message: LOUNGE_MSG.signInRequired }, { status: 401 })),
    );
    renderLounge();
    expect(await screen.findByRole('button', { name: T.signIn.send })).toBeInTheDocument();
    expect(localStorage.getItem(`lounge-token:${KEY}`)).toBeNull();
  });

  it('shows the brand\'s lounge texts and coupons, and the customer\'s stamp card with its stamps', async () => {
    localStorage.setItem(`lounge-token:${KEY}`, 'tok');
    server.use(
      http.get(L, () => HttpResponse.json({ data: { ...info, lounge: { ...look, title: '데모 라운지', subtitle: '단골을 위한 공간', notice: '12월 휴무 안내', coupons: [{ idx: 3, title: '첫 방문 쿠폰' }] } } })),
      http.get(`${L}/me`, () => HttpResponse.json({ data: walletOf({ stampCard: { count: 2, goal: 5, rewardCouponTitle: '아메리카노 쿠폰', description: '' } }) })),
    );
    renderLounge();
    expect(await screen.findByRole('heading', { name: '데모 라운지' })).toBeInTheDocument();
    expect(screen.getByText('단골을 위한 공간')).toBeInTheDocument();
    expect(screen.getByText('12월 휴무 안내')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: T.brandCoupons })).getByText('첫 방문 쿠폰')).toBeInTheDocument();
    const card = await screen.findByTestId('stamp-card');
    expect(within(card).getByText('스탬프 2/5')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem', { name: T.stamps.stamped })).toHaveLength(2);
    expect(within(card).getAllByRole('listitem', { name: T.stamps.open })).toHaveLength(3);
    localStorage.clear();
  });

  it('hides the stamp section when the brand does not show stamps', async () => {
    localStorage.setItem(`lounge-token:${KEY}`, 'tok');
    server.use(
      http.get(L, () => HttpResponse.json({ data: { ...info, lounge: { ...look, showStamp: false } } })),
      http.get(`${L}/me`, () => HttpResponse.json({ data: walletOf() })),
    );
    renderLounge();
    expect(await screen.findByText(T.coupons.empty)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: T.stamps.title })).toBeNull();
    localStorage.clear();
  });

  it('says so when the lounge does not exist', async () => {
    server.use(http.get(L, () => HttpResponse.json({ code: 'NOT_FOUND', message: LOUNGE_MSG.notFound }, { status: 404 })));
    renderLounge();
    expect(await screen.findByText(LOUNGE_MSG.notFound)).toBeInTheDocument();
  });
});
