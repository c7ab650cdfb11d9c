import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../../testing/render';
import { enter } from '../../../testing/enter';
import { fail, json, server, setupMsw, signIn } from '../../../testing/server';
import { brandAccount, repairerAccount, subAccount } from '../../../testing/fixtures';
import { AS_MSG, type AsStatus } from '../../../domain/afterService';
import { featureSettings } from '../../../domain/testing/partnerships';
import type { AsRow } from '../api';
import { LaundryHistory, RepairHistory } from './AsHistoryList';

setupMsw();

const REPAIR = '/api/v1/admin/repair';
const LAUNDRY = '/api/v1/admin/laundry';

function row(i: number, over: Partial<AsRow> = {}): AsRow {
  return {
    id: i, idx: i, type: 'repair', status: 'request', nftIdx: 10 + i, nftNumber: `G-2026-0000${i}`, productName: `토트백${i}`, customerName: `고객${i}`,
    receiverName: `고객${i}`, receiverPhone: '01012345678', categoryName: '가방', optionName: '손잡이', partnerName: '수선공방', preEstimateAmount: null,
    estimateAmount: 50_000, createdAt: '2026-11-02T01:00:00.000Z', updatedAt: '2026-11-02T01:00:00.000Z', ...over,
  };
}

function listApi(path: string, rows: AsRow[]) {
  const seen: URL[] = [];
  server.use(http.get(path, ({ request }) => {
    seen.push(new URL(request.url));
    return json({ list: rows, total: rows.length });
  }));
  return seen;
}

const categories = () => server.use(http.get(`${REPAIR}/category`, () => json([{ idx: 1, name: '가방', options: [{ idx: 7, name: '손잡이' }] }])));

function renderAt(url: string) {
  return renderAppAt(
    url,
    <Routes>
      <Route path="/b2b/after-service/repair" element={<RepairHistory />} />
      <Route path="/b2b/after-service/laundry" element={<LaundryHistory />} />
      <Route path="/b2b/after-service/repair/:id" element={<p>상세 화면</p>} />
    </Routes>,
  );
}

const table = (name = '수선 요청 목록') => screen.getByRole('table', { name });

