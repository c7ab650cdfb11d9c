import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../testing/render';
import { fail, json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount } from '../../testing/fixtures';
import { MSG } from '../../domain/messages';
import { DEFAULT_SETTINGS } from '../../domain/integrations';
import Cafe24Page from './Cafe24Page';
import type { ConnectionState, OrderLineRow } from './api';

setupMsw();

const C = '/api/cafe24/v1/interwork';
const connected = (over: Partial<Extract<ConnectionState, { connected: true }>> = {}): ConnectionState => ({
  connected: true, idx: 1, platform: 'cafe24', mallId: 'demomall', shopNo: 1, status: 'CONNECTED', interworkTypes: ['ORDER'],
  settings: { ...DEFAULT_SETTINGS, productNos: ['11'] }, lastSyncedAt: '2026-11-27T01:00:00.000Z', lastError: null, orderLines: 2, warrantiesIssued: 1,
  connectedAt: '2026-11-20T01:00:00.000Z', ...over,
});
const line = (idx: number, over: Partial<OrderLineRow> = {}): OrderLineRow => ({
  idx, orderId: `P-${idx}`, itemId: `P-${idx}-01`, productNo: '11', productName: '가죽 토트백', paymentAmount: 120000, orderedAt: '2026-11-27T01:00:00.000Z',
  status: 'DELIVERED', platformStatus: 'N40', deliveredAt: '2026-11-27T02:00:00.000Z', buyerName: '김주문', customerIdx: 5, warrantyState: 'ISSUED',
  warrantyNftIdx: 9, warrantyError: null, ...over,
});

const renderPage = () => renderAppAt('/b2b/interwork/cafe24', <Routes><Route path="/b2b/interwork/cafe24" element={<Cafe24Page />} /></Routes>);

describe('/b2b/interwork/cafe24', () => {
  beforeEach(() => signIn(brandAccount()));

  it('shows the connection, its orders with their warranties, issues a MANUAL one by hand, and the reconnect prompt', async () => {
    let issued: unknown;
    server.use(
      http.get(C, () => json(connected({ status: 'RECONNECT' }))),
      http.get(`${C}/product-info`, () => json({ list: [{ productNo: '11', productName: '가죽 토트백' }, { productNo: '12', productName: '울 코트' }] })),
      http.get(`${C}/orders`, () => json({ list: [line(1), line(2, { warrantyState: 'MANUAL', warrantyNftIdx: null })], total: 2 })),
      http.post(`${C}/order/confirm`, async ({ request }) => { issued = await request.json(); return json({ warrantyState: 'ISSUED', warrantyNftIdx: 10, warrantyError: null }); }),
    );
    const { user } = renderPage();
    expect(await screen.findByText(/쇼핑몰 권한이 만료되었어요/)).toBeInTheDocument();
    expect(screen.getByText('demomall')).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]).getByText('발급됨')).toBeInTheDocument();
    expect(within(rows[2]).getByText('직접 발급')).toBeInTheDocument();
    await user.click(within(rows[2]).getByRole('button', { name: '보증서 발급' }));
    await waitFor(() => expect(issued).toEqual({ orderIdx: 2 }));
    expect(await screen.findByText('보증서를 발급했어요')).toBeInTheDocument();
    expect(await screen.findByLabelText('가죽 토트백 (11)')).toBeChecked();
  });

  it('a plan that blocks the customer integration shows the blocked-feature toast; leaving asks first and sends the reason', async () => {
    let left: unknown;
    server.use(
      http.get(C, () => json(connected())),
      http.get(`${C}/product-info`, () => json({ list: [] })),
      http.get(`${C}/orders`, () => json({ list: [], total: 0 })),
      http.put(`${C}/setting`, () => fail(403, { code: 'FEATURE_DISABLED', message: MSG.featureBlocked })),
      http.post(`${C}/leave-reason`, async ({ request }) => { left = await request.json(); return json({ disconnected: true }); }),
    );
    const { user } = renderPage();
    expect(await screen.findByText('아직 가져온 주문이 없어요')).toBeInTheDocument();
    await user.click(screen.getByLabelText('고객 연동'));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(MSG.featureBlocked)).toBeInTheDocument();
    // The reason is required, then confirmed.
    await user.click(screen.getByRole('button', { name: '연동 해제' }));
    expect(await screen.findByText('연동 해제 사유를 입력해 주세요')).toBeInTheDocument();
    await user.type(screen.getByLabelText('해제 사유'), '잠시 쉬어요');
    await user.click(screen.getByRole('button', { name: '연동 해제' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '연동 해제' }));
    await waitFor(() => expect(left).toEqual({ reason: '잠시 쉬어요' }));
  });
});
