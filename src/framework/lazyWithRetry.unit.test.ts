import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from './browser';
import { createElement, Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { importWithRetry, lazyPage, lazyWithRetry, RELOAD_GUARD_KEY } from './lazyWithRetry';

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) { return this.m.get(k) ?? null; }
  setItem(k: string, v: string) { this.m.set(k, v); }
  removeItem(k: string) { this.m.delete(k); }
  clear() { this.m.clear(); }
}

describe('importWithRetry', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  const noDelay = { delayMs: () => 0 };

  it('returns the module when a retry succeeds', async () => {
    const factory = vi.fn().mockRejectedValueOnce(new Error('chunk')).mockRejectedValueOnce(new Error('chunk')).mockResolvedValue({ default: 'ok' });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    await expect(importWithRetry(factory, noDelay)).resolves.toEqual({ default: 'ok' });
    expect(factory).toHaveBeenCalledTimes(3);
    expect(reload).not.toHaveBeenCalled();
  });

  it('tries once and retries 3 times, then reloads the page once', async () => {
    const factory = vi.fn().mockRejectedValue(new Error('chunk'));
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const pending = importWithRetry(factory, noDelay);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(factory).toHaveBeenCalledTimes(4);
    expect(sessionStorage.getItem(RELOAD_GUARD_KEY)).not.toBeNull();
    // The promise stays pending while the page reloads.
    const settled = await Promise.race([pending.then(() => 'settled', () => 'settled'), new Promise((r) => setTimeout(() => r('pending'), 20))]);
    expect(settled).toBe('pending');
  });

  it('does not reload twice in a row: after the reload it throws to the error boundary', async () => {
    sessionStorage.setItem(RELOAD_GUARD_KEY, '1');
    const factory = vi.fn().mockRejectedValue(new Error('chunk'));
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    await expect(importWithRetry(factory, noDelay)).rejects.toThrow('chunk');
    expect(reload).not.toHaveBeenCalled();
    expect(factory).toHaveBeenCalledTimes(4);
    expect(sessionStorage.getItem(RELOAD_GUARD_KEY)).toBeNull();
  });

  it('clears the guard after a successful load', async () => {
    sessionStorage.setItem(RELOAD_GUARD_KEY, '1');
    await importWithRetry(() => Promise.resolve({ default: 1 }), noDelay);
    expect(sessionStorage.getItem(RELOAD_GUARD_KEY)).toBeNull();
  });
});

describe('lazyWithRetry', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const Hello = () => createElement('p', null, 'hello');
  const inSuspense = (C: ComponentType) => renderToString(createElement(Suspense, { fallback: 'waiting' }, createElement(C)));

  it('suspends until its module is in, and renders it without suspending once preloaded (no reveal throttle, issue 24)', async () => {
    const factory = vi.fn().mockResolvedValue({ default: Hello });
    const Page = lazyWithRetry(factory);
    expect(Page.loaded()).toBe(false);
    expect(inSuspense(Page)).toContain('waiting');
    await Page.preload();
    expect(Page.loaded()).toBe(true);
    expect(inSuspense(Page)).toContain('hello');
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('a failed preload is tried again by the next one', async () => {
    // The page already reloaded once, so the failure is thrown rather than reloading again.
    sessionStorage.setItem(RELOAD_GUARD_KEY, '1');
    const factory = vi.fn().mockRejectedValueOnce(new Error('chunk')).mockResolvedValue({ HomePage: Hello });
    const Page = lazyPage(factory, 'HomePage', { retries: 0 });
    await expect(Page.preload()).rejects.toThrow('chunk');
    expect(Page.loaded()).toBe(false);
    await Page.preload();
    expect(inSuspense(Page)).toContain('hello');
  });
});