describe('A/S history', () => {
  it('the to-do link ?status=request asks the API for new requests only', async () => {
    signIn(brandAccount());
    categories();
    const seen = listApi(REPAIR, [row(1)]);
    renderAt('/b2b/after-service/repair?status=request');
    expect(await screen.findByText('토트백1')).toBeInTheDocument();
    expect(seen.at(-1)!.searchParams.get('status')).toBe('request');
    const t = within(table());
    expect(t.getByRole('link', { name: 'G-2026-00001' })).toHaveAttribute('href', '/b2b/after-service/repair/1');
    expect(t.getByText('접수')).toBeInTheDocument();
    expect(t.getByText('50,000원')).toBeInTheDocument();
    // Stored as digits, shown in the one display form (issue 23 #20).
    expect(t.getByText('010-1234-5678')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'A/S 접수' })).toHaveAttribute('href', '/b2b/after-service/request');
  });

  it('keeps status, period, search, option and page size in the query string with the spec’s names and sends the API’s', async () => {
    signIn(brandAccount());
    categories();
    const seen = listApi(REPAIR, [row(1)]);
    const { user } = renderAt('/b2b/after-service/repair');
    await screen.findByText('토트백1');
    const p = within(screen.getByRole('search', { name: '검색 조건' }));
    await user.selectOptions(p.getByRole('combobox', { name: '진행 상태' }), '최종 견적');
    await user.selectOptions(await p.findByRole('combobox', { name: '수선 옵션' }), '가방 · 손잡이');
    await user.selectOptions(p.getByRole('combobox', { name: '검색 유형' }), '고객명');
    await enter(user, p.getByRole('textbox', { name: '검색어' }), '김');
    fireEvent.change(p.getByLabelText('시작일'), { target: { value: '2026-10-01' } });
    fireEvent.change(p.getByLabelText('종료일'), { target: { value: '2026-10-31' } });
    await user.click(p.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(seen.at(-1)!.searchParams.get('status')).toBe('inspecting'));
    expect(Object.fromEntries(seen.at(-1)!.searchParams)).toEqual({
      status: 'inspecting', optionIdx: '7', search: 'customerName', keyword: '김', from: '2026-10-01', to: '2026-10-31', page: '1', pageSize: '25', sort: 'createdAt,DESC',
    });
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
      status: 'inspecting', optionIdx: '7', searchType: 'customerName', searchText: '김', startDate: '2026-10-01', endDate: '2026-10-31',
    });
    await user.selectOptions(screen.getByRole('combobox', { name: '페이지당 표시' }), '100개씩');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('pageSize')).toBe('100'));
    expect(seen.at(-1)!.searchParams.get('pageSize')).toBe('100');
  });

  it('shows the empty state', async () => {
    signIn(brandAccount());
    categories();
    listApi(REPAIR, []);
    renderAt('/b2b/after-service/repair');
    expect(await within(await screen.findByRole('table', { name: '수선 요청 목록' })).findByRole('status')).toHaveTextContent(/없어요/);
  });

  it('bulk cancel asks a reason and sends it; a 409 names each refused row and keeps the selection', async () => {
    signIn(brandAccount());
    categories();
    listApi(REPAIR, [row(1), row(2, { status: 'complete' as AsStatus })]);
    const bodies: unknown[] = [];
    server.use(http.patch(`${REPAIR}/cancel/bulk`, async ({ request }) => {
      bodies.push(await request.json());
      return fail(409, { code: 'ILLEGAL_TRANSITION', message: AS_MSG.illegalTransition('complete'), errors: { 'repairIdxList.2': AS_MSG.illegalTransition('complete') } });
    }));
    const { user } = renderAt('/b2b/after-service/repair');
    await screen.findByText('토트백1');
    const boxes = within(table()).getAllByRole('checkbox');
    await user.click(boxes[1]!);
    await user.click(boxes[2]!);
    await user.click(screen.getByRole('button', { name: '취소 처리' }));
    const dialog = await screen.findByRole('dialog', { name: '요청 취소' });
    await user.click(within(dialog).getByRole('button', { name: '취소 처리' }));
    expect(await within(dialog).findByText(AS_MSG.reasonRequired)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await enter(user, within(dialog).getByRole('textbox', { name: '취소 사유' }), '고객 요청');
    await user.click(within(dialog).getByRole('button', { name: '취소 처리' }));
    const refused = await screen.findByRole('dialog', { name: '처리할 수 없는 요청이 있어요' });
    expect(within(refused).getByRole('list', { name: '처리할 수 없는 요청' })).toHaveTextContent('#2 G-2026-00002: 완료 상태에서는 처리할 수 없어요');
    expect(bodies).toEqual([{ repairIdxList: [1, 2], reason: '고객 요청' }]);
    await user.click(within(refused).getByRole('button', { name: '확인' }));
    expect(screen.getByText('2개 선택됨')).toBeInTheDocument();
  });

  it('bulk complete is not offered while a selected row cannot be completed (issue 23 #19)', async () => {
    signIn(repairerAccount());
    listApi(REPAIR, [row(1, { status: 'working' }), row(2, { status: 'request' })]);
    const { user } = renderAt('/b2b/after-service/repair');
    await screen.findByText('토트백1');
    const [, first, second] = within(table()).getAllByRole('checkbox');
    const complete = () => screen.getByRole('button', { name: '완료 처리' });
    await user.click(first!);
    expect(complete()).not.toHaveAttribute('aria-disabled');
    await user.click(second!);
    expect(complete()).toHaveAttribute('aria-disabled', 'true');
    expect(complete()).toHaveAccessibleDescription('완료할 수 없는 요청이 선택되어 있어요. 작업 중인 요청만 선택해 주세요');
    await user.click(complete());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(second!);
    expect(complete()).not.toHaveAttribute('aria-disabled');
  });

  it('bulk complete confirms, then sends the selected rows', async () => {
    signIn(repairerAccount());
    listApi(REPAIR, [row(1, { status: 'working' })]);
    const bodies: unknown[] = [];
    server.use(http.patch(`${REPAIR}/complete/bulk`, async ({ request }) => {
      bodies.push(await request.json());
      return json({ repairIdxList: [1] });
    }));
    const { user } = renderAt('/b2b/after-service/repair');
    await screen.findByText('토트백1');
    await user.click(within(table()).getAllByRole('checkbox')[1]!);
    await user.click(screen.getByRole('button', { name: '완료 처리' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('선택한 1건을 완료로 바꿀까요?');
    await user.click(within(dialog).getByRole('button', { name: '완료 처리' }));
    expect(await screen.findByText('1건을 완료했어요')).toBeInTheDocument();
    expect(bodies).toEqual([{ repairIdxList: [1] }]);
  });

  it('the repairer sees its history without the brand’s intake button or option filter', async () => {
    signIn(repairerAccount());
    const seen = listApi(REPAIR, [row(1)]);
    renderAt('/b2b/after-service/repair');
    await screen.findByText('토트백1');
    expect(seen).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'A/S 접수' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: '수선 옵션' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '취소 처리' })).toBeInTheDocument();
  });

  it('a sub-account keeps the intake button but not the option filter (the categories are the main account’s settings)', async () => {
    signIn(subAccount());
    listApi(REPAIR, [row(1)]);
    renderAt('/b2b/after-service/repair');
    await screen.findByText('토트백1');
    expect(screen.getByRole('link', { name: 'A/S 접수' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: '수선 옵션' })).not.toBeInTheDocument();
  });

  it('the brand\'s laundry history offers the intake with 세탁 chosen (issue 23 #18)', async () => {
    signIn(brandAccount({ setting: featureSettings(['GUARANTEE', 'CUSTOMER', 'REPAIR', 'LAUNDRY']) }));
    listApi(LAUNDRY, [row(1, { type: 'laundry', status: 'request', categoryName: null, optionName: null })]);
    renderAt('/b2b/after-service/laundry');
    await screen.findByText('토트백1');
    expect(screen.getByRole('link', { name: 'A/S 접수' })).toHaveAttribute('href', '/b2b/after-service/request?type=laundry');
  });

  it('the laundry history offers washing, not working, and has no option filter', async () => {
    signIn(brandAccount({ adminType: 'launderer', b2bType: null, subscription: null, subscriptionState: null, setting: [{ name: 'LAUNDRY', option: null, endAt: null }] }));
    const seen = listApi(LAUNDRY, [row(1, { type: 'laundry', status: 'washing', categoryName: null, optionName: null })]);
    renderAt('/b2b/after-service/laundry?status=washing');
    await screen.findByText('토트백1');
    expect(seen.at(-1)!.searchParams.get('status')).toBe('washing');
    const status = within(screen.getByRole('search', { name: '검색 조건' })).getByRole('combobox', { name: '진행 상태' });
    expect(within(status).queryByRole('option', { name: '수선 중' })).not.toBeInTheDocument();
    expect(within(status).getByRole('option', { name: '세탁 중' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: '수선 옵션' })).not.toBeInTheDocument();
    expect(within(table('세탁 요청 목록')).getByText('세탁 중')).toBeInTheDocument();
  });
});
