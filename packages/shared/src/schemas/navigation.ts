import { z } from 'zod';
import { zId } from '../zod-helpers.js';

/** One item of a saved navigation tree: a node id and the nodes below it, in order. */
export interface NavigationTreeItem {
  id: number;
  children: NavigationTreeItem[];
}

// Recursive, so it carries an id: the OpenAPI document names it as a component (`NavigationTreeItemInput`) and
// refers to it from inside itself (docs/api.md "OpenAPI document").
const zTreeItem: z.ZodType<NavigationTreeItem, unknown> = z
  .lazy(() =>
    z.object({
      id: zId,
      children: z.preprocess((v) => (v == null || v === '' ? [] : v), z.array(zTreeItem).max(10_000)),
    }),
  )
  .meta({ id: 'NavigationTreeItem' });

/**
 * `POST /api/content/navigation/tree/{groupId}` (docs/api.md Navigation): `tree` as JSON (an array, or that array
 * as a JSON string) or as indexed form fields `tree[0][id]=5&tree[0][children][0][id]=9`.
 */
export const navigationTreeSchema = z.object({
  tree: z.preprocess((v) => {
    if (typeof v !== 'string') return v ?? [];
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, z.array(zTreeItem).max(10_000)),
});
export type NavigationTreeInput = z.infer<typeof navigationTreeSchema>;

/** A node of the navigation tree as the admin's drag-and-drop tree shows it (docs/spec-index.md S1.3 Navigation node). */
export interface NavigationNode {
  id: number;
  page_id: number;
  lang: { title: string };
  children: NavigationNode[];
}

/** One group's tree: `GET /api/content/navigation/tree` answers one per navigation group. */
export interface NavigationGroupTree {
  id: number;
  label: string;
  items: NavigationNode[];
}

/** `NavigationNode` as a schema for answers; recursive, so named (`.meta({ id })`) like the tree item above. */
export const navigationNodeSchema: z.ZodType<NavigationNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      page_id: z.number().int(),
      lang: z.object({ title: z.string() }),
      children: z.array(navigationNodeSchema),
    }),
  )
  .meta({ id: 'NavigationNode' });

/** `NavigationGroupTree` as a schema for answers. */
export const navigationGroupTreeSchema = z
  .object({ id: z.number().int(), label: z.string(), items: z.array(navigationNodeSchema) })
  .meta({ id: 'NavigationGroupTree' });
