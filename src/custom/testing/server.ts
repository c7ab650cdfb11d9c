import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { Partnership } from '../../domain/identity';
import { saveSession } from '../../providers/session';
import { forgetIdentity } from '../../authProvider';
import { resetLeaving } from '../browser';

/** The msw server of the console's component tests, against the REST contract (docs/api-contract.md). */
export const API = '/api/v1/admin/partnerships';
export const server = setupServer();

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

/** Signs in (a token stamped now) and answers the identity call with `account`. */
export function signIn(account: Partnership) {
  saveSession('test-token');
  server.use(http.get(API, () => HttpResponse.json({ data: account })));
}

export const json = (data: unknown, init?: ResponseInit) => HttpResponse.json({ data }, init);
export const fail = (status: number, body: Record<string, unknown>) => HttpResponse.json(body, { status });
