import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, type Store } from 'react-admin';
import { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { authProvider } from '../authProvider';
import { dataProvider } from '../dataProvider';
import { i18nProvider } from '../i18n/i18nProvider';
import { GlobalDialogs, TopCenterNotification } from '../framework/GlobalDialogs';
import { createQueryCache } from '../framework/queryClient';
import { UnsavedChangesProvider } from '../framework/unsavedChanges';
import { goTo } from './server';

/** A fresh query client like the app's (its query cache presents failed reads), without the 3-minute polling that would keep tests alive. */
export function testQueryClient() {
  return new QueryClient({ queryCache: createQueryCache(), defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 }, mutations: { retry: false } } });
}

/** Renders a page inside react-admin's context (a data router, Korean, our providers) plus the global dialogs. */
export function renderWithAdmin(ui: ReactNode) {
  const user = userEvent.setup();
  const result = render(
    <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={testQueryClient()} store={memoryStore()}>
      {ui}
      <GlobalDialogs />
      <TopCenterNotification />
    </AdminContext>,
  );
  return { user, ...result };
}

/**
 * Renders `content` (usually <Routes>) at `url` under a browser-history data router, inside
 * react-admin's context with the global dialogs and the unsaved-changes guard, as the app does.
 * `store`: react-admin's store as a previous visit left it (the app's persists in localStorage).
 */
export function renderAppAt(url: string, content: ReactNode, opts: { store?: Store } = {}) {
  goTo(url);
  const user = userEvent.setup();
  const router = createBrowserRouter([
    {
      path: '*',
      element: (
        <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={testQueryClient()} store={opts.store ?? memoryStore()}>
          <GlobalDialogs />
          <TopCenterNotification />
          <UnsavedChangesProvider>{content}</UnsavedChangesProvider>
        </AdminContext>
      ),
    },
  ]);
  const result = render(<RouterProvider router={router} />);
  return { user, router, ...result };
}
