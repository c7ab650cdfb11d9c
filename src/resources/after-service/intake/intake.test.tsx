import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../../testing/render';
import { fail, json, server, setupMsw, signIn } from '../../../testing/server';
import { brandAccount } from '../../../testing/fixtures';
import { enter } from '../../../testing/enter';
import { AS_MSG } from '../../../domain/afterService';
import { MSG } from '../../../domain/messages';
import { featureSettings } from '../../../domain/testing/partnerships';
import AsIntakePage from './AsIntakePage';

setupMsw();

const NFT = '/api/v1/admin/nft';
const REPAIR = '/api/v1/admin/repair';
const certificate = { idx: 41, nftNumber: 'G261124-0000041', productName: '가죽 토트백', ordererName: '김고객', ordererTel: '01055550001', ordererCountryCode: '82' };
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

/** The calls of a submit: categories, the certificate, the photo upload steps; each request body recorded. */
function api(opts: { categories?: unknown[]; failImageAfter?: number; failGuarantee?: boolean; refuseRequest?: Record<string, string> } = {}) {
  const sent: { guarantee?: Record<string, unknown>; request?: Record<string, unknown>; requestKey?: string | null; images: unknown[] } = { images: [] };
  let uploads = 0;
  server.use(
    http.get(`${REPAIR}/category`, () => json({ list: opts.categories ?? [] })),
    http.get(`${NFT}/41`, () => json(certificate)),
    http.post(NFT, async ({ request }) => {
      sent.guarantee = (await request.json()) as Record<string, unknown>;
      return opts.failGuarantee ? fail(400, { code: 'VALIDATION_FAILED', message: '입력값을 확인해 주세요', errors: { ordererTel: 'x' } }) : json({ ...certificate, idx: 77 }, { status: 201 });
    }),
    http.post(`${REPAIR}/image`, async ({ request }) => {
      sent.images.push(await request.json());
      uploads += 1;
      if (opts.failImageAfter !== undefined && uploads > opts.failImageAfter) return fail(500, { code: 'INTERNAL_ERROR', message: 'x' });
      return json({ path: `1/${'a'.repeat(30)}${uploads}.png`, url: '/x', uploadUrl: `/api/media/upload/1/${'a'.repeat(30)}${uploads}.png?expires=1&signature=s` });
    }),
    http.put('/api/media/upload/:tenant/:name', () => json({ path: 'ok' })),
    http.post(`${REPAIR}/image/confirm`, async ({ request }) => json(await request.json())),
    http.post(REPAIR, async ({ request }) => {
      sent.request = (await request.json()) as Record<string, unknown>;
      sent.requestKey = request.headers.get('idempotency-key');
      if (opts.refuseRequest) return fail(400, { code: 'VALIDATION_FAILED', message: '입력값을 확인해 주세요', errors: opts.refuseRequest });
      return json({ idx: 9 }, { status: 201 });
    }),
  );
  return sent;
}

function renderAt(url: string) {
  return renderAppAt(url, (
    <Routes>
      <Route path="/b2b/after-service/request" element={<AsIntakePage />} />
      <Route path="/b2b/after-service/repair" element={<p>수선 내역 화면</p>} />
      <Route path="/b2b/after-service/laundry" element={<p>세탁 내역 화면</p>} />
      <Route path="/b2b/home" element={<p>홈</p>} />
    </Routes>
  ));
}

async function fillReceiver(user: ReturnType<typeof renderAt>['user']) {
  await enter(user, screen.getByLabelText(/^요청 내용/), '손잡이가 떨어졌어요');
  await enter(user, screen.getByLabelText(/^받는 분 이름/), '김고객');
  await enter(user, screen.getByLabelText(/^받는 분 연락처/), '(010)5555-0001');
  await enter(user, screen.getByLabelText(/^우편번호/), '04799');
  await enter(user, screen.getByLabelText(/^주소/), '서울 성동구 성수이로 1');
}

