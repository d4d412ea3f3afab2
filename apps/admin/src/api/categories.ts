import type { CategoryInput, CategoryRecord, CategoryRow } from '@backoffice/shared';
import { useLabelOptions } from './options';
import { createResourceApi } from './resource';

/** Categories, /api/content/category/ (docs/spec-index.md S1.7). */
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
export const useCategoryParents = (moduleId: number | null, id: number | null) =>
  useLabelOptions(moduleId ? `${categoryApi.base}parents/${moduleId}/${id ?? 0}` : null);

/** GET /api/content/category/list/{moduleId} → the categories of a module (the page form's category). */
export const useModuleCategories = (moduleId: number | null) =>
  useLabelOptions(moduleId ? `${categoryApi.base}list/${moduleId}` : null);
