import { expect, test } from '@playwright/test';
import {
  apiCreate,
  confirm,
  expectSuccess,
  expectSuccessOf,
  login,
  pageLikeLang,
  pickMultiOption,
  rowOf,
  shot,
} from './helpers.js';

const lang = (title: string, title_url: string) => ({
  title,
  title_url,
  content: '',
  content_road: '',
  content_railway: '',
  meta_title: '',
  meta_description: '',
  panel_text: '',
});

test.beforeEach(async ({ page }) => {
  await login(page);
});

test("a reference's order is edited in the list, kept after a reload, and the input keeps the focus", async ({
  page,
}) => {
  await apiCreate(page, '/api/reference/', {
    langs: { sk: lang('Most cez Váh', 'most-cez-vah'), en: lang('Bridge over the Váh', 'bridge-vah') },
    amount: 1500,
    order: 3,
  });
  await page.goto('/admin/app/reference');
  const row = rowOf(page, 'Most cez Váh');
  await expect(row.getByTestId('cell-amount')).toHaveText('1500');
  const order = row.getByTestId('cell-order').locator('xpath=descendant-or-self::input');
  await expect(order).toHaveValue('3');
  await order.fill('12');
  await expectSuccess(page, 'uložen');
  await expect(order).toBeFocused();
  await shot(page, 'references-list');
  await page.reload();
  await expect(
    rowOf(page, 'Most cez Váh').getByTestId('cell-order').locator('xpath=descendant-or-self::input'),
  ).toHaveValue('12');
});

test('a news article needs a News category; saved, it lists its category as a badge', async ({ page }) => {
  await apiCreate(page, '/api/content/category/', {
    langs: {
      sk: {
        title: 'Oznamy',
        title_url: 'oznamy-e2e',
        content: '',
        teaser: '',
        page_text: '',
        meta_title: '',
        meta_description: '',
        claim: '',
      },
      en: {
        title: 'Notices',
        title_url: 'notices-e2e',
        content: '',
        teaser: '',
        page_text: '',
        meta_title: '',
        meta_description: '',
        claim: '',
      },
    },
    module_id: 1,
  });
  await page.goto('/admin/app/news');
  await expect(page.getByRole('columnheader', { name: 'Upravené' })).toHaveAttribute('aria-sort', 'descending');
  await page.getByTestId('list-create').click();
  await page.getByTestId('field-title-sk').fill('Nový sklad v Žiline');
  await expect(page.getByTestId('field-title_url-sk')).toHaveValue('novy-sklad-v-ziline');
  await page.getByTestId('locale-tab-en').click();
  await page.getByTestId('field-title-en').fill('New warehouse in Žilina');
  await page.getByTestId('locale-tab-sk').click();
  await page.getByTestId('form-save').click();
  await expect(page.getByText('Vyberte aspoň jednu možnosť.')).toBeVisible();
  await pickMultiOption(page, page.getByTestId('field-categories'), 'Oznamy');
  await shot(page, 'news-form');
  await expectSuccessOf(page, 'Položka bola vytvorená.', () => page.getByTestId('form-save').click());
  await expect(rowOf(page, 'Nový sklad v Žiline').getByTestId('cell-categories')).toHaveText('Oznamy');
});

test("deleting a news row at 1024 px, by keyboard or mouse, leaves the table's sideways scroll and the titles in view", async ({
  page,
}) => {
  const category = await apiCreate(page, '/api/content/category/', {
    // Addresses of this run's own: a retry creates its category beside the first try's.
    langs: {
      sk: pageLikeLang('Krátke správy', `kratke-spravy-${Date.now()}`),
      en: pageLikeLang('Short news', `short-news-${Date.now()}`),
    },
    module_id: 1,
  });
  const articleLang = (title: string, title_url: string) => ({
    title,
    title_url,
    content: '',
    meta_title: '',
    meta_description: '',
  });
  await apiCreate(page, '/api/blog/', {
    langs: {
      sk: articleLang('Sklad otvorený aj v nedeľu', 'sklad-nedela-e2e'),
      en: articleLang('Warehouse open on Sundays', 'warehouse-sundays-e2e'),
    },
    categories: [category],
  });
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/admin/app/news');
  const row = rowOf(page, 'Sklad otvorený aj v nedeľu');
  await expect(row).toBeVisible();
  const table = page.locator('.ant-table-content');
  const scrollLeft = () => table.evaluate((element) => element.scrollLeft);
  expect(
    await table.evaluate((element) => element.scrollWidth - element.clientWidth),
    'the news table is wider than its card',
  ).toBeGreaterThan(0);
  expect(await scrollLeft()).toBe(0);

  // By keyboard: from the row's checkbox to its delete button, whose Enter opens the confirmation; Escape closes it.
  await row.getByRole('checkbox').focus();
  const remove = row.getByTestId('row-delete');
  for (let tab = 0; tab < 6 && !(await remove.evaluate((button) => button === document.activeElement)); tab++) {
    await page.keyboard.press('Tab');
  }
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  const question = page.getByText('Naozaj chcete odstrániť túto položku?');
  await expect(question).toBeVisible();
  expect(await scrollLeft(), 'the table has not scrolled sideways').toBe(0);
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();

  // By mouse, then confirmed: the titles stay in view the whole time.
  await remove.click();
  await expect(question).toBeVisible();
  expect(await scrollLeft(), 'the table has not scrolled sideways').toBe(0);
  await shot(page, 'news-delete-confirm-1024');
  await expectSuccessOf(page, 'Položka bola odstránená.', () => confirm(page));
  await expect(row).toHaveCount(0);
});
