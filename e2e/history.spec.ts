import { expect, test } from '@playwright/test';
import { apiCreate, confirm, expectSuccess, login, rowOf, shot } from './helpers.js';

// The history of a record (docs/features/revisions.md): a panel edited twice, its history drawer, the difference
// of the first version from the current one, and its restore.

const LIST = '/admin/app/content/panel';
const API = '/api/content/panel/';

test('edit a panel twice, open its history, see what differs, restore the first version', async ({ page }) => {
  await login(page);
  const first = `Akcie týždňa ${Date.now()}`;
  const id = await apiCreate(page, API, {
    langs: { sk: { title: first, content: '<p>Zľava 10 %</p>' }, en: { title: 'Weekly offers', content: '' } },
    status: true,
    priority: 4,
  });
  // Two edits in the form: the title, then the content.
  await page.goto(`${LIST}/${id}`);
  await page.getByTestId('field-title-sk').fill(`${first} – nové`);
  await page.getByTestId('form-save').click();
  await expectSuccess(page, 'Položka bola uložená.');
  await rowOf(page, `${first} – nové`).getByTestId('row-edit').click();
  const editor = page.getByTestId('field-content-sk').locator('[contenteditable="true"]');
  await editor.click();
  await page.keyboard.press('End');
  await editor.pressSequentially(' na všetko');
  await page.getByTestId('form-save').click();
  await expectSuccess(page, 'Položka bola uložená.');

  // The history: three versions, newest first; the first one differs in the title and the content.
  await rowOf(page, `${first} – nové`).getByTestId('row-edit').click();
  await page.getByTestId('form-history').click();
  const drawer = page.getByTestId('history');
  await expect(drawer.locator('.ant-list-item')).toHaveCount(3);
  await drawer.locator('.ant-list-item').last().click();
  await expect(page.getByTestId('history-field-sk.title')).toContainText(first);
  await expect(page.getByTestId('history-field-sk.title').locator('.bo-history-added')).toContainText('nové');
  await expect(page.getByTestId('history-field-sk.content').locator('.bo-history-added')).toContainText('všetko');
  await shot(page, 'history-drawer-sk');

  await page.getByTestId('history-restore').click();
  await confirm(page);
  await expectSuccess(page, 'Položka bola uložená.');
  await page.goto(LIST);
  await expect(rowOf(page, first)).toBeVisible();

  // In English the drawer speaks English.
  await page.getByTestId('lang-en').click();
  await page.goto(`${LIST}/${id}`);
  await page.getByTestId('form-history').click();
  await expect(page.getByTestId('history')).toContainText('version restored');
  await page.getByTestId('history').locator('.ant-list-item').nth(1).click();
  await expect(page.getByTestId('history-diff')).toContainText('This version');
  await shot(page, 'history-drawer-en');
  await page.goto('/admin/app/dashboard');
  await page.getByTestId('lang-sk').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
});
