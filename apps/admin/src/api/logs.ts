import type { LogItem } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from './client';

/** The latest actions of a user for the user menu; a failure is only a console warning (docs/spec-index.md S2.8). */
export function useUserLogs(userId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['logs', userId],
    queryFn: async ({ signal }) => {
      try {
        return (await request<{ data: LogItem[] }>('GET', `/api/user/logs/${userId}`, { signal })).data;
      } catch (error) {
        console.warn('Loading the recent actions failed', error);
        throw error;
      }
    },
    enabled: enabled && userId !== undefined,
    staleTime: 0,
    retry: false,
    meta: { silent: true },
  });
}
