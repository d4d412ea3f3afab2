import type { Option, TextInput, TextRecord, TextRow } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import type { Query } from './client';
import { request } from './client';
import { createResourceApi, useResourceList, useResourceRecord } from './resource';

/** Texts, /api/content/text/ (spec 1 §7). */
export const textApi = createResourceApi<TextRow, TextRecord, TextInput>('texts', '/api/content/text/');

export const useTexts = (params: Query) => useResourceList(textApi, params);
export const useText = (id: number | null) => useResourceRecord(textApi, id);

/** GET /api/content/text/positions → options for the position filter and the form. */
export function useTextPositions() {
  return useQuery({
    queryKey: [textApi.key, 'positions'],
    queryFn: async ({ signal }) =>
      (await request<{ data: Option[] }>('GET', `${textApi.base}positions`, { signal })).data,
    staleTime: 5 * 60_000,
  });
}
