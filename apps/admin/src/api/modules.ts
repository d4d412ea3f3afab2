import type { LangOption } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from './client';

/** GET /api/module → the modules with their title in the request language (spec 1 §7 Options). */
export function useModules() {
  return useQuery({
    queryKey: ['modules', 'options'],
    queryFn: async ({ signal }) => (await request<{ data: LangOption[] }>('GET', '/api/module', { signal })).data,
    staleTime: 5 * 60_000,
  });
}
