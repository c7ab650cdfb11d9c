import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../testing/render';
import { fail, json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount } from '../../testing/fixtures';
import { enter } from '../../testing/enter';
import { MESSAGE_MSG } from '../../domain/message';
import TemplateFormPage from './TemplateFormPage';
import TemplateDetailPage from './TemplateDetailPage';
import MessageDetailPage from './MessageDetailPage';
import MessageAutoPage from './MessageAutoPage';
import MessageAutoComposePage from './MessageAutoComposePage';
import MessageComposePage from './MessageComposePage';

setupMsw();

const channel = { senderKey: 'k', kakaoState: 'APPROVED', senderNumber: '0212345678', senderNumberState: 'REGISTERED', optOutNumber: '080-123-4567', contact: '02-1234-5678', frequencyCap: 1 };

function renderAt(url: string) {
  return renderAppAt(
    url,
    <Routes>
      <Route path="/b2b/message/temp/template/register" element={<TemplateFormPage />} />
      <Route path="/b2b/message/temp/template/:id" element={<TemplateDetailPage />} />
      <Route path="/b2b/message/temp/detail/:id" element={<MessageDetailPage />} />
    </Routes>,
  );
}

describe('/b2b/message/temp/template/register', () => {
  beforeEach(() => signIn(brandAccount()));

  it("says spec 3 §5's texts, counts SMS bytes with the ad frame into LMS, refuses an emoji, copies a variable code, and saves", async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.get('/api/v2/message-integration', () => json(channel)),
      http.post('/api/v1/template', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return json({ ...body, idx: 9, scope: 'temp', reviewState: null, reviewComment: null, providerCode: null, createdAt: '2026-11-24T01:00:00.000Z', updatedAt: '2026-11-24T01:00:00.000Z' }, { status: 201 });
      }),
      http.get('/api/v1/template/9', () => json({ ...body, idx: 9, scope: 'temp', reviewState: null, reviewComment: null, providerCode: null, buttons: [], createdAt: '2026-11-24T01:00:00.000Z', updatedAt: '2026-11-24T01:00:00.000Z' })),
    );
    const { user } = renderAt('/b2b/message/temp/template/register');
    await user.click(await screen.findByRole('button', { name: '저장' }));
    expect(await screen.findByText('메시지명을 입력해주세요')).toBeInTheDocument();
    expect(screen.getByText('필수 입력 항목입니다.')).toBeInTheDocument();

    await enter(user, screen.getByRole('textbox', { name: /메시지명/ }), '가을 세일');
    await user.click(screen.getByRole('radio', { name: '문자 (SMS/LMS)' }));
    const content = screen.getByRole('textbox', { name: /^본문/ });
    await enter(user, content, '#{고객명}님 세일');
    const counter = screen.getByTestId('message-counter');
    await waitFor(() => expect(counter).toHaveTextContent(/바이트 · SMS$/));
    await enter(user, content, ' 전 품목 20% 할인, 이번 주말까지만!');
    await waitFor(() => expect(counter).toHaveTextContent(/\/ 2000 바이트 · LMS/));
    await enter(user, content, '😀');
    expect(await within(counter).findByRole('alert')).toHaveTextContent(MESSAGE_MSG.notEucKr('😀'));
    await user.clear(content);
    await enter(user, content, '#{고객명}님 세일');
    await waitFor(() => expect(within(counter).queryByRole('alert')).toBeNull());
    expect(screen.getByTestId('message-preview-text').textContent).toMatch(/^\(광고\) .*\n홍길동님 세일\n\n문의 02-1234-5678\n무료수신거부 080-123-4567$/);

    await user.click(screen.getByRole('button', { name: '변수 코드' }));
    const sheet = await screen.findByRole('dialog', { name: '개인화 변수' });
    await user.click(within(sheet).getByRole('button', { name: '복사 #{고객명}' }));
    expect(await screen.findByText('변수 코드를 복사했어요')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '개인화 변수' })).toBeNull());

    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(body).toMatchObject({ messageTitle: '가을 세일', messageType: 'SMS', content: '#{고객명}님 세일' }));
    expect(await screen.findByText('템플릿을 저장했어요')).toBeInTheDocument();
  });
});

