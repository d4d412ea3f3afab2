import { expect, test } from '@playwright/test';
import { apiCreate, confirm, expectSuccessOf, login, PNG_1X1, rowOf, shot } from './helpers.js';

const LIST = '/admin/app/content/panel';
const API = '/api/content/panel/';

function panel(sk: string, en: string, priority: number) {
  return { langs: { sk: { title: sk, content: '' }, en: { title: en, content: '' } }, status: true, priority };
}

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('an administrator creates, edits and deletes a panel; the list sorts by priority', async ({ page }) => {
  await apiCreate(page, API, panel('Panel s prioritou 2', 'Priority 2 panel', 2));
  await apiCreate(page, API, panel('Panel s prioritou 1', 'Priority 1 panel', 1));
  await page.goto('/admin/app/dashboard');
  await page.getByRole('menuitem', { name: /Obsah/ }).click();
  await page.getByRole('menuitem', { name: /Panely/ }).click();
  await expect(page).toHaveURL(/\/admin\/app\/content\/panel$/);
  await expect(page.getByRole('columnheader', { name: 'Priorita' })).toHaveAttribute('aria-sort', 'ascending');
  const priorities = (await page.getByTestId('cell-priority').allInnerTexts()).map(Number);
  expect(priorities).toEqual([...priorities].sort((a, b) => a - b));

  // Create: priority is required (errors.min1) and stays outside the locale tabs.
  await page.getByTestId('list-create').click();
  const form = page.getByRole('dialog', { name: 'Nový panel' });
  await expect(form).toBeVisible();
  await page.getByTestId('field-title-sk').fill('Bočný panel – akcie');
  const editor = page.getByTestId('field-content-sk').locator('[contenteditable="true"]');
  await editor.click();
  await editor.pressSequentially('Zľavy týždňa');
  await page.getByTestId('locale-tab-en').click();
  await page.getByTestId('field-title-en').fill('Side panel – offers');
  await page.getByTestId('form-save').click();
  await expect(form.getByText('Zadajte hodnotu aspoň 1.')).toBeVisible();
  await page.getByTestId('field-priority').fill('3');
  await page.getByTestId('locale-tab-sk').click();
  await shot(page, 'panel-form');
  await expectSuccessOf(page, 'Položka bola vytvorená.', () => page.getByTestId('form-save').click());
  await expect(form).toBeHidden();
  const row = rowOf(page, 'Bočný panel – akcie');
  await expect(row.getByTestId('cell-priority')).toHaveText('3');
  await expect(row.getByTestId('cell-pages_count')).toHaveText('0');
  await expect(row.getByTestId('cell-status')).toHaveAttribute('data-status', '1');
  await shot(page, 'panels-list');

  // Edit: the form shows what was saved.
  await row.getByTestId('row-edit').click();
  await expect(page).toHaveURL(/\/admin\/app\/content\/panel\/\d+$/);
  const edit = page.getByRole('dialog', { name: 'Upraviť panel' });
  await expect(page.getByTestId('field-title-sk')).toHaveValue('Bočný panel – akcie');
  await expect(page.getByTestId('field-content-sk')).toContainText('Zľavy týždňa');
  await expect(page.getByTestId('field-priority')).toHaveValue('3');
  await page.getByTestId('field-title-sk').fill('Bočný panel – novinky');
  await page.getByTestId('field-priority').fill('7');
  await page.getByTestId('field-status').uncheck();
  await expectSuccessOf(page, 'Položka bola uložená.', () => page.getByTestId('form-save').click());
  await expect(edit).toBeHidden();
  const edited = rowOf(page, 'Bočný panel – novinky');
  await expect(edited.getByTestId('cell-priority')).toHaveText('7');
  await expect(edited.getByTestId('cell-status')).toHaveAttribute('data-status', '0');

  // Delete, after confirming.
  await edited.getByTestId('row-delete').click();
  await expectSuccessOf(page, 'Položka bola odstránená.', () => confirm(page));
  await expect(edited).toHaveCount(0);
});

test('the rich-text editor inserts a table, an uploaded image and a link', async ({ page }) => {
  await page.goto(LIST);
  await page.getByTestId('list-create').click();
  await page.getByTestId('field-title-sk').fill('Panel s tabuľkou');
  await page.getByTestId('locale-tab-en').click();
  await page.getByTestId('field-title-en').fill('Panel with a table');
  await page.getByTestId('locale-tab-sk').click();
  await page.getByTestId('field-priority').fill('9');
  const content = page.getByTestId('field-content-sk');
  const editor = content.locator('[contenteditable="true"]');
  await editor.click();
  await editor.pressSequentially('Odkaz');
  await page.keyboard.press('Shift+Home');
  page.once('dialog', (dialog) => void dialog.accept('https://example.com/akcie'));
  await page.getByTestId('field-content-sk-link').click();
  await expect(editor.locator('a[href="https://example.com/akcie"]')).toHaveText('Odkaz');
  await page.keyboard.press('End');

  // A 3 × 3 table with a header row; rows and columns are added and removed.
  await expect(page.getByTestId('field-content-sk-row-add')).toBeDisabled();
  await page.getByTestId('field-content-sk-table').click();
  const table = editor.locator('table');
  await expect(table.locator('tr')).toHaveCount(3);
  await expect(table.locator('tr').first().locator('th')).toHaveCount(3);
  await page.getByTestId('field-content-sk-row-add').click();
  await expect(table.locator('tr')).toHaveCount(4);
  await page.getByTestId('field-content-sk-column-add').click();
  await expect(table.locator('tr').first().locator('th, td')).toHaveCount(4);
  await page.getByTestId('field-content-sk-column-delete').click();
  await page.getByTestId('field-content-sk-row-delete').click();
  await expect(table.locator('tr')).toHaveCount(3);
  await expect(table.locator('tr').first().locator('th, td')).toHaveCount(3);

  // An image goes to POST /api/upload and lands in the text by the address it answers.
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/upload') && r.ok());
  await page
    .getByTestId('field-content-sk-image-input')
    .setInputFiles({ name: 'bodka.png', mimeType: 'image/png', buffer: PNG_1X1 });
  const { location } = (await (await uploaded).json()) as { location: string };
  expect(location).toMatch(/^\/gallery\/editor\/\d+\/[0-9a-f]{32}\.png$/);
  await expect(editor.locator(`img[src="${location}"]`)).toBeVisible();
  await shot(page, 'panel-form-editor');

  await expectSuccessOf(page, 'Položka bola vytvorená.', () => page.getByTestId('form-save').click());
  await rowOf(page, 'Panel s tabuľkou').getByTestId('row-edit').click();
  await expect(page.getByTestId('field-title-sk')).toHaveValue('Panel s tabuľkou');
  await expect(editor.locator('table tr')).toHaveCount(3);
  await expect(editor.locator(`img[src="${location}"]`)).toBeVisible();
  await expect(editor.locator('a[href="https://example.com/akcie"]')).toHaveText('Odkaz');
});
