import { expect, test } from '@playwright/test';
import { apiCreate, confirm, expectSuccessOf, login, rowOf, shot } from './helpers.js';

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
  await expectSuccessOf(page, 'Položka bola uložená.', () => page.getByTestId('form-save').click());
  await rowOf(page, `${first} – nové`).getByTestId('row-edit').click();
  const editor = page.getByTestId('field-content-sk').locator('[contenteditable="true"]');
  await editor.click();
  await page.keyboard.press('End');
  await editor.pressSequentially(' na všetko');
  await expectSuccessOf(page, 'Položka bola uložená.', () => page.getByTestId('form-save').click());

  // The history: three versions, newest first; the first one differs in the title and the content.
  await rowOf(page, `${first} – nové`).getByTestId('row-edit').click();
  await page.getByTestId('form-history').click();
  const drawer = page.getByTestId('history');
  await expect(drawer.getByRole('option')).toHaveCount(3);
  await drawer.getByRole('option').last().click();
  await expect(page.getByTestId('history-field-sk.title')).toContainText(first);
  await expect(page.getByTestId('history-field-sk.title').locator('.bo-history-added')).toContainText('nové');
  await expect(page.getByTestId('history-field-sk.content').locator('.bo-history-added')).toContainText('všetko');
  await shot(page, 'history-drawer-sk');

  await page.getByTestId('history-restore').click();
  await expectSuccessOf(page, 'Položka bola uložená.', () => confirm(page));
  await page.goto(LIST);
  await expect(rowOf(page, first)).toBeVisible();

  // In English the drawer speaks English.
  await page.getByTestId('lang-en').click();
  await page.goto(`${LIST}/${id}`);
  await page.getByTestId('form-history').click();
  await expect(page.getByTestId('history')).toContainText('version restored');
  await page.getByTestId('history').getByRole('option').nth(1).click();
  await expect(page.getByTestId('history-diff')).toContainText('This version');
  await shot(page, 'history-drawer-en');
  await page.goto('/admin/app/dashboard');
  await page.getByTestId('lang-sk').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
});

test('the history with the keyboard alone: Tab reaches the versions, arrows move, Enter chooses and restores', async ({
  page,
}) => {
  await login(page);
  const title = `Otváracie hodiny ${Date.now()}`;
  const id = await apiCreate(page, API, {
    langs: { sk: { title, content: '<p>Po–Pi 8–16</p>' }, en: { title: 'Opening hours', content: '' } },
    status: true,
    priority: 2,
  });
  await page.goto(`${LIST}/${id}`);
  await page.getByTestId('field-title-sk').fill(`${title} v lete`);
  await expectSuccessOf(page, 'Položka bola uložená.', () => page.getByTestId('field-title-sk').press('Control+s'));

  // From the edit form: the History button, then Tab into the list of versions (one Tab stop).
  await page.goto(`${LIST}/${id}`);
  await expect(page.getByTestId('field-title-sk')).toHaveValue(`${title} v lete`);
  await page.getByTestId('form-history').focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('history');
  await expect(drawer.getByRole('option')).toHaveCount(2);
  const focusedRole = () => page.evaluate(() => document.activeElement?.getAttribute('role') ?? '');
  for (let tab = 0; tab < 6 && (await focusedRole()) !== 'option'; tab++) await page.keyboard.press('Tab');
  expect(await focusedRole()).toBe('option');
  await expect(drawer.getByRole('option').first()).toBeFocused();
  // The focus is drawn: an outline around the focused version.
  const outline = await drawer
    .getByRole('option')
    .first()
    .evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).toBe('solid');

  await page.keyboard.press('ArrowDown');
  await expect(drawer.getByRole('option').nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('history-field-sk.title')).toContainText('v lete');
  await shot(page, 'history-keyboard-sk');

  // Tab on to "Restore this version", Enter, and Enter again on the question.
  for (let tab = 0; tab < 8; tab++) {
    if (await page.getByTestId('history-restore').evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(page.getByTestId('history-restore')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-modal-confirm')).toBeVisible();
  // The question takes the focus onto its confirming button (an Enter before that would go to the button behind).
  await expect(page.getByTestId('confirm-ok')).toBeFocused();
  await expectSuccessOf(page, 'Položka bola uložená.', () => page.keyboard.press('Enter'));
  const record = await (
    await page.request.get(`${API}${id}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    })
  ).json();
  expect(record.data.langs.sk.title).toBe(title);
});
