import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';
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

/**
 * A lazy component that can be loaded before it renders (`preload`), as the app does for the page of
 * the path it opens on. Mounted once its module is in, it renders the module's component itself:
 * React.lazy would suspend once anyway, and React holds a revealed Suspense boundary back for up to
 * 300 ms after its fallback showed (FALLBACK_THROTTLE_MS), which a first load cannot afford (issue 24).
 */
/** Any component, its props left to the caller, as React's own lazy() types it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export type Preloadable<C extends AnyComponent> = C & { preload: () => Promise<unknown>; loaded: () => boolean };

function preloadable<C extends AnyComponent>(load: () => Promise<C>, opts?: RetryOptions): Preloadable<C> {
  let component: C | undefined;
  let pending: Promise<C> | undefined;
  const preload = () =>
    (pending ??= importWithRetry(load, opts).then(
      (c) => (component = c),
      (err: unknown) => {
        pending = undefined; // a later render tries again
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then((c) => ({ default: c })));
  // One type per mount: switching from Lazy to the component on a later render would remount the page.
  const Loaded = (props: ComponentProps<C>) => createElement(useState(() => component ?? Lazy)[0], props);
  return Object.assign(Loaded as unknown as C, { preload, loaded: () => component !== undefined });
}

export function lazyWithRetry<C extends AnyComponent>(factory: () => Promise<{ default: C }>, opts?: RetryOptions): Preloadable<C> {
  return preloadable(() => factory().then((m) => m.default), opts);
}

/** For modules with named exports: `lazyPage(() => import('./Home'), 'HomePage')`. */
export function lazyPage<K extends string, M extends Record<K, AnyComponent>>(factory: () => Promise<M>, name: K, opts?: RetryOptions): Preloadable<M[K]> {
  return preloadable(() => factory().then((m) => m[name]), opts);
}
