import type { PageInput, PageRecord, PageRow } from '@backoffice/shared';
import { useLabelOptions } from './options';
import { createResourceApi } from './resource';

/** Pages, /api/content/page/ (docs/spec-index.md S1.7). */
export const pageApi = createResourceApi<PageRow, PageRecord, PageInput>('pages', '/api/content/page/');

/** The remote checks of the page form (POST with a JSON body). */
export const PAGE_TITLE_URL_CHECK = `${pageApi.base}validate/title_url`;
export const PAGE_MODULE_CHECK = `${pageApi.base}validate/module_id`;

/** GET /api/content/navigation/groups → the navigation groups (id, label). */
export const useNavigationGroups = () => useLabelOptions('/api/content/navigation/groups', 5 * 60_000);

/**
 * GET /api/content/navigation/{groupId}/{pageId|0} → the nodes a page may hang under in a group, without the
 * page's own node and those below it. Nothing is asked without a group.
 */
export const useNavigationParents = (groupId: number | null, pageId: number | null) =>
  useLabelOptions(groupId ? `/api/content/navigation/${groupId}/${pageId ?? 0}` : null);
