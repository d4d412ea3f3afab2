import { SEARCH, type SearchHit } from '@backoffice/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from './client';

/**
 * The search everything (docs/features/search.md): `GET /api/search` for a trimmed query, none for an empty one.
 * The previous hits stay while the next ones load, so the list does not flicker as one types.
 */
export function useSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['search', query],
    queryFn: async ({ signal }) =>
      (
        await request<{ data: SearchHit[] }>('GET', '/api/search', {
          query: { q: query, limit: SEARCH.limitDefault },
          signal,
        })
      ).data,
    enabled: query.length > 0 && query.length <= SEARCH.queryMax,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
    // The palette shows its own failure; no notification over it.
    meta: { silent: true },
  });
}
