import { expect, test } from '@playwright/test';
import { apiCreate, expectSuccess, login, rowOf, shot } from './helpers.js';

// The translation workflow (docs/features/translations.md): a Slovak edit leaves the English outdated, the list
// and the dashboard say so, and "copy from Slovak" fills the empty English fields.

const LIST = '/admin/app/content/panel';
const API = '/api/content/panel/';

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('a Slovak edit marks the English outdated; the list filters by it; copy fills the empty English field', async ({
  page,
}) => {
  const title = `Otváracie hodiny ${Date.now()}`;
  await apiCreate(page, API, {
    langs: {
      sk: { title, content: '<p>Po–Pi 8–16</p>' },
      en: { title: 'Opening hours', content: '<p>Mon–Fri 8–16</p>' },
    },
    status: true,
    priority: 5,
  });
  await page.goto(`${LIST}?search=${encodeURIComponent(title)}`);
  const row = rowOf(page, title);
  await expect(row.getByTestId('cell-translation').locator('[data-state="complete"]')).toHaveCount(2);

  // Edit the Slovak content only.
  await row.getByTestId('row-edit').click();
  const editor = page.getByTestId('field-content-sk').locator('[contenteditable="true"]');
  await editor.click();
  await page.keyboard.press('End');
  await editor.pressSequentially(', So 9–12');
  await page.getByTestId('form-save').click();
  await expectSuccess(page, 'Položka bola uložená.');

  // The row: SK complete, EN outdated; the filter finds it.
  await expect(row.getByTestId('cell-translation').locator('[data-state="outdated"]')).toHaveText('EN');
  await page.goto(`${LIST}?translation=outdated&search=${encodeURIComponent(title)}`);
  await expect(rowOf(page, title)).toBeVisible();
  await shot(page, 'translation-list-sk');

  // The form's English tab says outdated; emptying its content makes it incomplete; copy fills it from Slovak.
  await rowOf(page, title).getByTestId('row-edit').click();
  await expect(page.getByTestId('locale-state-en')).toHaveAttribute('data-state', 'outdated');
  await page.getByTestId('locale-tab-en').click();
  const english = page.getByTestId('field-content-en').locator('[contenteditable="true"]');
  await english.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('locale-state-en')).toHaveAttribute('data-state', 'missing');
  await shot(page, 'translation-form-sk');
  await page.getByTestId('copy-locale-en').click();
  await expect(page.getByTestId('field-content-en')).toContainText('So 9–12');
  // No longer incomplete; still outdated as loaded until the save.
  await expect(page.getByTestId('locale-state-en')).toHaveAttribute('data-state', 'outdated');
  await page.getByTestId('form-save').click();
  await expectSuccess(page, 'Položka bola uložená.');
  await page.goto(`${LIST}?search=${encodeURIComponent(title)}`);
  await expect(rowOf(page, title).getByTestId('cell-translation').locator('[data-state="complete"]')).toHaveCount(2);
});

test('the dashboard card counts the missing translations and links to the filtered list', async ({ page }) => {
  const stamp = Date.now();
  const title = `Doprava ${stamp}`;
  await apiCreate(page, API, {
    langs: { sk: { title, content: '<p>Autobusom č. 31</p>' }, en: { title: `Transport ${stamp}`, content: '' } },
    status: true,
    priority: 6,
  });
  await page.goto('/admin/app/dashboard');
  const link = page.getByTestId('translations-Panel-missing_en');
  await expect(link).toBeVisible();
  await shot(page, 'translation-dashboard-sk');
  await link.click();
  await expect(page).toHaveURL(/translation=missing_en/);
  await expect(rowOf(page, title)).toBeVisible();

  // The same in English: the card, the list's state and filter, the form's tab and copy button.
  await page.getByTestId('lang-en').click();
  await expect(page.getByRole('columnheader', { name: 'Translation' })).toBeVisible();
  await shot(page, 'translation-list-en');
  await rowOf(page, `Transport ${stamp}`).getByTestId('row-edit').click();
  await expect(page.getByTestId('locale-state-en')).toHaveText('incomplete');
  await page.getByTestId('locale-tab-en').click();
  await expect(page.getByTestId('copy-locale-en')).toHaveText('Copy from Slovak');
  await shot(page, 'translation-form-en');
  await page.goto('/admin/app/dashboard');
  await expect(page.getByTestId('translations-Panel-missing_en')).toContainText('English incomplete');
  await shot(page, 'translation-dashboard-en');
  await page.getByTestId('lang-sk').click();
});