describe('/b2b/message/temp/detail/{idx}', () => {
  beforeEach(() => signIn(brandAccount()));

  it('shows a sent campaign’s click rate and the orders attributed to it, with the window it counts', async () => {
    const campaign = {
      idx: 7, kind: 'TEMP', basicMessageTitle: '신상품', basicMessageStatus: 'SENT', messageType: 'TEXT', messageTypeDescription: '브랜드 메시지 (텍스트)',
      createdAt: '2026-12-01T01:00:00.000Z', sendDate: '2026-12-01T01:00:00.000Z', sendCount: 3, successCount: 3, failCount: 0, replaceSendCount: 0, unsentCount: 0,
      messageCost: 60, clickRate: 66.67, clickCount: 2, attributedOrders: 1, attributedRevenue: 120000, attributionDays: 7, repeatType: 'ONCE', held: false, notice: null,
      sentAt: '2026-12-01T01:00:05.000Z', payload: {},
    };
    server.use(
      http.get('/api/campaign/v1/campaign/7', () => json(campaign)),
      http.get('/api/campaign/v1/campaign/7/recipients', () => json({ list: [], total: 0 })),
    );
    renderAt('/b2b/message/temp/detail/7');
    const panel = await screen.findByTestId('message-performance');
    expect(panel).toHaveTextContent('66.67% (2명이 링크를 눌렀어요)');
    expect(panel).toHaveTextContent('1건 · 120,000원');
    expect(screen.getByText(/7일 안에 한 주문이에요/)).toBeInTheDocument();
  });
});

