import type { NavigationGroupTree, NavigationNode, NavigationTreeItem } from '@backoffice/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, type Reply, type Route, stubApi } from '../../../test/api';
import { renderInApp } from '../../../test/render';
import NavigationScreen from './NavigationScreen';

const TREES = 'GET /api/content/navigation/tree';
const SAVE_MAIN = 'POST /api/content/navigation/tree/1';

const node = (id: number, title: string, children: NavigationNode[] = []): NavigationNode => ({
  id,
  page_id: id * 10,
  lang: { title },
  children,
});
/** Main menu: Home, About (Team), Contact; footer: Privacy; the side group has no entries. */
const groups = (): NavigationGroupTree[] => [
  { id: 1, label: 'main', items: [node(1, 'Home'), node(2, 'About', [node(3, 'Team')]), node(4, 'Contact')] },
  { id: 2, label: 'footer', items: [node(5, 'Privacy')] },
  { id: 3, label: 'side', items: [] },
];

const TITLES = new Map([
  [1, 'Home'],
  [2, 'About'],
  [3, 'Team'],
  [4, 'Contact'],
]);
const fromInput = (tree: NavigationTreeItem[]): NavigationNode[] =>
  tree.map((item) => node(item.id, TITLES.get(item.id) ?? '?', fromInput(item.children)));
/** The server's answer to a save: every group again, the main menu as it was sent. */
const saved = (call: ApiCall): Reply => {
  const { tree } = call.body as { tree: NavigationTreeItem[] };
  const [, ...others] = groups();
  return {
    body: { message: 'The navigation was saved.', data: [{ id: 1, label: 'main', items: fromInput(tree) }, ...others] },
  };
};

function open(save: Route = saved) {
  const api = stubApi({ [TREES]: { body: { data: groups() } }, [SAVE_MAIN]: save });
  return { ...renderInApp(<NavigationScreen />), api };
}

/** The pages of a group's tree as shown, top to bottom, each indented by its depth. */
function shown(label: string): string[] {
  const group = screen.getByTestId(`nav-group-${label}`);
  return within(group)
    .getAllByTestId('nav-node')
    .map((item) => {
      const depth = item.closest('.ant-tree-treenode')?.querySelectorAll('.ant-tree-indent-unit').length ?? 0;
      return `${'  '.repeat(depth)}${item.textContent}`;
    });
}
const pageNode = (title: string) => {
  const found = screen.getAllByTestId('nav-node').find((item) => item.textContent === title);
  if (!found) throw new Error(`no node ${title}`);
  return found;
};
const moveButton = (title: string, how: 'up' | 'down' | 'in' | 'out') =>
  within(pageNode(title)).getByTestId(`nav-move-${how}`) as HTMLButtonElement;

describe('NavigationScreen', () => {
  it('shows one tree per group that has pages, nested as saved', async () => {
    open();
    await screen.findByTestId('nav-group-main');
    expect(shown('main')).toEqual(['Home', 'About', '  Team', 'Contact']);
    expect(shown('footer')).toEqual(['Privacy']);
    expect(screen.queryByTestId('nav-group-side')).toBeNull();
  });

  it('offers only the moves a page can make', async () => {
    open();
    await screen.findByTestId('nav-group-main');
    expect(['up', 'down', 'in', 'out'].map((how) => moveButton('Home', how as 'up').disabled)).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect(['up', 'down', 'in', 'out'].map((how) => moveButton('Team', how as 'up').disabled)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(moveButton('Contact', 'in').disabled).toBe(false);
  });

  it('moves a page with its button, shows the new order at once and saves the whole group', async () => {
    let answer: () => void = () => {};
    const { api, user } = open(
      (call) =>
        new Promise<Reply>((resolve) => {
          answer = () => resolve(saved(call));
        }),
    );
    await screen.findByTestId('nav-group-main');

    await user.click(moveButton('Home', 'down'));

    expect(shown('main')).toEqual(['About', '  Team', 'Home', 'Contact']);
    await waitFor(() => expect(api.callsTo(SAVE_MAIN)).toHaveLength(1));
    expect(api.callsTo(SAVE_MAIN)[0]?.body).toEqual({
      tree: [
        { id: 2, children: [{ id: 3, children: [] }] },
        { id: 1, children: [] },
        { id: 4, children: [] },
      ],
    });
    await act(async () => answer());
    expect(screen.getByTestId('notification').textContent).toContain('The navigation was saved.');
    expect(shown('main')).toEqual(['About', '  Team', 'Home', 'Contact']);
  });

  it('moves the focused page with Alt + arrows and keeps the focus on it', async () => {
    const { api, user } = open();
    await screen.findByTestId('nav-group-main');
    within(pageNode('Contact')).getByTestId('nav-node-title').focus();

    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');

    expect(shown('main')).toEqual(['Home', 'About', '  Team', '  Contact']);
    await waitFor(() => expect(api.callsTo(SAVE_MAIN)).toHaveLength(1));
    expect(document.activeElement?.textContent).toBe('Contact');
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(shown('main')).toEqual(['Home', 'About', '  Contact', '  Team']);
  });

  it('drops a dragged page onto another page as its first child and saves the group', async () => {
    const { api } = open();
    await screen.findByTestId('nav-group-main');
    const dataTransfer = { setData: () => {}, getData: () => '', dropEffect: 'move', effectAllowed: 'move' };
    const dragged = pageNode('Contact').closest('[draggable="true"]') ?? pageNode('Contact');
    const target = pageNode('Home');

    fireEvent.dragStart(dragged, { dataTransfer });
    fireEvent.dragEnter(target, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });

    // jsdom measures no sizes, so the pointer is over the target's lower half: a drop onto it, not into a gap.
    await waitFor(() => expect(shown('main')).toEqual(['Home', '  Contact', 'About', '  Team']));
    await waitFor(() =>
      expect(api.callsTo(SAVE_MAIN)[0]?.body).toEqual({
        tree: [
          { id: 1, children: [{ id: 4, children: [] }] },
          { id: 2, children: [{ id: 3, children: [] }] },
        ],
      }),
    );
  });

  it('says a failed save failed and shows the saved tree again', async () => {
    const { api, user } = open({ status: 500, body: { message: 'Database unavailable' } });
    await screen.findByTestId('nav-group-main');

    await user.click(moveButton('Team', 'out'));

    const note = await screen.findByTestId('notification');
    expect(note.getAttribute('data-type')).toBe('danger');
    expect(note.textContent).toContain('Database unavailable');
    await waitFor(() => expect(api.callsTo(TREES)).toHaveLength(2));
    await waitFor(() => expect(shown('main')).toEqual(['Home', 'About', '  Team', 'Contact']));
  });
});
