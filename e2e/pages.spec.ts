import { expect, type Page, test } from '@playwright/test';
import { apiCreate, expectSuccessOf, login, PNG_1X1, pageLikeLang, pickOption, rowOf, shot } from './helpers.js';

const LIST = '/admin/app/content/page';
const API = '/api/content/page/';

/** A page through the API; in the main navigation group when `navigation` is set. */
function pageInput(sk: string, en: string, slug: string, extra: Record<string, unknown> = {}) {
  return { langs: { sk: pageLikeLang(sk, `${slug}-sk`), en: pageLikeLang(en, `${slug}-en`) }, status: true, ...extra };
}

/** Types into a rich-text editor and waits for the word and character counts to follow. */
async function typeInEditor(page: Page, testId: string, text: string): Promise<void> {
  const counts = page.getByTestId(`${testId}-counts`);
  const before = await counts.innerText();
  await page.getByTestId(testId).locator('[contenteditable="true"]').click();
  await page.keyboard.type(text);
  await expect(counts).not.toHaveText(before);
  await expect(counts).toContainText(String(text.split(/\s+/).length));
}

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('a page is created in both locales with its image; the title_url is generated and a taken one reported', async ({
  page,
}) => {
  await apiCreate(page, API, pageInput('Obsadená stránka', 'Taken page', 'obsadena'));
  await expect(page.getByTestId('tile-Page')).toContainText('Stránky');
  await page.goto('/admin/app/content');
  await expect(page).toHaveURL(/\/admin\/app\/content\/page$/);
  await expect(page.getByRole('columnheader', { name: 'Názov' })).toHaveAttribute('aria-sort', 'ascending');

  await page.getByTestId('list-create').click();
  const form = page.getByRole('dialog', { name: 'Nová stránka' });
  await expect(form).toBeVisible();
  // A title whose address another page holds: reported after the pause, and gone once the address changes.
  await page.getByTestId('field-title-sk').fill('Obsadena sk');
  const urlSk = page.getByTestId('field-title_url-sk');
  await expect(urlSk).toHaveValue('obsadena-sk');
  await expect(urlSk).toHaveAttribute('data-check', 'invalid');
  await expect(form.getByText('Táto URL adresa sa už používa.')).toBeVisible();
  await page.getByTestId('field-title-sk').fill('Naše služby');
  await expect(urlSk).toHaveValue('nase-sluzby');
  await expect(urlSk).toHaveAttribute('data-check', 'valid');
  await expect(form.getByText('Táto URL adresa sa už používa.')).toHaveCount(0);
  await typeInEditor(page, 'field-content-sk', 'Robíme weby a aplikácie');
  await typeInEditor(page, 'field-teaser-sk', 'Weby, aplikácie a podpora');
  await page.getByTestId('field-meta_title-sk').fill('Služby');

  await page.getByTestId('locale-tab-en').click();
  await page.getByTestId('field-title-en').fill('Our services');
  await expect(page.getByTestId('field-title_url-en')).toHaveValue('our-services');
  await expect(page.getByTestId('field-title_url-en')).toHaveAttribute('data-check', 'valid');
  await typeInEditor(page, 'field-content-en', 'We build websites');
  await page.getByTestId('locale-tab-sk').click();

  await page
    .getByTestId('field-image-input')
    .setInputFiles({ name: 'sluzby.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByTestId('field-image')).toHaveAttribute('data-state', 'file');
  await shot(page, 'page-form');
  await expectSuccessOf(page, 'Položka bola vytvorená.', () => page.getByTestId('form-save').click());
  await expect(form).toBeHidden();

  const row = rowOf(page, 'Naše služby');
  await expect(row.getByTestId('cell-description')).toHaveText('Weby, aplikácie a podpora');
  await expect(row.getByTestId('cell-navigation')).toHaveText('Nie');
  await expect(row.getByTestId('cell-module')).toHaveText('Nie');
  await shot(page, 'pages-list');

  // The English title in the English UI.
  await row.getByTestId('row-edit').click();
  await expect(page.getByTestId('field-title_url-sk')).toHaveValue('nase-sluzby');
  const preview = page.getByTestId('field-image-preview');
  await expect(preview).toHaveAttribute('src', /^\/gallery\/page\/\d+\/thumb\/[^/]+\.png$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(150);
  await page.getByTestId('locale-tab-en').click();
  await expect(page.getByTestId('field-title-en')).toHaveValue('Our services');
  await expect(page.getByTestId('field-content-en')).toContainText('We build websites');
});

test('changing the module clears the category; a module another page hosts is reported', async ({ page }) => {
  // The demo pages "Novinky" and "Galéria" host modules 1 and 2 without a category. A run's own category: a retry
  // finds the first try's beside it.
  const stamp = Date.now();
  const category = `Tlačové správy ${stamp}`;
  await apiCreate(page, '/api/content/category/', {
    langs: {
      sk: pageLikeLang(category, `tlacove-spravy-${stamp}`),
      en: pageLikeLang(`Press releases ${stamp}`, `press-${stamp}`),
    },
    module_id: 1,
  });
  await page.goto(LIST);
  await page.getByTestId('list-create').click();
  const taken = page.getByText('Tento modul už má priradenú inú stránku.');
  await expect(page.getByTestId('field-category_id')).toHaveCount(0);
  await page.getByTestId('field-module_id').click();
  await pickOption(page, 'Novinky');
  await expect(taken).toBeVisible();
  // Narrowed to a category, the module may be hosted by another page too.
  await page.getByTestId('field-category_id').click();
  await pickOption(page, category);
  await expect(page.getByTestId('field-category_id')).toContainText(category);
  await expect(taken).toHaveCount(0);

  await page.getByTestId('field-module_id').click();
  await pickOption(page, 'Galéria');
  await expect(page.getByTestId('field-category_id')).not.toContainText(category);
  await expect(page.getByTestId('field-category_id')).toContainText('Všetky kategórie modulu');
  await expect(taken).toBeVisible();
  await shot(page, 'page-form-module');

  await page.getByTestId('field-module_id').hover();
  await page.getByTestId('field-module_id').locator('.ant-select-clear').click();
  await expect(page.getByTestId('field-category_id')).toHaveCount(0);
  await expect(taken).toHaveCount(0);
});

test('a page inserted into navigation appears in the tree, and preview opens it on the public site', async ({
  page,
  context,
}) => {
  const parentId = await apiCreate(
    page,
    API,
    pageInput('Rodič v menu', 'Menu parent', 'rodic-menu', {
      navigation: { value: true, parent_id: null },
      group_id: 1,
    }),
  );
  await page.goto(LIST);
  await page.getByTestId('list-create').click();
  await page.getByTestId('field-title-sk').fill('Dieťa v menu');
  await page.getByTestId('locale-tab-en').click();
  await page.getByTestId('field-title-en').fill('Child in menu');
  await page.getByTestId('locale-tab-sk').click();
  await expect(page.getByTestId('field-group_id')).toHaveCount(0);
  await page.getByTestId('field-navigation.value').check();
  // The group is required once the page goes into navigation.
  await page.getByTestId('form-save').click();
  await expect(page.getByText('Vyberte možnosť.', { exact: true })).toBeVisible();
  await page.getByTestId('field-group_id').click();
  await pickOption(page, 'Hlavné menu');
  await page.getByTestId('field-navigation.parent_id').click();
  // The list is virtual: typing narrows it to the option (the demo's main menu is longer than the list shows).
  await page.keyboard.type('Rodič v');
  await pickOption(page, 'Rodič v menu');
  await page.getByTestId('field-status').uncheck();
  await expectSuccessOf(page, 'Položka bola vytvorená.', () => page.getByTestId('form-save').click());
  const row = rowOf(page, 'Dieťa v menu');
  await expect(row.getByTestId('cell-navigation')).toHaveText('Áno');
  await expect(row.getByTestId('cell-status')).toHaveAttribute('data-status', '0');

  // The parent's own form offers neither itself nor its child as its parent.
  await page.goto(`${LIST}/${parentId}`);
  await expect(page.getByTestId('field-title-sk')).toHaveValue('Rodič v menu');
  await page.getByTestId('field-navigation.parent_id').click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  await expect(options.filter({ hasText: 'Rodič v menu' })).toHaveCount(0);
  await expect(options.filter({ hasText: 'Dieťa v menu' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByTestId('form-close').click();

  await page.goto('/admin/app/content/navigation');
  const group = page.getByTestId('nav-group-main');
  await expect(group).toContainText('Hlavné menu');
  const parentNode = group.getByTestId('nav-node').filter({ hasText: 'Rodič v menu' });
  await expect(parentNode).toBeVisible();
  // Nested one level below its parent.
  const child = group.locator('.ant-tree-treenode').filter({ hasText: 'Dieťa v menu' });
  await expect(child.locator('.ant-tree-indent-unit')).toHaveCount(1);

  // Preview of the hidden page: a signed link in a new tab shows it.
  await page.goto(LIST);
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    rowOf(page, 'Dieťa v menu').getByTestId('row-preview').click(),
  ]);
  await tab.waitForURL(/\/sk\/dieta-v-menu\?preview=/);
  await expect(tab.locator('h1')).toHaveText('Dieťa v menu');
  await shot(tab, 'page-preview');
  // Without the token the hidden page does not exist.
  const plain = await page.request.get('/sk/dieta-v-menu');
  expect(plain.status()).toBe(404);
  // The public home page: the main menu holds the published parent, not its hidden child.
  await tab.goto('/');
  await expect(tab).toHaveURL(/\/sk\/$/);
  const menu = tab.getByRole('navigation').first();
  await expect(menu.getByRole('link', { name: 'Rodič v menu' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Dieťa v menu' })).toHaveCount(0);
  await shot(tab, 'site-home');
  await tab.close();
});
