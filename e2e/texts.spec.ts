import { expect, type Page, test } from '@playwright/test';
import { apiCreateText, apiFindText, confirm, expectSuccessOf, login, rowOf, shot } from './helpers.js';

const LIST = '/admin/app/content/text';

/** The titles shown in the table, in order. */
function titles(page: Page): Promise<string[]> {
  return page.getByTestId('cell-title').allInnerTexts();
}

/** Types into the rich-text editor of one locale. */
async function typeContent(page: Page, locale: 'sk' | 'en', text: string): Promise<void> {
  const editor = page.getByTestId(`field-content-${locale}`).locator('[contenteditable="true"]');
  await editor.click();
  await editor.pressSequentially(text);
  await expect(page.getByTestId(`field-content-${locale}-counts`)).toContainText(String(text.length));
}

/** Chooses a position in the form's multi-select. */
async function choosePosition(page: Page, title: string): Promise<void> {
  await page.getByTestId('field-positions').click();
  // Typing filters the options (antd's virtual list has only some of them in its accessible listbox).
  await page.keyboard.type(title);
  await expect(page.locator('.ant-select-item-option-active')).toHaveText(title);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown')).toBeHidden();
  await expect(page.getByTestId('field-positions').getByText(title, { exact: true })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('an administrator creates, edits, hides, publishes and deletes a text', async ({ page }) => {
  const skTitle = 'Letná akcia – žltý kôň';
  const enTitle = 'Summer offer – yellow horse';
  await page.goto(LIST);
  await page.getByTestId('list-create').click();
  const form = page.getByRole('dialog', { name: 'Nový text' });
  await expect(form).toBeVisible();
  await page.getByTestId('field-title-sk').fill(skTitle);
  await typeContent(page, 'sk', 'Ďalšie zľavy čoskoro');
  await choosePosition(page, 'Footer');
  await shot(page, 'text-form-sk');
  await page.getByTestId('locale-tab-en').click();
  await page.getByTestId('field-title-en').fill(enTitle);
  await typeContent(page, 'en', 'More discounts soon');
  await shot(page, 'text-form-en');
  await expectSuccessOf(page, 'Položka bola vytvorená.', () => page.getByTestId('form-save').click());
  await expect(form).toBeHidden();
  // Newest first: the default sort is updated_at descending.
  await expect(page.getByTestId('cell-title').first()).toHaveText(skTitle);
  const row = rowOf(page, skTitle);
  await expect(row.getByTestId('cell-status')).toHaveAttribute('data-status', '1');
  await expect(row).toContainText('Footer');
  await shot(page, 'texts-list');

  // Edit: the row's address opens the form with what was saved (typing waits until the record is in).
  const loaded = page.waitForResponse((r) => /\/api\/content\/text\/\d+$/.test(r.url()) && r.ok());
  await row.getByTestId('row-edit').click();
  await loaded;
  await expect(page.getByTestId('preloader')).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/app\/content\/text\/\d+$/);
  const edit = page.getByRole('dialog', { name: 'Upraviť text' });
  await expect(page.getByTestId('field-title-sk')).toHaveValue(skTitle);
  await expect(page.getByTestId('field-content-sk')).toContainText('Ďalšie zľavy čoskoro');
  await page.getByTestId('field-title-sk').fill(`${skTitle} (upravené)`);
  await expectSuccessOf(page, 'Položka bola uložená.', () => page.getByTestId('form-save').click());
  await expect(edit).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/app\/content\/text$/);
  const edited = rowOf(page, `${skTitle} (upravené)`);
  await expect(edited).toBeVisible();
  await expect(rowOf(page, skTitle)).toHaveCount(0);

  // Hide, then publish, through the bulk menu; each asks first.
  const bulk = async (action: 'hide' | 'publish', question: string) => {
    await edited.getByRole('checkbox').check();
    await expect(page.getByTestId('list-bulk')).toHaveText(/Vybrané: 1/);
    await page.getByTestId('list-bulk').click();
    await page.getByTestId(`bulk-${action}`).click();
    await expect(page.getByRole('dialog', { name: question })).toBeVisible();
    await confirm(page);
  };
  await expectSuccessOf(page, 'Skryté: 1.', () => bulk('hide', 'Skryť vybrané položky (1)?'));
  await expect(edited.getByTestId('cell-status')).toHaveAttribute('data-status', '0');
  await expect(edited.getByTestId('cell-status')).toHaveText('Skryté');
  await expect(page.getByTestId('list-bulk')).toBeDisabled();
  await expectSuccessOf(page, 'Publikované: 1.', () => bulk('publish', 'Publikovať vybrané položky (1)?'));
  await expect(edited.getByTestId('cell-status')).toHaveAttribute('data-status', '1');
  await expect(edited.getByTestId('cell-status')).toHaveText('Publikované');

  // Delete from the row, after confirming.
  await edited.getByTestId('row-delete').click();
  await expect(page.getByText('Naozaj chcete odstrániť túto položku?')).toBeVisible();
  await expectSuccessOf(page, 'Položka bola odstránená.', () => confirm(page));
  await expect(edited).toHaveCount(0);
  await expect(page.getByTestId('cell-title').first()).toBeVisible();
});

