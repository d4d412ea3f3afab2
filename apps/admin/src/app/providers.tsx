import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../api/client';

const isClientError = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** Data cache of the admin; a failed load goes to the shared error handler: a danger notification. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.silent) return;
      if (error instanceof ApiError && error.status === 401) return;
      // The notifications come with antd, which the sign-in screens do not load until something fails.
      void import('../kit/notifications').then(({ notify }) => notify('danger', errorMessage(error)));
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
 * The admin's colours, chosen once for WCAG 2.2 AA (text at least 4.5:1 against its background): antd's default
 * blue #1677ff under white text, its 45 % grey (breadcrumbs, secondary text, statistic titles, placeholders'
 * neighbours) and the text of its coloured tags fall short of that.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorInfo: '#0958d9',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    // Coloured tags write in shade 7 of their palette on shade 1 (both spellings name the same CSS variable).
    green7: '#237804',
    'green-7': '#237804',
    blue7: '#003eb3',
    'blue-7': '#003eb3',
    red7: '#a8071a',
    'red-7': '#a8071a',
    orange7: '#ad4e00',
    'orange-7': '#ad4e00',
    gold7: '#876800',
    'gold-7': '#876800',
    colorSuccess: '#237804',
    // Danger buttons and error messages (antd's #ff4d4f is 3.2:1).
    colorError: '#cf1322',
    colorWarningText: '#ad4e00',
  },
  components: {
    // An empty table says so in the disabled grey (25 %, 1.9:1): darker in tables only, disabled controls keep it.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.56)' },
  },
};

/**
 * The data cache around the whole admin. antd (its locale, theme and notifications) comes with the first screen
 * outside the sign-in screens, in `AntdShell`, so the login route loads none of it.
 */
export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
