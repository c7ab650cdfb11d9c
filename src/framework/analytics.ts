import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { apiRequest } from '../providers/http';
import { getToken } from '../providers/session';
import type { AnalyticsEventKind } from '../domain/analytics';

/**
 * The console's side of analytics and error reports (issue 27 item 6, spec 1 sections 7 to 9): page
 * views, clicks and the identification go to POST /v1/analytics/events, render and lazy-load failures
 * (every one: sample rate 1) to POST /v1/analytics/errors. The server adds the user properties from
 * the session. Only paths are sent (never a query string, which may hold a search term), and a click
 * only names a link's path or an element's `data-track`. Failures are only logged (spec 1 section 7),
 * but the start (the identification) failing shows an alert (spec 1 section 8).
 */
let afterFirstLoad: Promise<void> | null = null;

/**
 * Resolves once the page has loaded (its scripts and the first data) and the browser is idle: the
 * start's identification and page view no longer take 2 of the browser's 6 connections while a cold
 * first load still fetches its chunks and the identity (issue 24). Events keep their order.
 */
function whenLoaded(): Promise<void> {
  return (afterFirstLoad ??= new Promise<void>((resolve) => {
    if (typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function') return resolve();
    const idle = () => window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  }));
}

function send(path: string, body: unknown): Promise<boolean> {
  const failed = (err: unknown) => {
    console.warn('analytics not sent', (err as Error).message);
    return false;
  };
  try {
    // Signed in when the event happens (not when it is sent).
    if (!getToken()) return Promise.resolve(true);
  } catch (err) {
    // Reporting never breaks what it reports on.
    return Promise.resolve(failed(err));
  }
  return whenLoaded().then(() => {
    try {
      return apiRequest(path, { method: 'POST', body }).then(() => true, failed);
    } catch (err) {
      return failed(err);
    }
  });
}

export function track(kind: AnalyticsEventKind, path: string, target?: string): Promise<boolean> {
  return send('/v1/analytics/events', { events: [{ kind, path: path.split('?')[0] || '/', ...(target ? { target: target.slice(0, 100) } : {}) }] });
}

export function reportError(kind: 'render' | 'lazyLoad', error: unknown): void {
  const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500) || kind;
  void send('/v1/analytics/errors', { kind, message, path: typeof window === 'undefined' ? '/' : window.location.pathname });
}

/** What a click names: a same-origin link's path, else the nearest `data-track`; nothing else. */
export function clickTarget(el: Element | null): string | null {
  const tracked = el?.closest('[data-track]');
  if (tracked) return tracked.getAttribute('data-track');
  const link = el?.closest('a[href]') as HTMLAnchorElement | null;
  if (link && link.origin === window.location.origin) return link.pathname;
  return null;
}

/** Mounted once in the admin app: identifies on start, a page view per path, clicks on links and tracked elements. */
export function AnalyticsTracker() {
  const { pathname } = useLocation();
  const notify = useNotify();
  useEffect(() => {
    void track('identify', window.location.pathname).then((started) => {
      if (!started) notify('app.analytics.startFailed', { type: 'warning' });
    });
    const onClick = (e: MouseEvent) => {
      const target = clickTarget(e.target as Element | null);
      if (target) track('click', window.location.pathname, target);
    };
    document.addEventListener('click', onClick, { capture: true });
    return () => document.removeEventListener('click', onClick, { capture: true });
  }, [notify]);
  useEffect(() => void track('pageview', pathname), [pathname]);
  return null;
}
