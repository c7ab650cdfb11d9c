import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../../testing/render';
import { enter } from '../../../testing/enter';
import { fail, json, server, setupMsw, signIn } from '../../../testing/server';
import { brandAccount, repairerAccount } from '../../../testing/fixtures';
import { AS_MSG, type AsStatus } from '../../../domain/afterService';
import type { AsDetail } from '../api';
import { LaundryDetail, RepairDetail } from './AsDetailPage';

setupMsw();

const REPAIR = '/api/v1/admin/repair';

function detail(over: Partial<AsDetail> = {}): AsDetail {
  return {
    id: 5, idx: 5, type: 'repair', status: 'request', nftIdx: 11, nftNumber: 'G-2026-00011', productName: '토트백', customerName: '김고객',
    receiverName: '김고객', receiverPhone: '01012345678', categoryName: '가방', optionName: '손잡이', partnerName: '수선공방', preEstimateAmount: null,
    estimateAmount: null, createdAt: '2026-11-02T01:00:00.000Z', updatedAt: '2026-11-02T01:00:00.000Z', requestMessage: '손잡이가 끊어졌어요',
    receiverZipCode: '06236', receiverAddress1: '서울 강남구 테헤란로 1', receiverAddress2: '2층', images: ['1/a.jpg'], imageUrls: ['/api/media/files/1/a.jpg'],
    completeImages: [], completeImageUrls: [], estimateComment: null, cancelReason: null, courier: null, trackingNumber: null, partnersMemo: '',
    events: [{ action: 'create', fromStatus: null, toStatus: 'request', actorName: '브랜드 관리자', actorType: 'b2b', detail: null, createdAt: '2026-11-02T01:00:00.000Z' }],
    actions: ['preestimate', 'estimate', 'working', 'cancel', 'exchanged'],
    ...over,
  };
}

/** The detail and memo APIs; `moves` records each PATCH (path and body). */
function apis(record: AsDetail, base = REPAIR) {
  const moves: { path: string; body: unknown }[] = [];
  server.use(
    http.get(`${base}/:id`, () => json(record)),
    http.get('/api/v1/admin/memo/:type/:id', () => json({ list: [] })),
    http.patch(`${base}/*`, async ({ request }) => {
      moves.push({ path: new URL(request.url).pathname, body: await request.json().catch(() => null) });
      return json(record);
    }),
  );
  return moves;
}

function renderAt(url: string) {
  return renderAppAt(
    url,
    <Routes>
      <Route path="/b2b/after-service/repair/:id" element={<RepairDetail />} />
      <Route path="/b2b/after-service/laundry/:id" element={<LaundryDetail />} />
    </Routes>,
  );
}

const open = async (user: ReturnType<typeof renderAt>['user'], name: string) => {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
};

