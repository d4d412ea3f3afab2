import {
  ERR,
  type LabelOption,
  type Locale,
  type NavigationGroupTree,
  type NavigationNode,
  type NavigationTreeItem,
} from '@backoffice/shared';
import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { navigationGroups, navigationNodes, pageLangs, pages } from '../../db/schema.js';
import { invalid } from '../../http/errors.js';
import type { Tx } from '../../resources/langs.js';

type Conn = Db | Tx;

/** The navigation groups as options (docs/spec-index.md S1.7 Options: GET /api/content/navigation/groups). */
export function groupOptions(db: Conn): Promise<LabelOption[]> {
  return db
    .select({ id: navigationGroups.id, label: navigationGroups.label })
    .from(navigationGroups)
    .orderBy(asc(navigationGroups.id));
}

/** The nodes of live pages, in sibling order, with the page title in `lang`; one group or all of them. */
async function liveNodes(db: Conn, lang: Locale, groupId?: number) {
  return db
    .select({
      id: navigationNodes.id,
      group_id: navigationNodes.group_id,
      page_id: navigationNodes.page_id,
      parent_id: navigationNodes.parent_id,
      position: navigationNodes.position,
      title: sql<string>`coalesce(${pageLangs.title}, '')`,
    })
    .from(navigationNodes)
    .innerJoin(pages, eq(pages.id, navigationNodes.page_id))
    .leftJoin(pageLangs, and(eq(pageLangs.page_id, pages.id), eq(pageLangs.language_code, lang)))
    .where(and(isNull(pages.deleted_at), groupId === undefined ? undefined : eq(navigationNodes.group_id, groupId)))
    .orderBy(asc(navigationNodes.position), asc(navigationNodes.id));
}
type NodeRow = Awaited<ReturnType<typeof liveNodes>>[number];

/** Nests the rows of one group; a node whose parent is not among them (a removed page) stands at the top. */
function nest(rows: NodeRow[]): NavigationNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<number | null, NodeRow[]>();
  for (const row of rows) {
    const parent = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const seen = new Set<number>();
  const build = (parent: number | null): NavigationNode[] =>
    (childrenOf.get(parent) ?? [])
      .filter((row) => !seen.has(row.id) && seen.add(row.id))
      .map((row) => ({ id: row.id, page_id: row.page_id, lang: { title: row.title }, children: build(row.id) }));
  return build(null);
}

/** Every group with its tree (GET /api/content/navigation/tree). */
export async function navigationTree(db: Db, lang: Locale): Promise<NavigationGroupTree[]> {
  const [groups, rows] = await Promise.all([groupOptions(db), liveNodes(db, lang)]);
  return groups.map((g) => ({ ...g, items: nest(rows.filter((r) => r.group_id === g.id)) }));
}

/**
 * The parent options of a page's navigation panel (GET /api/content/navigation/{groupId}/{pageId}): the group's
 * nodes depth-first, each label indented by its depth, without the page's own node and the nodes below it.
 */
export async function parentOptions(db: Db, groupId: number, pageId: number, lang: Locale): Promise<LabelOption[]> {
  const options: LabelOption[] = [];
  const walk = (nodes: NavigationNode[], depth: number) => {
    for (const node of nodes) {
      if (node.page_id === pageId) continue;
      options.push({ id: node.id, label: `${'— '.repeat(depth)}${node.lang.title}` });
      walk(node.children, depth + 1);
    }
  };
  walk(nest(await liveNodes(db, lang, groupId)), 0);
  return options;
}

/** Ids of every node below `nodeId`; a cycle in old data cannot loop. */
async function nodesBelow(db: Conn, nodeId: number): Promise<Set<number>> {
  const result = (await db.execute(sql`
    with recursive tree(id) as (
      select ${navigationNodes.id} from ${navigationNodes} where ${navigationNodes.parent_id} = ${nodeId}
      union
      select n.id from ${navigationNodes} n join tree on n.parent_id = tree.id
    )
    select id from tree`)) as unknown as { rows: { id: number }[] };
  return new Set(result.rows.map((r) => Number(r.id)));
}

export async function nodeOfPage(db: Conn, pageId: number) {
  const [node] = await db.select().from(navigationNodes).where(eq(navigationNodes.page_id, pageId));
  return node;
}

export interface Placement {
  value: boolean;
  parent_id: number | null;
  group_id: number | null;
}

