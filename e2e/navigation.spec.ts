import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiCreate, expectSuccess, expectSuccessOf, login, pageLikeLang, shot } from './helpers.js';

const SCREEN = '/admin/app/content/navigation';

/** A page at the top level of the footer navigation group. */
function footerPage(sk: string, en: string, slug: string) {
  return {
    langs: { sk: pageLikeLang(sk, `${slug}-sk`), en: pageLikeLang(en, `${slug}-en`) },
    navigation: { value: true, parent_id: null },
    group_id: 2,
  };
}

/** The node titles of a group's tree, depth-first, each prefixed by its depth as dashes. */
async function outline(group: Locator): Promise<string[]> {
  return group
    .locator('.ant-tree-treenode')
    .evaluateAll((nodes) =>
      nodes.map(
        (node) =>
          '-'.repeat(node.querySelectorAll('.ant-tree-indent-unit').length) +
          (node.querySelector('[data-testid="nav-node-title"]')?.textContent ?? ''),
      ),
    );
}

const only = (lines: string[], names: string[]) => lines.filter((line) => names.includes(line.replace(/^-+/, '')));

async function openScreen(page: Page): Promise<Locator> {
  await page.goto(SCREEN);
  await expect(page.getByTestId('nav-info')).toBeVisible();
  return page.getByTestId('nav-group-footer');
}

test('a dragged node keeps its new place after a reload; keyboard moves nest and order nodes', async ({ page }) => {
  await login(page);
  for (const [sk, en, slug] of [
    ['Uzol A', 'Node A', 'uzol-a'],
    ['Uzol B', 'Node B', 'uzol-b'],
    ['Uzol C', 'Node C', 'uzol-c'],
  ] as const) {
    await apiCreate(page, '/api/content/page/', footerPage(sk, en, slug));
  }
  const names = ['Uzol A', 'Uzol B', 'Uzol C'];
  let group = await openScreen(page);
  await expect(group).toContainText('Menu v päte');
  expect(only(await outline(group), names)).toEqual(['Uzol A', 'Uzol B', 'Uzol C']);

  // Drag C into the gap above A.
  const nodeOf = (name: string) => group.locator('.ant-tree-treenode').filter({ hasText: name });
  await nodeOf('Uzol C')
    .getByTestId('nav-node-title')
    .dragTo(nodeOf('Uzol A').getByTestId('nav-node-title'), { targetPosition: { x: 5, y: 1 } });
  await expectSuccess(page, 'Položka bola uložená.');
  expect(only(await outline(group), names)).toEqual(['Uzol C', 'Uzol A', 'Uzol B']);
  await shot(page, 'navigation');

  group = await openScreen(page);
  await expect(nodeOf('Uzol C')).toBeVisible();
  expect(only(await outline(group), names)).toEqual(['Uzol C', 'Uzol A', 'Uzol B']);

  // Without a mouse: Tab reaches a node, Alt + arrows move it, and it keeps the focus for the next move.
  await nodeOf('Uzol B').getByTestId('nav-node-title').focus();
  await expectSuccessOf(page, 'Položka bola uložená.', () => page.keyboard.press('Alt+ArrowRight'));
  expect(only(await outline(group), names)).toEqual(['Uzol C', 'Uzol A', '-Uzol B']);
  await nodeOf('Uzol C').getByTestId('nav-node-title').focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(async () => only(await outline(group), names)).toEqual(['Uzol A', '-Uzol B', 'Uzol C']);
  await expect(nodeOf('Uzol C').getByTestId('nav-node-title')).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(async () => only(await outline(group), names)).toEqual(['Uzol C', 'Uzol A', '-Uzol B']);

  group = await openScreen(page);
  await expect(nodeOf('Uzol C')).toBeVisible();
  expect(only(await outline(group), names)).toEqual(['Uzol C', 'Uzol A', '-Uzol B']);
  // The move buttons do the same with the mouse.
  await expectSuccessOf(page, 'Položka bola uložená.', () => nodeOf('Uzol B').getByTestId('nav-move-out').click());
  expect(only(await outline(group), names)).toEqual(['Uzol C', 'Uzol A', 'Uzol B']);
  await nodeOf('Uzol B').getByTestId('nav-node-title').focus();
  await page.keyboard.press('Alt+ArrowLeft');
  // Already at the top level: nothing moves, nothing is sent.
  expect(only(await outline(group), names)).toEqual(['Uzol C', 'Uzol A', 'Uzol B']);
});
