import { useState, type ReactNode } from 'react';
import { Admin, CustomRoutes, ResourceContextProvider } from 'react-admin';
import { createBrowserRouter, Route, RouterProvider } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { createQueryClient } from './framework/queryClient';
import { theme } from './custom/theme';
import { asPage, RouteResolver } from './framework/Page';
import { GlobalDialogs, TopCenterNotification } from './framework/GlobalDialogs';
import { AnalyticsTracker } from './framework/analytics';
import { adminPages } from './domain/routes';
import { cleanPath, findRow, type RouteRow } from './domain/routing';
import { ADMIN_PAGES } from './pages';

/** The shell engineer's Layout plus what must exist once per app: dialogs, toast bridge, session watcher. */
function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout>
      {children}
      <GlobalDialogs />
      <AnalyticsTracker />
    </Layout>
  );
}

/** Every page behind the boundary, Suspense and guard of <Page>, wrapped once so each keeps its identity. */
const GUARDED_PAGES = Object.fromEntries(Object.entries(ADMIN_PAGES).map(([key, page]) => [key, asPage(page)]));

/** Starts loading the page of the path the app opens on, beside the identity call (issue 24). */
export function preloadPage(pathname: string): void {
  const page = findRow(adminPages(), cleanPath(pathname))?.page;
  void ADMIN_PAGES[page ?? '']?.preload?.().catch(() => undefined);
}

/** A route of the table with a page: the page in its resource's context (the dataProvider name; the path is the spec's). */
function routeElement({ page, resource }: RouteRow & { page: string }) {
  const Component = GUARDED_PAGES[page];
  if (!Component) throw new Error(`No component for the page ${page} (src/pages.ts)`);
  return resource ? (
    <ResourceContextProvider value={resource}>
      <Component />
    </ResourceContextProvider>
  ) : (
    <Component />
  );
}

export function AdminApp({ queryClient }: { queryClient?: ReturnType<typeof createQueryClient> }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <Admin
      disableTelemetry
      title="파트너 콘솔"
      layout={AppLayout}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={client}
      theme={theme}
      requireAuth
      loginPage={false}
      dashboard={RouteResolver}
      catchAll={RouteResolver}
      notification={TopCenterNotification}
    >
      {/* The route table's pages; every other path resolves to home or not found. */}
      <CustomRoutes>
        {adminPages().filter((row) => row.layout !== 'none').map((row) => (
          <Route key={row.path} path={row.path} element={routeElement(row)} />
        ))}
      </CustomRoutes>
      {/* Pages the table marks layout 'none' fill the window, without header or sidebar, with the app's dialogs. */}
      <CustomRoutes noLayout>
        {adminPages().filter((row) => row.layout === 'none').map((row) => (
          <Route key={row.path} path={row.path} element={<>{routeElement(row)}<GlobalDialogs /></>} />
        ))}
      </CustomRoutes>
    </Admin>
  );
}

/**
 * The admin app, on browser-history routes with the spec's paths. A data router
 * (createBrowserRouter) rather than <BrowserRouter>, because react-admin's
 * warnWhenUnsavedChanges needs one to block navigation.
 */
export function App() {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <AdminApp /> }]));
  return <RouterProvider router={router} />;
}
