import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { browser } from './browser';
import { reportError } from './analytics';

/** sessionStorage key remembering that a failed chunk load already reloaded the page once. */
export const RELOAD_GUARD_KEY = 'lazyWithRetry:reloaded';
export const RETRIES = 3;

export interface RetryOptions {
  retries?: number;
  /** Wait before retry n (1-based); short backoff by default. */
  delayMs?: (attempt: number) => number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads a module, retrying a failed import `retries` times (spec 1 section 2.2). When every
 * attempt fails the page is reloaded once, because a failed chunk usually means a new deploy
 * replaced the files; a sessionStorage guard stops a reload loop, so the second time the error
 * reaches the error boundary instead.
 */
export async function importWithRetry<T>(factory: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const retries = opts.retries ?? RETRIES;
  const delayMs = opts.delayMs ?? ((attempt: number) => 300 * attempt);
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(delayMs(attempt));
    try {
      const mod = await factory();
      sessionStorage.removeItem(RELOAD_GUARD_KEY);
      return mod;
    } catch (err) {
      lastError = err;
    }
  }
  if (!sessionStorage.getItem(RELOAD_GUARD_KEY)) {
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
    browser.reload();
    // Keep Suspense showing its fallback while the page reloads.
    return new Promise<T>(() => undefined);
  }
  sessionStorage.removeItem(RELOAD_GUARD_KEY);
  reportError('lazyLoad', lastError);
  throw lastError;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithRetry<C extends ComponentType<any>>(
  factory: () => Promise<{ default: C }>,
  opts?: RetryOptions,
): LazyExoticComponent<C> {
  return lazy(() => importWithRetry(factory, opts));
}

/** For modules with named exports: `lazyPage(() => import('./Home'), 'HomePage')`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<M extends Record<string, any>, K extends keyof M>(
  factory: () => Promise<M>,
  name: K,
  opts?: RetryOptions,
): LazyExoticComponent<M[K]> {
  return lazy(() => importWithRetry(factory, opts).then((m) => ({ default: m[name] })));
}
