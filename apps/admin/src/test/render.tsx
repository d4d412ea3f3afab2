import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import type { ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { theme } from '../app/providers';
import { NotificationBar } from '../kit/notifications';
import { PreloaderOverlay } from '../kit/preloader';

export interface RenderOptions {
  /** The address the screen opens at, with its query string. */
  url?: string;
  /** The route pattern the element is mounted under (its `:id` and the like). */
  path?: string;
}

/**
 * Renders a screen or kit component inside the providers the signed-in admin has: data cache, antd locale and
 * theme, antd's App (modals), the notification bar and the preloader, under a browser router (the list reads
 * the address bar itself). Queries are not retried, so a failed load shows at once. antd writes no styles
 * (`zeroRuntime`): nothing here reads them, and generating them took a third of the suite's time.
 */
export function renderInApp(element: ReactNode, { url = '/', path = '*' }: RenderOptions = {}) {
  window.history.replaceState(null, '', url);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const router = createBrowserRouter([{ path, element }]);
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={enUS} theme={{ ...theme, zeroRuntime: true }}>
        <App component={false}>
          <RouterProvider router={router} />
          <NotificationBar />
          <PreloaderOverlay />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient, router };
}
