import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, dropEarly, requestEarly } from './http';
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

  it('is asked once per URL, its answer reaches a reader with an abort signal, and a cancelled read stops waiting', async () => {
    saveSession('token-a');
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer({ list: [] }));
    const url = requestEarly('/v1/admin/nft', 'main', { page: 1, pageSize: 25 });
    expect(requestEarly('/v1/admin/nft', 'main', { page: 1, pageSize: 25 })).toBe(url);
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(apiRequest('/v1/admin/nft', { query: { page: 1, pageSize: 25 }, signal: new AbortController().signal })).resolves.toEqual({ list: [] });
    expect(fetch).toHaveBeenCalledTimes(1);

    requestEarly('/v1/admin/nft', 'main', { page: 2 });
    const cancel = new AbortController();
    cancel.abort();
    await expect(apiRequest('/v1/admin/nft', { query: { page: 2 }, signal: cancel.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('forgets an answer nobody took, so a later read asks afresh', async () => {
    saveSession('token-a');
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer({ idx: 7 }));
    dropEarly(requestEarly(IDENTITY_PATH)!);
    await apiRequest(IDENTITY_PATH);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