describe('/b2b/message/temp/new', () => {
  beforeEach(() => signIn(brandAccount()));

  it('picks the membership of "membership holders" by name among the brand’s memberships, says when there is none; uploads a picture that makes it MMS; saves both', async () => {
    let memberships = [{ idx: 3, nftCardName: 'VIP 멤버십' }, { idx: 5, nftCardName: '골드 멤버십' }];
    let body: Record<string, unknown> | undefined;
    const estimates: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/v2/message-integration', () => json(channel)),
      http.get('/api/v1/admin/membership-template', () => json({ list: memberships, total: memberships.length })),
      http.post('/api/campaign/v1/campaign/estimate', async ({ request }) => {
        estimates.push((await request.json()) as Record<string, unknown>);
        return json({ estimatedCustomerCount: 4, unitCost: 20, estimatedCost: 80, kind: 'SMS' });
      }),
      http.post('/api/campaign/v1/campaign', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return json({ idx: 12 }, { status: 201 });
      }),
      http.get('/api/campaign/v1/campaign/12', () => fail(404, { code: 'NOT_FOUND', message: '없음' })),
      http.post('/api/v1/common/file', async ({ request }) => json({ ...(await request.json()) as object, path: '1/pic.jpg', uploadUrl: '/api/media/upload/1/pic.jpg?expires=1&signature=s', expiresAt: '2026-12-01T00:00:00.000Z' })),
      http.put('/api/media/upload/1/pic.jpg', () => json({ path: '1/pic.jpg' })),
      http.post('/api/v1/common/file/upload', () => json({ path: '1/pic.jpg', url: '/api/media/1/pic.jpg' })),
    );
    const page = renderAppAt('/b2b/message/temp/new', <Routes><Route path="/b2b/message/temp/new" element={<MessageComposePage />} /></Routes>);
    const { user } = page;
    await enter(user, await screen.findByRole('textbox', { name: /메시지명/ }), '멤버 세일');
    await enter(user, screen.getByRole('textbox', { name: /^본문/ }), '#{고객명}님 세일');
    await user.click(screen.getByRole('combobox', { name: '멤버십' }));
    await user.click(await screen.findByRole('option', { name: '멤버십 보유 고객' }));
    await user.click(await screen.findByRole('combobox', { name: '보유한 멤버십' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(expect.arrayContaining(['VIP 멤버십', '골드 멤버십']));
    await user.click(screen.getByRole('option', { name: '골드 멤버십' }));
    await waitFor(() => expect(estimates.at(-1)).toMatchObject({ recipient: { membershipType: 'EXIST', membershipId: 5 } }));

    expect(screen.getByText('사진을 넣으면 MMS로 보내요 (건당 100원).')).toBeInTheDocument();
    await user.upload(screen.getByTestId('message-image-input'), new File([new Uint8Array([0xff, 0xd8, 0xff])], 'pic.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('img', { name: '메시지 이미지' })).toHaveAttribute('src', '/api/media/1/pic.jpg');
    await waitFor(() => expect(estimates.at(-1)).toMatchObject({ messageType: 'SMS', imageUrl: '/api/media/1/pic.jpg' }));
    await user.click(screen.getByRole('button', { name: '저장하고 계속' }));
    await waitFor(() => expect(body).toMatchObject({
      basicInfo: { messageTitle: '멤버 세일' }, recipient: { membershipType: 'EXIST', membershipId: 5 }, messageContent: { imageUrl: '/api/media/1/pic.jpg' },
    }));
    page.unmount();

    memberships = [];
    renderAppAt('/b2b/message/temp/new', <Routes><Route path="/b2b/message/temp/new" element={<MessageComposePage />} /></Routes>);
    await user.click(await screen.findByRole('combobox', { name: '멤버십' }));
    await user.click(await screen.findByRole('option', { name: '멤버십 보유 고객' }));
    expect(await screen.findByText('아직 만든 멤버십이 없어요. 멤버십 메뉴에서 먼저 만들어주세요.')).toBeInTheDocument();
  });
});

describe('/b2b/message/auto', () => {
  beforeEach(() => signIn(brandAccount()));
  const campaign = (idx: number, title: string, autoState: 'ON' | 'OFF', talkClass: string) => ({
    idx, kind: 'AUTO', basicMessageTitle: title, basicMessageStatus: 'DRAFT', messageType: 'SMS', messageTypeDescription: '', createdAt: '2026-12-01T01:00:00.000Z',
    sendDate: null, sendCount: 3, successCount: 3, failCount: 0, replaceSendCount: 0, unsentCount: 0, messageCost: 60, clickRate: 0, repeatType: 'ONCE', held: false,
    notice: null, sentAt: null, templateTalkClass: talkClass, autoState, payload: { schedule: { sendType: 'TIME', sendTime: '11:00', repeatType: 'ONCE', repeatCount: 1 } },
  });
  const renderAuto = () => renderAppAt('/b2b/message/auto', <Routes><Route path="/b2b/message/auto" element={<MessageAutoPage />} /></Routes>);

  it('lists the automatic messages; turning one on is confirmed with when it goes, off is at once, and a refusal is told', async () => {
    const states: Record<number, 'ON' | 'OFF'> = { 1: 'OFF', 2: 'ON' };
    const sent: unknown[] = [];
    let refuse = false;
    server.use(
      http.get('/api/campaign/v1/campaign', ({ request }) => {
        expect(new URL(request.url).searchParams.get('kind')).toBe('AUTO');
        return json({ list: [campaign(1, '생일 축하 쿠폰', states[1], 'BIRTHDAY_COUPON'), campaign(2, '구매 감사 쿠폰', states[2], 'PURCHASE_COUPON')], total: 2 });
      }),
      http.put('/api/campaign/v1/campaign/:idx/auto-state', async ({ request, params }) => {
        const body = (await request.json()) as { autoState: 'ON' | 'OFF' };
        sent.push([Number(params.idx), body.autoState]);
        if (refuse) return fail(409, { code: 'CONFLICT', message: MESSAGE_MSG.channelMissingOptOut });
        states[Number(params.idx)] = body.autoState;
        return json(campaign(Number(params.idx), Number(params.idx) === 1 ? '생일 축하 쿠폰' : '구매 감사 쿠폰', body.autoState, 'BIRTHDAY_COUPON'));
      }),
    );
    const { user } = renderAuto();
    const rows = await screen.findAllByTestId('auto-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('생일 쿠폰')).toBeInTheDocument();
    expect(within(rows[0]).getByText('매일 11:00')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: '구매 감사 쿠폰' })).toHaveAttribute('href', '/b2b/message/auto/detail/2');

    const birthday = screen.getByRole('switch', { name: '생일 축하 쿠폰 자동 발송' });
    expect(birthday).not.toBeChecked();
    await user.click(birthday);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('켜면 매일 11:00 그날 조건에 맞는 고객에게 보내고');
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '켜기' }));
    expect(await screen.findByText('자동 발송을 켰어요')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: '생일 축하 쿠폰 자동 발송' })).toBeChecked());

    const purchase = screen.getByRole('switch', { name: '구매 감사 쿠폰 자동 발송' });
    expect(purchase).toBeChecked();
    await user.click(purchase);
    expect(await screen.findByText('자동 발송을 껐어요')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: '구매 감사 쿠폰 자동 발송' })).not.toBeChecked());
    expect(sent).toEqual([[1, 'ON'], [2, 'OFF']]);

    refuse = true;
    await user.click(screen.getByRole('switch', { name: '구매 감사 쿠폰 자동 발송' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '켜기' }));
    expect(await screen.findByText(MESSAGE_MSG.channelMissingOptOut)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '구매 감사 쿠폰 자동 발송', hidden: true })).not.toBeChecked();
  });

  it("registers an mba message: spec 3 §5's texts for its product lists, then the lists as typed", async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.get('/api/v2/message-integration', () => json(channel)),
      http.post('/api/campaign/v1/campaign/estimate', () => json({ estimatedCustomerCount: 2, unitCost: 20, estimatedCost: 40, kind: 'BRAND_TEXT' })),
      http.post('/api/campaign/v1/campaign', async ({ request }) => {
        expect(new URL(request.url).searchParams.get('kind')).toBe('AUTO');
        body = (await request.json()) as Record<string, unknown>;
        return json(campaign(5, '추천', 'OFF', 'MBA'), { status: 201 });
      }),
    );
    const { user } = renderAppAt('/b2b/message/auto/new', <Routes><Route path="/b2b/message/auto/new" element={<MessageAutoComposePage />} /><Route path="/b2b/message/auto/detail/:id" element={<p>상세</p>} /></Routes>);
    await enter(user, await screen.findByRole('textbox', { name: /메시지명/ }), '추천');
    await enter(user, screen.getByRole('textbox', { name: /^본문/ }), '#{고객명}님, 이 상품도 보세요');
    await user.click(screen.getByRole('combobox', { name: /자동 메시지 종류/ }));
    await user.click(await screen.findByRole('option', { name: '함께 사는 상품 추천' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findAllByText('필수 항목입니다.')).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: '1번째 상품 빼기' })[1]);
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('상품을 추가해주세요.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: '상품 추가' })[1]);
    const names = screen.getAllByRole('textbox', { name: /상품명/ });
    await enter(user, names[0], '가죽 지갑');
    await enter(user, names[1], '가죽 벨트');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(body).toMatchObject({ templateTalkClass: 'MBA', recipient: { purchasedProducts: ['가죽 지갑'], unboughtProducts: ['가죽 벨트'] } }));
    expect(await screen.findByText('상세')).toBeInTheDocument();
  });

  it('says so when there is none yet', async () => {
    server.use(http.get('/api/campaign/v1/campaign', () => json({ list: [], total: 0 })));
    renderAuto();
    expect(await screen.findByText('아직 자동 메시지가 없어요. 생일 쿠폰이나 구매 감사 쿠폰을 등록해 보세요.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '자동 메시지 등록' })).toHaveAttribute('href', '/b2b/message/auto/new');
  });
});
