import { expect, test } from '@playwright/test';
import { E2E } from './env.js';
import { login, shot } from './helpers.js';

test('an editor (role 2) sees no remove action in the rows or in the bulk menu', async ({ page }) => {
  await login(page, E2E.editor);
  await expect(page.getByTestId('user-menu')).toContainText('Eva Redaktorová');
  await page.goto('/admin/app/content/text');
  const rows = page.getByTestId('row-edit');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(8);
  await expect(page.getByTestId('row-delete')).toHaveCount(0);
  await expect(page.getByTestId('list-create')).toBeVisible();

  await page.getByRole('row').filter({ hasText: 'Otváracie hodiny' }).getByRole('checkbox').check();
  await page.getByTestId('list-bulk').click();
  await expect(page.getByTestId('bulk-publish')).toBeVisible();
  await expect(page.getByTestId('bulk-hide')).toBeVisible();
  await expect(page.getByTestId('bulk-destroy')).toHaveCount(0);
  const menu = page.getByRole('menu').filter({ has: page.getByTestId('bulk-publish') });
  // Publish, hide and duplicate (a copy is a create, which an editor may do); no removal.
  await expect(page.getByTestId('bulk-duplicate')).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveCount(3);
  await shot(page, 'editor-texts');
  await page.keyboard.press('Escape');

  // Nor may the editor restore: the filter panel offers no "show deleted".
  await page.getByTestId('list-filter-toggle').click();
  await expect(page.getByTestId('list-filters')).toBeVisible();
  await expect(page.getByTestId('filter-trashed')).toHaveCount(0);
});
