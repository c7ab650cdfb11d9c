import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { clock } from '../providers/session';
import { homePathFor, routeAccess } from '../domain/menu';
import { usePartnership } from '../authProvider/usePartnership';
import { PageErrorBoundary } from './PageErrorBoundary';
import { NotFound, PageLoading } from './PageStates';
import { UnsavedChangesProvider } from './unsavedChanges';
import { emitAppEvent } from './events';
import { ConsignmentGate } from './consignmentNotice';

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

/** Waits for the identity, then applies the route rule: forbidden paths go home (spec 1 section 6). */
function RouteGuard({ children, unknown }: { children: ReactNode; unknown?: ReactNode }) {
  const { pathname } = useLocation();
  const { partnership, error } = usePartnership();
  if (error instanceof Error) throw error;
  if (!partnership) return <PageLoading />;
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
export function Page({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<PageLoading />}>
        <RouteGuard>
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
export function asPage<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  const Wrapped = (props: P) => (
    <Page>
      <Component {...props} />
    </Page>
  );
  Wrapped.displayName = `Page(${Component.displayName ?? Component.name ?? 'Component'})`;
  return Wrapped;
}
