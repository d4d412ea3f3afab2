import type { Locale } from '@backoffice/shared';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import skSK from 'antd/locale/sk_SK';
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../api/client';
import { NotificationBar, notify } from '../kit/notifications';

const isClientError = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** Data cache of the admin; a failed load goes to the shared error handler: a danger notification. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.silent) return;
      if (error instanceof ApiError && error.status === 401) return;
      notify('danger', errorMessage(error));
    },
  }),
  defaultOptions: {
    queries: {
      retry: (failures, error) => !isClientError(error) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * Data, antd locale and notifications around the whole admin. antd's `App` (modal hooks), the preloader
 * and dayjs belong to the signed-in shell only, so the login route does not load them.
 */
export function Providers({ language, children }: { language: Locale; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={language === 'sk' ? skSK : enUS}>
        {children}
        <NotificationBar />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