describe('A/S detail', () => {
  it('shows the request, customer, recipient, photos, timeline and the buttons of `actions`', async () => {
    signIn(brandAccount());
    apis(detail());
    renderAt('/b2b/after-service/repair/5');
    expect(await screen.findByText('손잡이가 끊어졌어요')).toBeInTheDocument();
    expect(screen.getByText('가방 · 손잡이')).toBeInTheDocument();
    expect(screen.getByText('(06236) 서울 강남구 테헤란로 1 2층')).toBeInTheDocument();
    // Stored as digits, shown in the one display form (issue 23 #20).
    expect(screen.getByText('010-1234-5678')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '사진 1' })).toHaveAttribute('src', '/api/media/files/1/a.jpg');
    expect(screen.getByText(/브랜드 관리자 · 2026-11-02/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '보증서 보기' })).toHaveAttribute('href', '/b2b/guarantee/11');
    const actions = within(screen.getByRole('region', { name: '처리' }));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['1차 견적', '최종 견적', '작업 시작', '취소', '교환']);
  });

  it('1차 견적 checks the amount, then sends amount and comment', async () => {
    signIn(repairerAccount());
    const moves = apis(detail());
    const { user } = renderAt('/b2b/after-service/repair/5');
    const dialog = await open(user, '1차 견적');
    await user.click(within(dialog).getByRole('button', { name: '1차 견적' }));
    expect(await within(dialog).findByText(AS_MSG.amountInvalid)).toBeInTheDocument();
    await enter(user, within(dialog).getByRole('textbox', { name: /견적 금액/ }), '50000');
    expect(within(dialog).getByRole('textbox', { name: /견적 금액/ })).toHaveValue('50,000');
    await enter(user, within(dialog).getByRole('textbox', { name: '견적 메모' }), '가죽 교체');
    await user.click(within(dialog).getByRole('button', { name: '1차 견적' }));
    expect(await screen.findByText('1차 견적으로 바꿨어요')).toBeInTheDocument();
    expect(moves).toEqual([{ path: `${REPAIR}/5/preestimate`, body: { amount: 50000, comment: '가죽 교체' } }]);
    // The partner does not get the brand's certificate link.
    expect(screen.queryByRole('link', { name: '보증서 보기' })).not.toBeInTheDocument();
  });

  it('최종 견적 shows the 400 envelope’s field errors on their inputs', async () => {
    signIn(repairerAccount());
    apis(detail());
    server.use(http.patch(`${REPAIR}/5/estimate`, () => fail(400, { code: 'VALIDATION_FAILED', message: '입력값을 확인해 주세요', errors: { comment: AS_MSG.contentTooLong } })));
    const { user } = renderAt('/b2b/after-service/repair/5');
    const dialog = await open(user, '최종 견적');
    await enter(user, within(dialog).getByRole('textbox', { name: /견적 금액/ }), '70000');
    await user.click(within(dialog).getByRole('button', { name: '최종 견적' }));
    expect(await within(dialog).findByText(AS_MSG.contentTooLong)).toBeInTheDocument();
  });

  it('an illegal move (409) shows the server’s message, keeps the dialog and reads the request again (issue 23 #19)', async () => {
    signIn(repairerAccount());
    let moved = false;
    apis(detail());
    // Someone completed the request meanwhile: the refusal says so, and the page shows the stage as it is now.
    server.use(
      http.patch(`${REPAIR}/5/working`, () => {
        moved = true;
        return fail(409, { code: 'ILLEGAL_TRANSITION', message: AS_MSG.illegalTransition('complete') });
      }),
      http.get(`${REPAIR}/:id`, () => json(moved ? detail({ status: 'complete', actions: [] }) : detail())),
    );
    const { user } = renderAt('/b2b/after-service/repair/5');
    const dialog = await open(user, '작업 시작');
    expect(dialog).toHaveTextContent('작업을 시작할까요?');
    await user.click(within(dialog).getByRole('button', { name: '작업 시작' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('완료 상태에서는 처리할 수 없어요');
    await user.click(within(dialog).getByRole('button', { name: /닫기|취소/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '작업 시작' })).not.toBeInTheDocument());
  });

  it('취소 asks a reason and sends it to cancel/{id}; 교환 confirms and sends no body fields', async () => {
    signIn(brandAccount());
    const moves = apis(detail());
    const { user } = renderAt('/b2b/after-service/repair/5');
    let dialog = await open(user, '취소');
    expect(dialog).toHaveTextContent('되돌릴 수 없어요');
    await enter(user, within(dialog).getByRole('textbox', { name: '취소 사유' }), '고객 변심');
    await user.click(within(dialog).getByRole('button', { name: '요청 취소' }));
    await waitFor(() => expect(moves).toHaveLength(1));
    dialog = await open(user, '교환');
    await user.click(within(dialog).getByRole('button', { name: '교환' }));
    await waitFor(() => expect(moves).toHaveLength(2));
    expect(moves).toEqual([
      { path: `${REPAIR}/cancel/5`, body: { reason: '고객 변심' } },
      { path: `${REPAIR}/5/exchanged`, body: {} },
    ]);
  });

  it('발송 sends the courier and tracking number', async () => {
    signIn(repairerAccount());
    const moves = apis(detail({ status: 'complete' as AsStatus, actions: ['shipping'] }));
    const { user } = renderAt('/b2b/after-service/repair/5');
    const dialog = await open(user, '발송');
    // The couriers are offered (issue 23 #20): typing narrows them, a click picks one.
    await user.type(within(dialog).getByRole('combobox', { name: /택배사/ }), '대한');
    await user.click(await screen.findByRole('option', { name: 'CJ대한통운' }));
    await enter(user, within(dialog).getByRole('textbox', { name: /송장 번호/ }), '1234567890');
    await user.click(within(dialog).getByRole('button', { name: '발송' }));
    await waitFor(() => expect(moves).toEqual([{ path: `${REPAIR}/5/shipping`, body: { courier: 'CJ대한통운', trackingNumber: '1234567890' } }]));
  });

  it('완료 uploads photos through the signed upload, then sends their paths', async () => {
    signIn(repairerAccount());
    const moves = apis(detail({ status: 'working' as AsStatus, actions: ['complete', 'exchanged'] }));
    const requested: unknown[] = [];
    const confirmed: unknown[] = [];
    let put = 0;
    server.use(
      http.post(`${REPAIR}/image`, async ({ request }) => {
        requested.push(await request.json());
        return json({ path: '1/done.jpg', url: '/api/media/files/1/done.jpg', uploadUrl: '/api/media/upload/1/done.jpg?expires=1&signature=s' });
      }),
      http.put('/api/media/upload/1/done.jpg', () => {
        put += 1;
        return json({ path: '1/done.jpg' });
      }),
      http.post(`${REPAIR}/image/confirm`, async ({ request }) => {
        confirmed.push(await request.json());
        return json({ path: '1/done.jpg', url: '/api/media/files/1/done.jpg' });
      }),
    );
    const { user } = renderAt('/b2b/after-service/repair/5');
    const dialog = await open(user, '완료');
    await user.click(within(dialog).getByRole('button', { name: '완료' }));
    expect(await within(dialog).findByText(AS_MSG.completeImagesRequired)).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('완료 사진'), new File([new Uint8Array([0xff, 0xd8, 0xff])], 'done.jpg', { type: 'image/jpeg' }));
    expect(await within(dialog).findByRole('img', { name: '사진 1' })).toHaveAttribute('src', '/api/media/files/1/done.jpg');
    expect(requested).toEqual([{ repairIdx: 5, ext: 'jpg', status: 'complete' }]);
    expect(put).toBe(1);
    expect(confirmed).toEqual([{ path: '1/done.jpg' }]);
    // The submit is held until the dialog hears the upload ended (a render after the photo shows).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '완료' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: '완료' }));
    await waitFor(() => expect(moves).toEqual([{ path: `${REPAIR}/complete/5`, body: { images: ['1/done.jpg'] } }]));
  });

  it('완료 takes several photos at once, each uploading with its progress; a failed one says so and is retried; the limit holds (issue 23 #20)', async () => {
    signIn(repairerAccount());
    const moves = apis(detail({ status: 'working' as AsStatus, actions: ['complete'] }));
    // Each file's path by its extension; the gif's bytes wait for `release`, the png's first PUT fails.
    let release!: () => void;
    const gifArrived = new Promise<void>((resolve) => { release = resolve; });
    let pngPuts = 0;
    server.use(
      http.post(`${REPAIR}/image`, async ({ request }) => {
        const { ext } = (await request.json()) as { ext: string };
        return json({ path: `1/done.${ext}`, url: `/api/media/files/1/done.${ext}`, uploadUrl: `/api/media/upload/1/done.${ext}?expires=1&signature=s` });
      }),
      http.put('/api/media/upload/1/:name', async ({ params }) => {
        if (params.name === 'done.gif') await gifArrived;
        if (params.name === 'done.png' && ++pngPuts === 1) return fail(500, { code: 'INTERNAL_ERROR', message: 'x' });
        return json({ path: `1/${String(params.name)}` });
      }),
      http.post(`${REPAIR}/image/confirm`, async ({ request }) => {
        const { path } = (await request.json()) as { path: string };
        return json({ path, url: `/api/media/files/${path}` });
      }),
    );
    const file = (name: string, type: string) => new File([new Uint8Array([1, 2, 3])], name, { type });
    const { user } = renderAt('/b2b/after-service/repair/5');
    const dialog = within(await open(user, '완료'));
    const input = dialog.getByLabelText('완료 사진');
    expect(input).toHaveAttribute('multiple');
    await user.upload(input, [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png'), file('c.gif', 'image/gif')]);
    expect(await dialog.findByRole('progressbar', { name: 'c.gif 올리는 중' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: '완료' })).toBeDisabled();
    expect(await dialog.findByRole('img', { name: '사진 1' })).toHaveAttribute('src', '/api/media/files/1/done.jpg');
    const pending = within(dialog.getByRole('list', { name: '올리는 사진' }));
    expect(await pending.findByText(AS_MSG.imageUploadError)).toBeInTheDocument();
    release();
    await user.click(await dialog.findByRole('button', { name: 'b.png 다시 올리기' }));
    await waitFor(() => expect(dialog.getAllByRole('img')).toHaveLength(3));
    expect(dialog.queryByRole('list', { name: '올리는 사진' })).not.toBeInTheDocument();
    // Three of six: four more are refused whole.
    await user.upload(input, ['d', 'e', 'f', 'g'].map((n) => file(`${n}.jpg`, 'image/jpeg')));
    expect(dialog.getByText(AS_MSG.imagesTooMany)).toBeInTheDocument();
    expect(dialog.getAllByRole('img')).toHaveLength(3);
    await waitFor(() => expect(dialog.getByRole('button', { name: '완료' })).toBeEnabled());
    await user.click(dialog.getByRole('button', { name: '완료' }));
    await waitFor(() => expect(moves).toHaveLength(1));
    expect((moves[0].body as { images: string[] }).images.sort()).toEqual(['1/done.gif', '1/done.jpg', '1/done.png']);
  });

  it('laundry 작업 시작 calls laundry/{id}/working and says 세탁 중', async () => {
    signIn(brandAccount({ adminType: 'launderer', b2bType: null, subscription: null, subscriptionState: null, setting: [{ name: 'LAUNDRY', option: null, endAt: null }] }));
    const moves = apis(detail({ type: 'laundry', categoryName: null, optionName: null }), '/api/v1/admin/laundry');
    const { user } = renderAt('/b2b/after-service/laundry/5');
    const dialog = await open(user, '작업 시작');
    await user.click(within(dialog).getByRole('button', { name: '작업 시작' }));
    expect(await screen.findByText('세탁 중으로 바꿨어요')).toBeInTheDocument();
    expect(moves).toEqual([{ path: '/api/v1/admin/laundry/5/working', body: {} }]);
  });

  it('saves the partner memo with its counter', async () => {
    signIn(repairerAccount());
    const moves = apis(detail());
    const { user } = renderAt('/b2b/after-service/repair/5');
    const memo = within(await screen.findByRole('region', { name: '파트너 메모' }));
    await enter(user, memo.getByRole('textbox', { name: '파트너 메모' }), '부자재 주문함');
    expect(memo.getByText('7 / 1000')).toBeInTheDocument();
    await user.click(memo.getByRole('button', { name: '메모 저장' }));
    expect(await screen.findByText('파트너 메모를 저장했어요')).toBeInTheDocument();
    expect(moves).toEqual([{ path: `${REPAIR}/5/memo`, body: { partnersMemo: '부자재 주문함' } }]);
  });

  it('the brand of a request its partner handles gets only 취소 (the answer’s `actions`)', async () => {
    signIn(brandAccount());
    apis(detail({ actions: ['cancel'] }));
    renderAt('/b2b/after-service/repair/5');
    const actions = within(await screen.findByRole('region', { name: '처리' }));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['취소']);
  });

  it('a request outside the caller’s scope (404) says so', async () => {
    signIn(repairerAccount());
    server.use(http.get(`${REPAIR}/:id`, () => HttpResponse.json({ code: 'NOT_FOUND', message: AS_MSG.notFound }, { status: 404 })));
    renderAt('/b2b/after-service/repair/99');
    expect(await screen.findByText('요청을 찾을 수 없어요')).toBeInTheDocument();
  });
});
