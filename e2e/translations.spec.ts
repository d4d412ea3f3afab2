import { expect, type Page, test } from '@playwright/test';
import { apiCreate, expectSuccessOf, login, pickOption, rowOf, shot, writeHeaders } from './helpers.js';

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
  await expectSuccessOf(page, 'Položka bola uložená.', () => page.getByTestId('form-save').click());

  // The row: SK complete, EN outdated; the filter finds it.
  await expect(row.getByTestId('cell-translation').locator('[data-state="outdated"]')).toHaveText('Zastarané: en');
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
  await expectSuccessOf(page, 'Položka bola uložená.', () => page.getByTestId('form-save').click());
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

/** Saves the panel's Slovak content through the API (the English left as it is), as another editor would. */
async function saveSlovak(page: Page, id: number, sk: { title: string; content: string }, en: object) {
  const loaded = await (await page.request.get(`${API}${id}`)).json();
  const response = await page.request.post(`${API}${id}`, {
    headers: await writeHeaders(page.context()),
    data: { langs: { sk, en }, status: true, priority: 7, updated_at: loaded.data.updated_at },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('the outdated English tab shows what the Slovak changed; "mark as up to date" keeps the text', async ({
  page,
}) => {
  const stamp = Date.now();
  const title = `Parkovanie ${stamp}`;
  const en = { title: `Parking ${stamp}`, content: '<p>Free parking in the yard.</p>' };
  const id = await apiCreate(page, API, {
    langs: { sk: { title, content: '<p>Parkovanie zdarma na dvore.</p>' }, en },
    status: true,
    priority: 7,
  });
  await saveSlovak(page, id, { title, content: '<p>Parkovanie zdarma na dvore, aj pre autobusy.</p>' }, en);

  // The filter "outdated in English" finds it, "outdated in Slovak" does not.
  await page.goto(`${LIST}?search=${encodeURIComponent(title)}`);
  await page.getByTestId('list-filter-toggle').click();
  await page.getByTestId('filter-translation').click();
  await pickOption(page, 'Zastarané v angličtine');
  await expect(page).toHaveURL(/translation=outdated_en/);
  await expect(rowOf(page, title).getByTestId('cell-translation')).toContainText('Zastarané: en');
  await page.getByTestId('filter-translation').click();
  await pickOption(page, 'Zastarané v slovenčine');
  await expect(page).toHaveURL(/translation=outdated_sk/);
  await expect(rowOf(page, title)).toHaveCount(0);

  // The form's English tab: the Slovak's change since, word by word, and the marking.
  await page.goto(`${LIST}?translation=outdated_en&search=${encodeURIComponent(title)}`);
  await rowOf(page, title).getByTestId('row-edit').click();
  await expect(page.getByTestId('locale-state-en')).toHaveText('Zastarané: en');
  await page.getByTestId('locale-tab-en').click();
  const changes = page.getByTestId('translation-changes-en');
  await expect(changes).toContainText('Slovenčina sa zmenila');
  const content = changes.getByTestId('translation-change-content');
  await expect(content.getByTestId('translation-change-before')).toHaveText('Parkovanie zdarma na dvore.');
  await expect(content.getByTestId('translation-change-after').locator('.bo-history-added')).toContainText('autobusy');
  await shot(page, 'translation-changes-sk');
  await expectSuccessOf(page, 'Jazyk bol označený ako aktuálny.', () => page.getByTestId('mark-current-en').click());
  await expect(page.getByTestId('locale-state-en')).toHaveCount(0);
  await expect(changes).toHaveCount(0);
  // Nothing changed in the form: it closes without asking.
  await page.getByTestId('form-close').click();
  await expect(page.getByTestId('resource-form')).toBeHidden();
  await page.goto(`${LIST}?search=${encodeURIComponent(title)}`);
  await expect(rowOf(page, title).getByTestId('cell-translation').locator('[data-state="complete"]')).toHaveCount(2);
  const record = await (await page.request.get(`${API}${id}`)).json();
  expect(record.data.langs.en).toMatchObject(en);

  // The same in English, after another Slovak change: only what changed since the marking; then at 390 px.
  await saveSlovak(page, id, { title, content: '<p>Parkovanie zdarma na dvore, aj pre autobusy a karavany.</p>' }, en);
  await page.getByTestId('lang-en').click();
  await page.goto(`${LIST}?translation=outdated_en&search=${encodeURIComponent(en.title)}`);
  await expect(rowOf(page, en.title).getByTestId('cell-translation')).toContainText('Outdated: en');
  await shot(page, 'translation-list-outdated-en');
  await rowOf(page, en.title).getByTestId('row-edit').click();
  await page.getByTestId('locale-tab-en').click();
  await expect(changes).toContainText('The Slovak changed since this English was last up to date.');
  await expect(content.getByTestId('translation-change-before')).toHaveText(
    'Parkovanie zdarma na dvore, aj pre autobusy.',
  );
  await expect(page.getByTestId('mark-current-en')).toHaveText('Mark as up to date');
  await shot(page, 'translation-changes-en');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'translation-changes-en-390');
});
