import type { NavigationGroupTree, NavigationTreeItem } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from './client';

export const NAVIGATION_TREE_KEY = ['navigation', 'tree'] as const;

/** GET /api/content/navigation/tree → every navigation group with its tree, titles in the UI language. */
export function useNavigationTree() {
  return useQuery({
    queryKey: NAVIGATION_TREE_KEY,
    queryFn: async ({ signal }) =>
      (await request<{ data: NavigationGroupTree[] }>('GET', '/api/content/navigation/tree', { signal })).data,
  });
}

/** POST /api/content/navigation/tree/{groupId}: saves one group's order and nesting; answers every tree again. */
export function saveNavigationTree(groupId: number, tree: NavigationTreeItem[]) {
  return request<{ message: string; data: NavigationGroupTree[] }>('POST', `/api/content/navigation/tree/${groupId}`, {
    body: { tree },
  });
}