/**
 * The navigation rules of a page save (docs/spec-index.md S1.2 Navigation panel): the group exists, and the parent is a node
 * of that group that is neither the page's own node nor one below it. Returns field errors, empty when valid.
 */
export async function placementErrors(tx: Tx, pageId: number, placement: Placement) {
  const errors: Record<string, string[]> = {};
  if (!placement.value || placement.group_id === null) return errors;
  const [group] = await tx
    .select({ id: navigationGroups.id })
    .from(navigationGroups)
    .where(eq(navigationGroups.id, placement.group_id));
  if (!group) errors.group_id = [ERR.requiredOption];
  if (placement.parent_id === null) return errors;
  const [parent] = await tx.select().from(navigationNodes).where(eq(navigationNodes.id, placement.parent_id));
  const own = pageId > 0 ? await nodeOfPage(tx, pageId) : undefined;
  const below = own ? await nodesBelow(tx, own.id) : new Set<number>();
  if (!parent || parent.group_id !== placement.group_id || parent.page_id === pageId || below.has(parent.id)) {
    errors['navigation.parent_id'] = [ERR.parentInvalid];
  }
  return errors;
}

/** The next free position among the children of `parentId` in a group. */
async function nextPosition(tx: Tx, groupId: number, parentId: number | null) {
  const [row] = await tx
    .select({ n: max(navigationNodes.position) })
    .from(navigationNodes)
    .where(
      and(
        eq(navigationNodes.group_id, groupId),
        parentId === null ? isNull(navigationNodes.parent_id) : eq(navigationNodes.parent_id, parentId),
      ),
    );
  return (row?.n ?? -1) + 1;
}

/**
 * Puts a page where its form says (already checked by placementErrors): a new node appended last under its
 * parent, a moved node appended last under the new parent (its subtree follows it into the new group), or no
 * node, its children moving up to its parent.
 */
export async function placePage(tx: Tx, pageId: number, placement: Placement): Promise<void> {
  const node = await nodeOfPage(tx, pageId);
  if (!placement.value || placement.group_id === null) {
    if (!node) return;
    await tx.update(navigationNodes).set({ parent_id: node.parent_id }).where(eq(navigationNodes.parent_id, node.id));
    await tx.delete(navigationNodes).where(eq(navigationNodes.id, node.id));
    return;
  }
  const { group_id, parent_id } = placement;
  if (node && node.group_id === group_id && node.parent_id === parent_id) return;
  const position = await nextPosition(tx, group_id, parent_id);
  if (!node) {
    await tx.insert(navigationNodes).values({ page_id: pageId, group_id, parent_id, position });
    return;
  }
  await tx.update(navigationNodes).set({ group_id, parent_id, position }).where(eq(navigationNodes.id, node.id));
  const below = [...(await nodesBelow(tx, node.id))];
  if (below.length > 0) await tx.update(navigationNodes).set({ group_id }).where(inArray(navigationNodes.id, below));
}

/**
 * Replaces the order of one group (POST /api/content/navigation/tree/{groupId}): every node of the group's live
 * pages appears exactly once, and no other id (else 422 tree: errors.invalid). Returns the ids of the pages
 * whose node moved. Runs in the caller's transaction (operations.ts moveTree).
 */
export async function saveTree(tx: Tx, groupId: number, tree: NavigationTreeItem[]): Promise<number[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('navigation_nodes.tree'))`);
  const current = new Map((await liveNodes(tx, 'sk', groupId)).map((n) => [n.id, n]));
  const placed: { id: number; parent_id: number | null; position: number }[] = [];
  let valid = true;
  const walk = (items: NavigationTreeItem[], parent: number | null) => {
    items.forEach((item, position) => {
      if (!current.has(item.id) || placed.some((p) => p.id === item.id)) valid = false;
      placed.push({ id: item.id, parent_id: parent, position });
      walk(item.children, item.id);
    });
  };
  walk(tree, null);
  if (!valid || placed.length !== current.size) throw invalid({ tree: [ERR.invalid] });
  const moved: number[] = [];
  for (const p of placed) {
    const before = current.get(p.id);
    if (!before || (before.parent_id === p.parent_id && before.position === p.position)) continue;
    await tx
      .update(navigationNodes)
      .set({ parent_id: p.parent_id, position: p.position })
      .where(eq(navigationNodes.id, p.id));
    moved.push(before.page_id);
  }
  return moved;
}
