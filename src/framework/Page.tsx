import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { clock } from '../providers/session';
import { homePathFor, routeAccess } from '../domain/menu';
import { usePartnership } from '../authProvider/usePartnership';
import { PageErrorBoundary } from './PageErrorBoundary';
import { NotFound, PageLoading } from './PageStates';
import { UnsavedChangesProvider } from './unsavedChanges';
import { emitAppEvent } from './events';
import { ConsignmentGate } from './consignmentNotice';
import type { PageComponent } from './resource/resourceRoute';

/** Home, with the blocked-feature toast: the plan refuses the page (spec 1 section 6). */
function BlockedFeature({ home }: { home: string }) {
  useEffect(() => emitAppEvent({ type: 'accessDenied', view: 'toast' }), []);
  return <Navigate to={home} replace />;
}

/** Home, with the toast that says the page is the main account's (a sub-account's bookmark). */
function MainAccountsPage({ home }: { home: string }) {
  useEffect(() => emitAppEvent({ type: 'refused', code: 'SUB_ACCOUNT_FORBIDDEN' }), []);
  return <Navigate to={home} replace />;
}

/**
 * Whether a lazy page's module is in, loading it meanwhile: the page then mounts without suspending,
 * so React's Suspense reveal throttle (up to 300 ms) never holds it back (src/framework/lazyWithRetry.ts).
 * A failed load is left to the lazy page to throw inside the page's error boundary.
 */
function usePageLoaded(page?: PageComponent): boolean {
  const [loaded, setLoaded] = useState(() => !page?.preload || Boolean(page.loaded?.()));
  useEffect(() => {
    if (loaded || !page?.preload) return;
    let live = true;
    const done = () => live && setLoaded(true);
    page.preload().then(done, done);
    return () => {
      live = false;
    };
  }, [loaded, page]);
  return loaded;
}

/** Waits for the identity and the page's module, then applies the route rule: forbidden paths go home (spec 1 section 6). */
function RouteGuard({ children, unknown, page }: { children: ReactNode; unknown?: ReactNode; page?: PageComponent }) {
  const { pathname } = useLocation();
  const { partnership, error } = usePartnership();
  const pageLoaded = usePageLoaded(page);
  if (error instanceof Error) throw error;
  if (!partnership || !pageLoaded) return <PageLoading />;
  const access = routeAccess(partnership, pathname, new Date(clock.now()));
  const home = homePathFor(partnership);
  if (access === 'home') return <Navigate to={home} replace />;
  if (access === 'blocked') return <BlockedFeature home={home} />;
  if (access === 'mainOnly') return <MainAccountsPage home={home} />;
  if (access === 'unknown' && unknown !== undefined) return <>{unknown}</>;
  return (
    <ConsignmentGate flagged={Boolean(partnership.consignmentNotice)} pathname={pathname}>
      {children}
    </ConsignmentGate>
  );
}

/**
 * Every page: an error boundary (reset when the path changes), Suspense for the lazy chunk, and
 * the route guard.
 */
export function Page({ children, page }: { children: ReactNode; page?: PageComponent }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<PageLoading />}>
        <RouteGuard page={page}>
          <UnsavedChangesProvider>{children}</UnsavedChangesProvider>
        </RouteGuard>
      </Suspense>
    </PageErrorBoundary>
  );
}

/** Home path of the signed-in account, for the not-found button. */
function NotFoundForAccount() {
  const { partnership } = usePartnership();
  return <NotFound homePath={partnership ? homePathFor(partnership) : '/'} />;
}

/**
 * Everything without a page of its own (react-admin's catchAll and the root): `/` and forbidden
 * paths go home, anything else is not found (every menu route has its page).
 */
export function RouteResolver() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary key={pathname}>
      <RouteGuard>
        <NotFoundForAccount />
      </RouteGuard>
    </PageErrorBoundary>
  );
}

/** A page of the route table (src/App.tsx) behind <Page>: the error boundary, Suspense and route guard. */
export function asPage(Component: PageComponent): ComponentType {
  const Wrapped = () => (
    <Page page={Component}>
      <Component />
    </Page>
  );
  Wrapped.displayName = `Page(${Component.displayName ?? Component.name ?? 'Component'})`;
  return Wrapped;
}
