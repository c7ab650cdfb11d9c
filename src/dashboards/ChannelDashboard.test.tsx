import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { json, server, setupMsw, signIn } from '../testing/server';
import { renderWithAdmin } from '../testing/render';
import { brandAccount, nonSubscriber } from '../testing/fixtures';
import { MSG } from '../domain/messages';
import { ChannelDashboard, REVISIT_ROWS } from './ChannelDashboard';
import { SAMPLE_CHANNEL_FIGURES } from './sampleData';

setupMsw();

const people = (n: number) => `${n.toLocaleString('ko-KR')}명`;

describe('ChannelDashboard', () => {
  it('shows a non-subscriber the dimmed sample figures under the Pro banner', async () => {
    signIn(nonSubscriber());
    renderWithAdmin(<ChannelDashboard />);
    expect(await screen.findByText('Pro 요금제를 구독하고 채널 대시보드를 이용해 보세요')).toBeInTheDocument();
    expect(screen.getByText('아래는 예시 화면이에요')).toBeInTheDocument();
    const visitors = screen.getByText(people(SAMPLE_CHANNEL_FIGURES.accumulation.visitor));
    expect(visitors.closest('[inert]')).toHaveStyle({ opacity: '0.45' });
    expect(screen.getByText(SAMPLE_CHANNEL_FIGURES.event.name, { selector: 'p' })).toBeInTheDocument();
    // The revisit table, hidden from assistive technology with the rest of the sample, holds 5 rows.
    const table = screen.getByRole('table', { hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(REVISIT_ROWS + 1);
    expect(screen.queryByText(MSG.noAnalysisData)).not.toBeInTheDocument();
  });

  it('shows a subscriber without an event the empty cards and the register button, never the sample', async () => {
    server.use(http.get('/api/statistics/v1/statistics', () => json({ ...SAMPLE_CHANNEL_FIGURES, events: [], event: null, weekday: 1 })));
    signIn(brandAccount());
    renderWithAdmin(<ChannelDashboard />);
    expect(await screen.findByText('누적 방문자')).toBeInTheDocument();
    expect(screen.getAllByText(MSG.noAnalysisData).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '웨이팅 이벤트 등록' })).toHaveAttribute('href', expect.stringMatching(/\/b2b\/store\/waiting\/register$/));
    expect(screen.queryByText('아래는 예시 화면이에요')).not.toBeInTheDocument();
    expect(screen.queryByText(people(SAMPLE_CHANNEL_FIGURES.accumulation.visitor))).not.toBeInTheDocument();
  });

  it('shows a subscriber the own figures with the button of the event status and the revisit table 5 a page', async () => {
    const revisitInfo = Array.from({ length: 7 }, (_, i) => ({ idx: i + 1, name: `이벤트 ${i + 1}`, count: 10 + i, revisitCount: i, startAt: '2026-11-01', endAt: '2026-11-30' }));
    server.use(http.get('/api/statistics/v1/statistics', () => json({
      ...SAMPLE_CHANNEL_FIGURES, accumulation: { visitor: 4321, agreeMarketing: 12, revisit: 3 }, revisitInfo,
      events: [{ idx: 1, name: '이벤트 1', status: 'progress' }], event: { ...SAMPLE_CHANNEL_FIGURES.event, idx: 1, name: '이벤트 1' }, weekday: 1,
    })));
    signIn(brandAccount());
    renderWithAdmin(<ChannelDashboard />);
    expect(await screen.findByText(people(4321))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '방문 유도하기' })).toHaveAttribute('href', expect.stringMatching(/\/b2b\/customer\/marketing$/));
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(REVISIT_ROWS + 1);
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });
});
