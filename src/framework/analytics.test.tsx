import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, setupMsw } from '../testing/server';
import { saveSession } from '../providers/session';
import { renderWithAdmin } from '../testing/render';
import { AnalyticsTracker, clickTarget, reportError, track } from './analytics';

setupMsw();

describe('analytics from the console', () => {
  it('sends a page view by its path only (no query) and an error report, when signed in', async () => {
    const bodies: unknown[] = [];
    server.use(http.post('/api/v1/analytics/:kind', async ({ request }) => {
      bodies.push(await request.json());
      return new HttpResponse(null, { status: 202 });
    }));
    track('pageview', '/b2b/customer?searchKeyword=홍길동');
    saveSession('test-token');
    track('pageview', '/b2b/customer?searchKeyword=홍길동');
    reportError('render', new TypeError('x is undefined'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toContainEqual({ events: [{ kind: 'pageview', path: '/b2b/customer' }] });
    expect(bodies).toContainEqual({ kind: 'render', message: 'TypeError: x is undefined', path: '/' });
  });

  it('names a click by a same-origin link\'s path or data-track only', () => {
    document.body.innerHTML = '<a href="/b2b/home?x=1"><span id="a">홈</span></a><button data-track="issue"><b id="b">발급</b></button><button id="c">홍길동</button><a href="https://example.com/x"><i id="d">x</i></a>';
    expect(clickTarget(document.getElementById('a'))).toBe('/b2b/home');
    expect(clickTarget(document.getElementById('b'))).toBe('issue');
    expect(clickTarget(document.getElementById('c'))).toBeNull();
    expect(clickTarget(document.getElementById('d'))).toBeNull();
  });

  it('shows an alert when analytics cannot start (the identification fails)', async () => {
    saveSession('test-token');
    const kinds: string[] = [];
    server.use(http.post('/api/v1/analytics/events', async ({ request }) => {
      const kind = ((await request.json()) as { events: { kind: string }[] }).events[0].kind;
      kinds.push(kind);
      return kind === 'identify' ? HttpResponse.json({ code: 'INTERNAL' }, { status: 500 }) : new HttpResponse(null, { status: 202 });
    }));
    renderWithAdmin(<AnalyticsTracker />);
    expect(await screen.findByText('사용 분석을 시작하지 못했어요. 콘솔은 그대로 이용하실 수 있어요')).toBeInTheDocument();
    expect(kinds).toEqual(expect.arrayContaining(['identify', 'pageview']));
  });
});
