import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { AuditLogPage } from './AuditLogPage';
import { json, server, setupMsw, signIn } from '../../testing/server';
import { renderWithAdmin } from '../../testing/render';
import { brandAccount } from '../../testing/fixtures';

setupMsw();

const row = (over: Record<string, unknown> = {}) => ({
  idx: 1, tenantIdx: 1, at: '2026-11-27T01:00:00.000Z', actorKind: 'partner', actorIdx: 1, actorEmail: 'brand@demo.test', action: 'guarantee.cancel',
  target: '12', outcome: 'ok', code: null, ip: '127.0.0.1', method: 'PATCH', path: '/api/v1/admin/nft/cancel/:idx', detail: { after: { nftStatus: 9 } }, ...over,
});

describe('/setting/audit-log', () => {
  beforeEach(() => signIn(brandAccount()));

  it('lists the brand\'s log and asks again with a filter as soon as it changes', async () => {
    const asked: string[] = [];
    server.use(http.get('/api/v1/admin/audit-log', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      return url.searchParams.get('outcome') === 'refused'
        ? json({ total: 1, list: [row({ idx: 2, outcome: 'refused', code: 'ILLEGAL_TRANSITION' })] })
        : json({ total: 2, list: [row(), row({ idx: 3, actorKind: 'operator', actorEmail: 'support@ops.demo.test', action: 'ops.customer.reveal', target: '5' })] });
    }));
    const { user } = renderWithAdmin(<AuditLogPage />);
    const table = await screen.findByRole('table', { name: '감사 로그' });
    expect(within(table).getByText('보증서 발급 취소')).toBeInTheDocument();
    expect(within(table).getByText('support@ops.demo.test (운영팀)')).toBeInTheDocument();
    expect(screen.getByText('전체 2건')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /^결과/ }));
    await user.click(await screen.findByRole('option', { name: '거절' }));
    expect(await screen.findByText('거절 (ILLEGAL_TRANSITION)')).toBeInTheDocument();
    expect(asked.at(-1)).toContain('outcome=refused');
    expect(asked.at(-1)).toContain('pageSize=25');
  });

  it('says so when there is nothing', async () => {
    server.use(http.get('/api/v1/admin/audit-log', () => json({ total: 0, list: [] })));
    renderWithAdmin(<AuditLogPage />);
    expect(await screen.findByText('기록이 없어요')).toBeInTheDocument();
  });
});
