import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';

/** The msw server of the auth component tests; each test installs its handlers with server.use. */
export const API = '/api/v1/admin/partnerships';
export const server = setupServer();

export function setupMswServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });
  afterAll(() => server.close());
}

export function goTo(url: string) {
  window.history.replaceState(null, '', url);
}
