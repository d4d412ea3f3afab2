import { expect, test } from '@playwright/test';
import { apiCreate, expectSuccessOf, login, PNG_1X1, pageLikeLang, pickOption, rowOf, shot } from './helpers.js';

const LIST = '/admin/app/content/category';
const API = '/api/content/category/';

/** A category of module 1 (Novinky) or 2 (Galéria) through the API. */
function category(sk: string, en: string, slug: string, module_id = 1) {
  return { langs: { sk: pageLikeLang(sk, `${slug}-sk`), en: pageLikeLang(en, `${slug}-en`) }, module_id, status: true };
}

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('a category is created in both locales with its title_url generated from the title', async ({ page }) => {
  await apiCreate(page, API, category('Galéria leta', 'Summer gallery', 'galeria-leta', 2));
  await page.goto('/admin/app/dashboard');
  // The dashboard has a category tile now that the screen exists.
  await expect(page.getByTestId('tile-Category')).toContainText('Kategórie');
  await page.getByTestId('tile-Category').click();
  await expect(page).toHaveURL(/\/admin\/app\/content\/category$/);
  await expect(page.getByRole('columnheader', { name: 'Názov' })).toHaveAttribute('aria-sort', 'ascending');

  await page.getByTestId('list-create').click();
  const form = page.getByRole('dialog', { name: 'Nová kategória' });
  await expect(form).toBeVisible();
  await page.getByTestId('field-title-sk').fill('Letné správy & akcie');
  await expect(page.getByTestId('field-title_url-sk')).toHaveValue('letne-spravy-and-akcie');
  await page.getByTestId('field-meta_title-sk').fill('Letné správy');
  await page.getByTestId('locale-tab-en').click();
  await page.getByTestId('field-title-en').fill('Summer news');
  await expect(page.getByTestId('field-title_url-en')).toHaveValue('summer-news');
  await expect(page.getByTestId('field-title_url-en')).toHaveAttribute('data-check', 'valid');
  await page.getByTestId('locale-tab-sk').click();

  // The module is required.
  await page.getByTestId('form-save').click();
  await expect(form.getByText('Vyberte možnosť.', { exact: true })).toBeVisible();
  await page.getByTestId('field-module_id').click();
  await pickOption(page, 'Novinky');
  await page.getByTestId('field-css_class').fill('summer');
  await page.getByTestId('field-publish_up').click();
  await page.keyboard.type('1.7.2026, 08:30');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('field-publish_up')).toHaveValue('1.7.2026, 08:30');
  await shot(page, 'category-form');
  await expectSuccessOf(page, 'Položka bola vytvorená.', () => page.getByTestId('form-save').click());
  await expect(form).toBeHidden();
  const row = rowOf(page, 'Letné správy & akcie');
  await expect(row.getByTestId('cell-module')).toHaveText('Novinky');
  await shot(page, 'categories-list');

  // The module filter.
  await page.getByTestId('list-filter-toggle').click();
  await page.getByTestId('filter-module_id').click();
  await pickOption(page, 'Galéria');
  await expect(page).toHaveURL(/module_id=2/);
  await expect(row).toHaveCount(0);
  await expect(rowOf(page, 'Galéria leta')).toBeVisible();
  await page.goto(LIST);

  // Edit: what was saved comes back, the title_url is not regenerated from an edited title.
  await rowOf(page, 'Letné správy & akcie').getByTestId('row-edit').click();
  await expect(page.getByRole('dialog', { name: 'Upraviť kategóriu' })).toBeVisible();
  await expect(page.getByTestId('field-title_url-sk')).toHaveValue('letne-spravy-and-akcie');
  await expect(page.getByTestId('field-publish_up')).toHaveValue('1.7.2026, 08:30');
  await expect(page.getByTestId('field-module_id')).toContainText('Novinky');
  await page.getByTestId('field-title-sk').fill('Letné správy');
  await expect(page.getByTestId('field-title_url-sk')).toHaveValue('letne-spravy-and-akcie');
  await page.getByTestId('locale-tab-en').click();
  await expect(page.getByTestId('field-title_url-en')).toHaveValue('summer-news');
  await expectSuccessOf(page, 'Položka bola uložená.', () => page.getByTestId('form-save').click());
  await expect(rowOf(page, 'Letné správy')).toBeVisible();
});

