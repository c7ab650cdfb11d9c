import { useState, type ReactNode } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { createBrowserRouter, Route, RouterProvider } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { createQueryClient } from './custom/queryClient';
import { theme } from './custom/theme';
import { lazyWithRetry } from './custom/lazyWithRetry';
import { Page, RouteResolver } from './custom/Page';
import { GlobalDialogs, TopCenterNotification } from './custom/GlobalDialogs';
import { ErrorFallback } from './custom/PageErrorBoundary';
import { products } from './resources/product';
import { guarantees } from './resources/guarantee';
import { stores } from './resources/store';
import { customers } from './resources/customer';

// Every page is its own chunk, loaded on demand with retries (spec 1 section 2.2).
const HomePage = lazyWithRetry(() => import('./custom/home/HomePage'));
const ProductDashboard = lazyWithRetry(() => import('./dashboards/ProductDashboard'));
const CustomerDashboard = lazyWithRetry(() => import('./dashboards/CustomerDashboard'));
const ChannelDashboard = lazyWithRetry(() => import('./dashboards/ChannelDashboard'));
const ProfilePage = lazyWithRetry(() => import('./custom/settings/ProfilePage'));
const BrandSettingsPage = lazyWithRetry(() => import('./custom/settings/BrandSettingsPage'));
const SignoutPage = lazyWithRetry(() => import('./custom/settings/SignoutPage'));
const SubscribePage = lazyWithRetry(() => import('./custom/payment/SubscribePage'));
const LogoutPage = lazyWithRetry(() => import('./custom/LogoutPage'));

/** The shell engineer's Layout plus what must exist once per app: dialogs, toast bridge, session watcher. */
function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout error={ErrorFallback}>
      {children}
      <GlobalDialogs />
    </Layout>
  );
}

/** The pages with a screen of their own; every other menu route is "coming soon" (RouteResolver). */
export const PAGES: { path: string; element: ReactNode }[] = [
  { path: '/b2b/home', element: <HomePage /> },
  { path: '/b2b/dashboard', element: <ProductDashboard /> },
  { path: '/b2b/dashboard/customer', element: <CustomerDashboard /> },
  { path: '/b2b/dashboard/channel', element: <ChannelDashboard /> },
  { path: '/setting/profile', element: <ProfilePage /> },
  { path: '/auth/profile', element: <ProfilePage /> },
  { path: '/setting/brand', element: <BrandSettingsPage /> },
  { path: '/setting/signout', element: <SignoutPage /> },
  { path: '/b2b/payment/subscribe', element: <SubscribePage /> },
  { path: '/auth/logout', element: <LogoutPage /> },
];

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
      <CustomRoutes>
        {PAGES.map(({ path, element }) => (
          <Route key={path} path={path} element={<Page>{element}</Page>} />
        ))}
      </CustomRoutes>
      <Resource {...products} />
      <Resource {...guarantees} />
      <Resource {...stores} />
      <Resource {...customers} />
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
