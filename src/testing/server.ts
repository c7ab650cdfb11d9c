import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { Partnership } from '../domain/identity';
import { saveSession } from '../providers/session';
import { forgetIdentity } from '../authProvider';
import { resetLeaving } from '../framework/browser';

/**
 * The one msw server of the component tests (console, shell and public auth pages), against the
 * REST contract (docs/api-contract.md). Test code only: app code never imports it.
 */
export const API = '/api/v1/admin/partnerships';
/** Analytics and error reports (src/framework/analytics.ts) are answered by default: no page test is about them. */
export const server = setupServer(http.post('/api/v1/analytics/:kind', () => new HttpResponse(null, { status: 202 })));

/** Starts the server for the file; after each test: unmounts, drops handlers, storage, caches and the URL. */
export function setupMsw() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    localStorage.clear();
    sessionStorage.clear();
    forgetIdentity();
    resetLeaving();
    window.history.replaceState(null, '', '/');
  });
  afterAll(() => server.close());
}

/** Puts the browser at `url` without a navigation (what a page reads on mount). */
export function goTo(url: string) {
  window.history.replaceState(null, '', url);
}

/** Signs in (a token stamped now) and answers the identity call with `account`. */
export function signIn(account: Partnership) {
  saveSession('test-token');
  server.use(http.get(API, () => HttpResponse.json({ data: account })));
}

export const json = (data: unknown, init?: ResponseInit) => HttpResponse.json({ data }, init);
export const fail = (status: number, body: Record<string, unknown>) => HttpResponse.json(body, { status });
