import type { NavigationNode } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { dropNode, moveNode, toTreeInput } from './treeMoves';

const node = (id: number, children: NavigationNode[] = []): NavigationNode => ({
  id,
  page_id: id * 10,
  lang: { title: `n${id}` },
  children,
});
/** 1 (2, 3), 4 */
const tree = () => [node(1, [node(2), node(3)]), node(4)];
const shape = (nodes: NavigationNode[] | null) => (nodes ? toTreeInput(nodes) : null);

describe('keyboard moves of navigation nodes', () => {
  it('moves a node up and down among its siblings, not past the ends', () => {
    expect(shape(moveNode(tree(), 3, 'up'))).toEqual(shape([node(1, [node(3), node(2)]), node(4)]));
    expect(shape(moveNode(tree(), 1, 'down'))).toEqual(shape([node(4), node(1, [node(2), node(3)])]));
    expect(moveNode(tree(), 2, 'up')).toBeNull();
    expect(moveNode(tree(), 4, 'down')).toBeNull();
  });

  it('moves a node in under the sibling above and out after its parent', () => {
    expect(shape(moveNode(tree(), 4, 'in'))).toEqual(shape([node(1, [node(2), node(3), node(4)])]));
    expect(shape(moveNode(tree(), 3, 'in'))).toEqual(shape([node(1, [node(2, [node(3)])]), node(4)]));
    expect(shape(moveNode(tree(), 2, 'out'))).toEqual(shape([node(1, [node(3)]), node(2), node(4)]));
    expect(moveNode(tree(), 1, 'in')).toBeNull();
    expect(moveNode(tree(), 1, 'out')).toBeNull();
  });

  it('never changes the tree it was given', () => {
    const original = tree();
    moveNode(original, 3, 'out');
    expect(shape(original)).toEqual(shape(tree()));
  });
});

describe('drag and drop of navigation nodes', () => {
  it('drops onto a node as its first child and into gaps before or after a node', () => {
    expect(shape(dropNode(tree(), { dragId: 4, dropId: 1, toGap: false, side: 0 }))).toEqual(
      shape([node(1, [node(4), node(2), node(3)])]),
    );
    expect(shape(dropNode(tree(), { dragId: 4, dropId: 2, toGap: true, side: -1 }))).toEqual(
      shape([node(1, [node(4), node(2), node(3)])]),
    );
    expect(shape(dropNode(tree(), { dragId: 2, dropId: 4, toGap: true, side: 1 }))).toEqual(
      shape([node(1, [node(3)]), node(4), node(2)]),
    );
  });

  it('refuses to drop a node under itself or one of its descendants', () => {
    expect(dropNode(tree(), { dragId: 1, dropId: 2, toGap: false, side: 0 })).toBeNull();
    expect(dropNode(tree(), { dragId: 1, dropId: 1, toGap: false, side: 0 })).toBeNull();
  });
});