test('a title_url another category holds is reported after the pause', async ({ page }) => {
  await apiCreate(page, API, category('Obsadená adresa', 'Taken address', 'obsadena'));
  await page.goto(LIST);
  await page.getByTestId('list-create').click();
  await page.getByTestId('field-title-sk').fill('Obsadena sk');
  const url = page.getByTestId('field-title_url-sk');
  await expect(url).toHaveValue('obsadena-sk');
  await expect(url).toHaveAttribute('data-check', 'invalid');
  await expect(page.getByRole('tabpanel').getByText('Táto URL adresa sa už používa.')).toBeVisible();
  await shot(page, 'category-form-title-url');

  // A free value removes the message again.
  await url.fill('volna-adresa-sk');
  await expect(url).toHaveAttribute('data-check', 'valid');
  await expect(page.getByText('Táto URL adresa sa už používa.')).toHaveCount(0);
});

test('changing the module clears the parent and reloads its options', async ({ page }) => {
  await apiCreate(page, API, category('Rodič noviniek', 'News parent', 'rodic-noviniek', 1));
  await apiCreate(page, API, category('Rodič galérií', 'Gallery parent', 'rodic-galerii', 2));
  await page.goto(LIST);
  await page.getByTestId('list-create').click();
  await expect(page.getByTestId('field-parent_id')).toHaveClass(/ant-select-disabled/);
  await page.getByTestId('field-module_id').click();
  await pickOption(page, 'Novinky');
  await page.getByTestId('field-parent_id').click();
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).not.toContainText(
    'Rodič galérií',
  );
  await pickOption(page, 'Rodič noviniek');
  await expect(page.getByTestId('field-parent_id')).toContainText('Rodič noviniek');

  await page.getByTestId('field-module_id').click();
  await pickOption(page, 'Galéria');
  await expect(page.getByTestId('field-parent_id')).not.toContainText('Rodič noviniek');
  await expect(page.getByTestId('field-parent_id')).toContainText('Bez nadradenej kategórie');
  await page.getByTestId('field-parent_id').click();
  await pickOption(page, 'Rodič galérií');
  await expect(page.getByTestId('field-parent_id')).toContainText('Rodič galérií');
});

test('the category image: chosen, saved, shown as a 150×120 thumbnail, then cleared', async ({ page }) => {
  const id = await apiCreate(page, API, category('S obrázkom', 'With image', 's-obrazkom'));
  await page.goto(`${LIST}/${id}`);
  await expect(page.getByTestId('field-title-sk')).toHaveValue('S obrázkom');
  await expect(page.getByTestId('field-image')).toHaveAttribute('data-state', 'empty');
  await page
    .getByTestId('field-image-input')
    .setInputFiles({ name: 'bod.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByTestId('field-image')).toHaveAttribute('data-state', 'file');
  await expectSuccessOf(page, 'uložen', () => page.getByTestId('form-save').click());

  await page.goto(`${LIST}/${id}`);
  const preview = page.getByTestId('field-image-preview');
  await expect(preview).toHaveAttribute('src', new RegExp(`^/gallery/category/${id}/thumb/[^/]+\\.png$`));
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(150);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(120);
  await shot(page, 'category-image');

  await page.getByTestId('field-image-clear').click();
  await expect(page.getByTestId('field-image')).toHaveAttribute('data-state', 'cleared');
  await expectSuccessOf(page, 'uložen', () => page.getByTestId('form-save').click());
  await page.goto(`${LIST}/${id}`);
  await expect(page.getByTestId('field-title-sk')).toHaveValue('S obrázkom');
  await expect(page.getByTestId('field-image')).toHaveAttribute('data-state', 'empty');
});