test('a too-short English title while the Slovak tab is open switches to English and says why', async ({ page }) => {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/content/text')) writes.push(request.url());
  });
  await page.goto(LIST);
  await page.getByTestId('list-create').click();
  await page.getByTestId('field-title-sk').fill('Platný názov');
  await choosePosition(page, 'Sidebar');
  await page.getByTestId('locale-tab-en').click();
  await page.getByTestId('field-title-en').fill('ab');
  await page.getByTestId('locale-tab-sk').click();
  await expect(page.getByRole('tab', { name: 'Slovenčina' })).toHaveAttribute('aria-selected', 'true');

  await page.getByTestId('form-save').click();
  await expect(page.getByRole('tab', { name: 'Angličtina' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('field-title-en')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText('Zadajte aspoň 3 znaky.')).toBeVisible();
  await expect(page.getByTestId('field-title-sk')).toBeHidden();
  await shot(page, 'text-form-error');
  expect(writes).toEqual([]);

  // Fixing it saves.
  await page.getByTestId('field-title-en').fill('Valid title');
  await expectSuccessOf(page, 'Položka bola vytvorená.', () => page.getByTestId('form-save').click());
  expect(writes).toHaveLength(1);
});

test('the address keeps page, sort and search across a reload', async ({ page }) => {
  for (const n of [1, 2, 3]) await apiCreateText(page, { sk: `Stránkovanie ${n}`, en: `Paging ${n}` });
  await page.goto(LIST);
  await expect(page.getByTestId('cell-title').first()).toBeVisible();

  // Sort by title, 10 a page, page 2.
  await page.getByRole('columnheader', { name: 'Názov' }).click();
  await expect(page).toHaveURL(/sort=title&order=asc/);
  // The page-size select, by keyboard: it opens on 20 / strana, one up is 10.
  await page.locator('.ant-pagination-options').getByRole('combobox').click();
  await expect(page.locator('.ant-select-item-option-active')).toHaveText('20 / strana');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('.ant-select-item-option-active')).toHaveText('10 / strana');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/per_page=10/);
  await page.getByRole('listitem', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('list-info')).toContainText(/^Zobrazené 11 – \d+ z \d+$/);
  const secondPage = await titles(page);
  expect(secondPage.length).toBeGreaterThan(0);
  const address = page.url();
  await page.reload();
  await expect(page.getByTestId('list-info')).toContainText(/^Zobrazené 11 – \d+ z \d+$/);
  expect(page.url()).toBe(address);
  await expect(page.getByTestId('cell-title')).toHaveText(secondPage);
  await expect(page.getByRole('columnheader', { name: 'Názov' })).toHaveAttribute('aria-sort', 'ascending');

  // Search waits for the typing to stop, then lands in the address.
  await page.goto(LIST);
  await page.getByTestId('list-search').fill('Kontakt');
  await expect(page).not.toHaveURL(/search=/);
  await expect(page).toHaveURL(/search=Kontakt/);
  await expect(page.getByTestId('cell-title')).toHaveText(['Kontaktujte nás']);
  await page.reload();
  await expect(page.getByTestId('list-search')).toHaveValue('Kontakt');
  await expect(page.getByTestId('cell-title')).toHaveText(['Kontaktujte nás']);
  await page.getByTestId('list-search').fill('nič také neexistuje');
  await expect(page.getByTestId('list-empty')).toHaveText('Žiadne záznamy');
});

test('opening a text address opens the form for that row', async ({ page }) => {
  const id = await apiFindText(page, 'Otváracie hodiny');
  await page.goto(`${LIST}/${id}`);
  await expect(page.getByRole('dialog', { name: 'Upraviť text' })).toBeVisible();
  await expect(page.getByTestId('field-title-sk')).toHaveValue('Otváracie hodiny');
  await expect(page.getByTestId('breadcrumbs')).toContainText(`#${id}`);
  await page.getByTestId('locale-tab-en').click();
  await expect(page.getByTestId('field-title-en')).toHaveValue('Opening hours');
  await expect(page.getByTestId('field-content-en')).toContainText('Mon – Fri: 8:00 – 16:30');
  await page.getByTestId('form-close').click();
  await expect(page).toHaveURL(/\/admin\/app\/content\/text$/);
  await expect(page.getByRole('dialog', { name: 'Upraviť text' })).toBeHidden();
  await expect(page.getByTestId('cell-title').first()).toBeVisible();
});

test('after a save the user menu lists it with a link to the text', async ({ page }) => {
  const id = await apiCreateText(page, { sk: 'Záznam v menu', en: 'Menu entry' });
  await page.goto(`${LIST}/${id}`);
  await expect(page.getByTestId('field-title-sk')).toHaveValue('Záznam v menu');
  await page.getByTestId('field-title-sk').fill('Záznam v menu používateľa');
  await expectSuccessOf(page, 'Položka bola uložená.', () => page.getByTestId('form-save').click());

  await page.getByTestId('user-menu').click();
  const latest = page.getByTestId('log-item').first();
  await expect(latest).toContainText('Text');
  await expect(latest).toContainText('upravený');
  await expect(latest.getByRole('link')).toHaveAttribute('href', `${LIST}/${id}`);
  await shot(page, 'user-menu');
  await latest.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/${id}$`));
  await expect(page.getByTestId('field-title-sk')).toHaveValue('Záznam v menu používateľa');
});
