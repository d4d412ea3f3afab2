import type { NavigationNode, NavigationTreeItem } from '@backoffice/shared';

/** Where a node sits: the list that holds it and its index there. */
interface Place {
  siblings: NavigationNode[];
  index: number;
  parent: NavigationNode | null;
}

/** A deep copy, so a move never changes the tree React is showing. */
const clone = (nodes: NavigationNode[]): NavigationNode[] =>
  nodes.map((node) => ({ ...node, children: clone(node.children) }));

function find(nodes: NavigationNode[], id: number, parent: NavigationNode | null = null): Place | null {
  for (const [index, node] of nodes.entries()) {
    if (node.id === id) return { siblings: nodes, index, parent };
    const below = find(node.children, id, node);
    if (below) return below;
  }
  return null;
}

function contains(node: NavigationNode, id: number): boolean {
  return node.children.some((child) => child.id === id || contains(child, id));
}

export type KeyboardMove = 'up' | 'down' | 'in' | 'out';

/**
 * The keyboard moves of the navigation screen: up/down among the siblings, in = the last child of the sibling
 * above, out = the next sibling of its parent. Answers the new tree, or null when the node cannot move so.
 */
export function moveNode(tree: NavigationNode[], id: number, move: KeyboardMove): NavigationNode[] | null {
  const next = clone(tree);
  const place = find(next, id);
  if (!place) return null;
  const { siblings, index, parent } = place;
  const [node] = siblings.slice(index, index + 1);
  if (!node) return null;
  if (move === 'up' || move === 'down') {
    const target = move === 'up' ? index - 1 : index + 1;
    if (target < 0 || target >= siblings.length) return null;
    siblings.splice(index, 1);
    siblings.splice(target, 0, node);
    return next;
  }
  if (move === 'in') {
    const above = siblings[index - 1];
    if (!above) return null;
    siblings.splice(index, 1);
    above.children.push(node);
    return next;
  }
  if (!parent) return null;
  const parentPlace = find(next, parent.id);
  if (!parentPlace) return null;
  siblings.splice(index, 1);
  parentPlace.siblings.splice(parentPlace.index + 1, 0, node);
  return next;
}

/** A drop of antd's Tree: onto a node (becomes its first child) or into the gap before or after it. */
export interface TreeDrop {
  dragId: number;
  dropId: number;
  /** True for a gap between nodes, false for "onto the node". */
  toGap: boolean;
  /** -1 before the drop node, 1 after it (antd's dropPosition minus the node's index). */
  side: -1 | 0 | 1;
}

/** Applies a drag-and-drop; null when it changes nothing or would put a node under itself. */
export function dropNode(tree: NavigationNode[], { dragId, dropId, toGap, side }: TreeDrop): NavigationNode[] | null {
  if (dragId === dropId) return null;
  const next = clone(tree);
  const from = find(next, dragId);
  const dragged = from?.siblings[from.index];
  if (!from || !dragged || contains(dragged, dropId)) return null;
  from.siblings.splice(from.index, 1);
  const target = find(next, dropId);
  const dropNodeAt = target?.siblings[target.index];
  if (!target || !dropNodeAt) return null;
  if (!toGap) dropNodeAt.children.unshift(dragged);
  else target.siblings.splice(side === -1 ? target.index : target.index + 1, 0, dragged);
  return next;
}

/** The tree as POST /api/content/navigation/tree/{groupId} takes it: ids and children, in order. */
export function toTreeInput(tree: NavigationNode[]): NavigationTreeItem[] {
  return tree.map((node) => ({ id: node.id, children: toTreeInput(node.children) }));
}
