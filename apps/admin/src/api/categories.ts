import type { CategoryInput, CategoryRecord, CategoryRow, LabelOption } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from './client';
import { createResourceApi } from './resource';

/** Categories, /api/content/category/ (spec 1 §7). */
export const categoryApi = createResourceApi<CategoryRow, CategoryRecord, CategoryInput>(
  'categories',
  '/api/content/category/',
);

/** The remote title_url check of categories (a GET with value, language_code and id). */
export const CATEGORY_TITLE_URL_CHECK = `${categoryApi.base}validate/title_url`;

/**
 * GET /api/content/category/parents/{moduleId}/{id|0} → the parents a category may hang under: the
 * categories of that module except itself and those below it. Nothing is asked without a module.
 */
export function useCategoryParents(moduleId: number | null | undefined, id: number | null) {
  return useQuery({
    queryKey: [categoryApi.key, 'parents', moduleId ?? null, id ?? 0],
    queryFn: async ({ signal }) =>
      (
        await request<{ data: LabelOption[] }>('GET', `${categoryApi.base}parents/${moduleId}/${id ?? 0}`, {
          signal,
        })
      ).data,
    enabled: typeof moduleId === 'number' && moduleId > 0,
    staleTime: 0,
  });
}
