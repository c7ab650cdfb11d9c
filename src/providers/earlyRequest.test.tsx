import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, requestEarly } from './http';
import { clearSession, IDENTITY_PATH, saveSession } from './session';

const answer = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });

describe('requestEarly (issue 24: the identity asked for while the app loads)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearSession();
  });

  it('answers the first apiRequest of the same URL from the request already started, then asks again', async () => {
    saveSession('token-a');
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer({ idx: 7 }));
    requestEarly(IDENTITY_PATH);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(new Headers(fetch.mock.calls[0][1]?.headers).get('authorization')).toBe('Bearer token-a');
    await expect(apiRequest(IDENTITY_PATH)).resolves.toEqual({ idx: 7 });
    expect(fetch).toHaveBeenCalledTimes(1);
    await apiRequest(IDENTITY_PATH);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("never hands one session's answer to another", async () => {
    saveSession('token-a');
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer({ idx: 7 }));
    requestEarly(IDENTITY_PATH);
    saveSession('token-b');
    await apiRequest(IDENTITY_PATH);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(new Headers(fetch.mock.calls[1][1]?.headers).get('authorization')).toBe('Bearer token-b');
  });

  it('starts nothing without a session', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    requestEarly(IDENTITY_PATH);
    expect(fetch).not.toHaveBeenCalled();
  });
});
