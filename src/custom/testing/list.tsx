import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { authProvider } from '../../authProvider';
import { dataProvider } from '../../dataProvider';
import { i18nProvider } from '../../i18n/i18nProvider';
import { GlobalDialogs, TopCenterNotification } from '../GlobalDialogs';
import { goTo } from './server';
import { testQueryClient } from './render';

/**
 * Test code only. Like renderWithAdmin, but inside a browser-history data router at `url`, because
 * the list state lives in the query string (AdminContext alone would create a hash router).
 */
export function renderListPage(ui: ReactNode, url: string) {
  goTo(url);
  const user = userEvent.setup();
  const router = createBrowserRouter([
    {
      path: '*',
      element: (
        <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={testQueryClient()} store={memoryStore()}>
          {ui}
          <GlobalDialogs />
          <TopCenterNotification />
        </AdminContext>
      ),
    },
  ]);
  const result = render(<RouterProvider router={router} />);
  return { user, router, ...result };
}