describe('/b2b/after-service/request', () => {
  beforeEach(() => signIn(brandAccount()));

  it('with a certificate from ?guaranteeIdx: photos, a counter, the confirmation, then the toast and the repair history', async () => {
    const sent = api();
    const { user } = renderAt('/b2b/after-service/request?guaranteeIdx=41');
    expect(await screen.findByText(/G261124-0000041 · 가죽 토트백/)).toBeInTheDocument();
    // The orderer is the default receiver, the phone in its display form; a brand without laundry has no kind to choose.
    expect(screen.getByLabelText(/^받는 분 연락처/)).toHaveValue('010-5555-0001');
    expect(screen.queryByRole('radio', { name: '세탁' })).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('첨부할 사진 파일'), [png('a.png'), png('b.png')]);
    expect(screen.getByText('2 / 6')).toBeInTheDocument();
    await enter(user, screen.getByLabelText(/^요청 내용/), '손잡이 수선');
    expect(screen.getByText('6 / 1000')).toBeInTheDocument();
    await enter(user, screen.getByLabelText(/^우편번호/), '04799');
    await enter(user, screen.getByLabelText(/^주소/), '서울 성동구 성수이로 1');
    await user.click(screen.getByRole('button', { name: '접수 완료' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '확인' }));
    expect(await screen.findByText(AS_MSG.received)).toBeInTheDocument();
    expect(await screen.findByText('수선 내역 화면')).toBeInTheDocument();
    expect(sent.images).toEqual([{ nftIdx: 41, ext: 'png' }, { nftIdx: 41, ext: 'png' }]);
    expect(sent.request).toEqual({
      repairType: 'repair', nftIdx: 41, requestMessage: '손잡이 수선', receiverName: '김고객', receiverPhone: '010-5555-0001', receiverZipCode: '04799',
      receiverAddress1: '서울 성동구 성수이로 1', receiverAddress2: '', images: [`1/${'a'.repeat(30)}1.png`, `1/${'a'.repeat(30)}2.png`], options: null,
    });
    expect(sent.requestKey).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(sent.guarantee).toBeUndefined();
  });

  async function submitWithMemo(memo: string, memoFails: boolean) {
    const sent = api();
    const memos: unknown[] = [];
    server.use(http.post('/api/v1/admin/memo/repair/9', async ({ request }) => {
      memos.push(await request.json());
      return memoFails ? fail(500, { code: 'INTERNAL_ERROR', message: 'x' }) : json({ idx: 1 }, { status: 201 });
    }));
    const { user } = renderAt('/b2b/after-service/request?guaranteeIdx=41');
    await screen.findByText(/G261124-0000041/);
    await fillReceiver(user);
    await enter(user, screen.getByLabelText(/^내부 메모/), memo);
    await user.click(screen.getByRole('button', { name: '접수 완료' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '확인' }));
    return { sent, memos };
  }

  it('asks before leaving a request with unsaved changes (issue 23 #16)', async () => {
    api();
    const { user, router } = renderAt('/b2b/after-service/request');
    await enter(user, await screen.findByLabelText(/^요청 내용/), '손잡이가 떨어졌어요');
    void router.navigate('/b2b/home');
    const ask = await screen.findByRole('dialog');
    expect(ask).toHaveTextContent(MSG.unsavedChanges);
    await user.click(within(ask).getByRole('button', { name: /^예/ }));
    expect(await screen.findByText('홈')).toBeInTheDocument();
  });

  it('the memo side panel: its text is saved as the new request\'s first memo', async () => {
    const { sent, memos } = await submitWithMemo('  고객이 직접 방문 예정  ', false);
    expect(await screen.findByText(AS_MSG.received)).toBeInTheDocument();
    expect(sent.request).toBeDefined();
    expect(memos).toEqual([{ memo: '고객이 직접 방문 예정' }]);
  });

  it('the memo side panel: a memo that fails to save is said, the request stays taken', async () => {
    const { sent, memos } = await submitWithMemo('두 번째', true);
    expect(await screen.findByText(/메모를 저장하지 못했어요/)).toBeInTheDocument();
    expect(sent.request).toBeDefined();
    expect(memos).toHaveLength(1);
  });

  it('without a certificate: says 상품을 입력해주세요., 상품명을 입력해주세요. and 전화번호를 입력해주세요.; the picker says 상품을 선택해주세요', async () => {
    api();
    server.use(http.get('/api/v1/admin/partners-product', () => json({ list: [], total: 0 })));
    const { user } = renderAt('/b2b/after-service/request');
    await user.click(await screen.findByLabelText('디지털 보증서 없음'));
    await user.click(screen.getByRole('button', { name: '접수 완료' }));
    expect(await screen.findByText(AS_MSG.productRequired)).toBeInTheDocument();
    expect(screen.getAllByText(AS_MSG.phoneRequired)).toHaveLength(2); // the orderer's and the receiver's
    expect(screen.getByText(AS_MSG.contentRequired)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '직접 입력' }));
    await user.click(screen.getByRole('button', { name: '접수 완료' }));
    expect(await screen.findByText(AS_MSG.productNameRequired)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '상품 선택' }));
    const picker = await screen.findByRole('dialog');
    await user.click(within(picker).getByRole('button', { name: '선택' }));
    expect(await within(picker).findByText(AS_MSG.productPick)).toBeInTheDocument();
  });

  it('without a certificate: issues the request first, and a failed issue stops the submit without a message', async () => {
    const sent = api({ failGuarantee: true });
    const { user } = renderAt('/b2b/after-service/request');
    await user.click(await screen.findByLabelText('디지털 보증서 없음'));
    await enter(user, screen.getByLabelText(/^주문자명/), '박주문');
    await enter(user, screen.getByLabelText(/^주문자 연락처/), '010-7777-0001');
    await user.click(screen.getByRole('button', { name: '직접 입력' }));
    await enter(user, screen.getByLabelText(/^상품명/), '직접 입력 가방');
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: '접수 완료' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(sent.guarantee).toMatchObject({
      nftStatus: 'request', requestRoute: 'product', ordererName: '박주문', ordererTel: '010-7777-0001', ordererCountryCode: '82', productName: '직접 입력 가방', partnersProductIdx: null,
    }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.request).toBeUndefined();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '접수 완료' })).toBeInTheDocument();
  });

  it('refuses more than 6 photos, and opens the upload-error dialog when fewer uploaded than were chosen', async () => {
    const sent = api({ failImageAfter: 1 });
    const { user } = renderAt('/b2b/after-service/request?guaranteeIdx=41');
    await screen.findByText(/G261124-0000041/);
    const files = screen.getByLabelText('첨부할 사진 파일');
    await user.upload(files, Array.from({ length: 7 }, (_, i) => png(`${i}.png`)));
    expect(screen.getByText(AS_MSG.imagesTooMany)).toBeInTheDocument();
    expect(screen.getByText('0 / 6')).toBeInTheDocument();
    await user.upload(files, [png('a.png'), png('b.png')]);
    expect(screen.queryByText(AS_MSG.imagesTooMany)).not.toBeInTheDocument();
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: '접수 완료' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '확인' }));
    const dialog = await screen.findByRole('dialog', { description: AS_MSG.imageUploadError });
    await user.click(within(dialog).getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.request).toBeUndefined();
  });

  it('requires a repair category option when the brand has options, and sends it', async () => {
    const sent = api({ categories: [{ idx: 1, name: '가방', options: [{ idx: 11, name: '손잡이' }] }] });
    const { user } = renderAt('/b2b/after-service/request?guaranteeIdx=41');
    await screen.findByText(/G261124-0000041/);
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: '접수 완료' }));
    expect(await screen.findByText(AS_MSG.categoryRequired)).toBeInTheDocument();
    await user.click(screen.getByLabelText(/^수선 카테고리/));
    await user.click(await screen.findByRole('option', { name: '가방 · 손잡이' }));
    await user.click(screen.getByRole('button', { name: '접수 완료' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(sent.request).toMatchObject({ options: 11, requestMessage: '손잡이가 떨어졌어요' }));
  });

  it('takes a laundry request: 세탁 sends repairType laundry without the repair category, saves its memo and opens the laundry history (issue 23 #18)', async () => {
    signIn(brandAccount({ setting: featureSettings(['GUARANTEE', 'PRODUCT', 'CUSTOMER', 'REPAIR', 'LAUNDRY', 'EXAM']) }));
    const sent = api({ categories: [{ idx: 1, name: '가방', options: [{ idx: 11, name: '손잡이' }] }] });
    const memos: unknown[] = [];
    server.use(http.post('/api/v1/admin/memo/laundry/9', async ({ request }) => {
      memos.push(await request.json());
      return json({ idx: 1 }, { status: 201 });
    }));
    const { user } = renderAt('/b2b/after-service/request?guaranteeIdx=41');
    await screen.findByText(/G261124-0000041/);
    expect(screen.getByRole('radio', { name: '수선' })).toBeChecked();
    // Inspections are registered on their own page.
    expect(screen.getByRole('link', { name: '검수 등록' })).toHaveAttribute('href', '/b2b/inspection');
    await user.click(screen.getByRole('radio', { name: '세탁' }));
    expect(screen.getByRole('region', { name: '세탁 내용' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^수선 카테고리/)).not.toBeInTheDocument();
    await fillReceiver(user);
    await enter(user, screen.getByLabelText(/^내부 메모/), '드라이클리닝');
    await user.click(screen.getByRole('button', { name: '접수 완료' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '확인' }));
    expect(await screen.findByText('세탁 내역 화면')).toBeInTheDocument();
    expect(sent.request).toMatchObject({ repairType: 'laundry', nftIdx: 41, options: null, requestMessage: '손잡이가 떨어졌어요' });
    expect(memos).toEqual([{ memo: '드라이클리닝' }]);
  });

  it('?type=laundry opens the intake with 세탁 chosen', async () => {
    signIn(brandAccount({ setting: featureSettings(['GUARANTEE', 'CUSTOMER', 'REPAIR', 'LAUNDRY']) }));
    api();
    renderAt('/b2b/after-service/request?type=laundry');
    expect(await screen.findByRole('radio', { name: '세탁' })).toBeChecked();
  });

  it('a picked customer fills 받는 분 in the display form, and what the user typed stays (issue 23 #20)', async () => {
    api();
    server.use(http.get('/api/v1/admin/customers', () => json({ total: 2, list: [
      { customerIdx: 3, customerName: '이고객', customerPhone: '01023456701', countryCode: '82' },
      { customerIdx: 4, customerName: '박고객', customerPhone: '01034567802', countryCode: '82' },
    ] })));
    const { user } = renderAt('/b2b/after-service/request');
    await user.click(await screen.findByLabelText('디지털 보증서 없음'));
    const pick = async (name: string) => {
      await user.click(screen.getByRole('button', { name: '고객 검색' }));
      await user.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: new RegExp(name) }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    await pick('이고객');
    const name = screen.getByLabelText(/^받는 분 이름/);
    const phone = screen.getByLabelText(/^받는 분 연락처/);
    expect(name).toHaveValue('이고객');
    expect(phone).toHaveValue('010-2345-6701');
    expect(screen.getByLabelText(/^주문자 연락처/)).toHaveValue('010-2345-6701');
    await user.clear(name);
    await enter(user, name, '대리 수령인');
    await pick('박고객');
    expect(name).toHaveValue('대리 수령인');
    expect(phone).toHaveValue('010-3456-7802');
  });

  it('says when 요청 내용 reaches 1,000 characters, and that a longer paste was cut (issue 23 #20)', async () => {
    api();
    const { user } = renderAt('/b2b/after-service/request');
    const content = await screen.findByLabelText(/^요청 내용/);
    await enter(user, content, 'ㄱ'.repeat(1200));
    expect(content).toHaveValue('ㄱ'.repeat(1000));
    expect(screen.getByRole('status')).toHaveTextContent('1000 / 1000 · 1,000자가 넘어 붙여 넣은 내용의 뒷부분이 잘렸어요');
    await user.type(content, '{Backspace}');
    expect(screen.getByText('999 / 1000')).toBeInTheDocument();
    await user.type(content, 'ㄴ');
    expect(screen.getByRole('status')).toHaveTextContent('1000 / 1000 · 1,000자까지 쓸 수 있어요');
  });

  it('puts the server\'s field errors on their inputs and stays, keeping the same Idempotency-Key for the retry', async () => {
    const sent = api({ refuseRequest: { receiverZipCode: AS_MSG.zipInvalid } });
    const { user } = renderAt('/b2b/after-service/request?guaranteeIdx=41');
    await screen.findByText(/G261124-0000041/);
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: '접수 완료' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '확인' }));
    expect(await screen.findByText(AS_MSG.zipInvalid)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const firstKey = sent.requestKey;
    await user.click(screen.getByRole('button', { name: '접수 완료' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(sent.requestKey).toBe(firstKey));
    expect(screen.queryByText('수선 내역 화면')).not.toBeInTheDocument();
  });
});
