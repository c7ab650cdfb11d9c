import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../testing/render';
import { json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount } from '../../testing/fixtures';
import { enter } from '../../testing/enter';
import { MESSAGE_MSG } from '../../domain/message';
import TemplateFormPage from './TemplateFormPage';
import TemplateDetailPage from './TemplateDetailPage';
import MessageDetailPage from './MessageDetailPage';

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
