import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { E2E, e2eServer } from './env.js';
import {
  apiCreate,
  confirm,
  decodeQuotedPrintable,
  expectSuccessOf,
  login,
  outboxFiles,
  pageLikeLang,
  rowOf,
} from './helpers.js';

// A test mail of a template; the bulk "duplicate" and "assign a category" of the news list
// (docs/features/settings-and-mail.md "Test mail", docs/features/lists.md "Duplicate and assign a category").

/** Screens of this spec, in both languages, for a person to look at. */
const SHOTS = process.env.EXTRAS_SHOTS ?? '/tmp/shots-extras';
async function look(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Switches the admin's language (kept for the user) and waits for it. */
async function language(page: Page, lang: 'sk' | 'en') {
  await page.getByTestId(`lang-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test.beforeEach(async ({ page }) => {
  await login(page);
});

test.afterEach(async ({ page }) => {
  // The language is the user's: the next test starts in Slovak again.
  if ((await page.locator('html').getAttribute('lang')) !== 'sk') await language(page, 'sk');
});

test('a test mail of a template goes to the signed-in user, in the language picked', async ({ page }) => {
  await page.goto('/admin/app/mail');
  const row = page.getByRole('row').filter({ has: page.locator('[data-event="contact"]') });
  await expect(row).toBeVisible();
  const before = await outboxFiles();
  await row.getByTestId('row-mail-test').click();
  await expect(page.getByTestId('mail-test-en')).toBeVisible();
  await look(page, 'mail-test-menu-sk');
  await expectSuccessOf(page, `Testovací e-mail bol odoslaný na ${E2E.admin.email}.`, () =>
    page.getByTestId('mail-test-en').click(),
  );
  await look(page, 'mail-test-sent-sk');

  // The mail in the outbox: to the admin alone, marked as a test, the English template with sample values.
  let mail = '';
  await expect
    .poll(
      async () => {
        for (const name of (await outboxFiles()).filter((file) => !before.includes(file))) {
          const text = decodeQuotedPrintable(await readFile(join(e2eServer().dataDir, 'outbox', name), 'utf8'));
          if (/^Subject: .*\[Test\]/m.test(text)) mail = text;
        }
        return mail;
      },
      { message: 'a test mail in the outbox' },
    )
    .not.toBe('');
  expect(mail).toMatch(new RegExp(`^To: .*${E2E.admin.email}`, 'm'));
  expect(mail).toContain('lang="en"');
  expect(mail).toContain('jan.novak@example.com');

  await language(page, 'en');
  await row.getByTestId('row-mail-test').click();
  await expect(page.getByTestId('mail-test-sk')).toBeVisible();
  await look(page, 'mail-test-menu-en');
  await expectSuccessOf(page, `A test e-mail has been sent to ${E2E.admin.email}.`, () =>
    page.getByTestId('mail-test-sk').click(),
  );
  await look(page, 'mail-test-sent-en');
});

test.describe('news in bulk', () => {
  // The second test works on the copies the first one made. Their titles are this run's own, so that a retry (in a
  // new worker, which gives RUN again) meets none of the first try's addresses.
  const RUN = Date.now().toString(36);
  test.describe.configure({ mode: 'serial' });

  test('news are duplicated as hidden drafts', async ({ page }) => {
    const category = (sk: string, en: string, slug: string) =>
      apiCreate(page, '/api/content/category/', {
        langs: { sk: pageLikeLang(sk, `${slug}-sk`), en: pageLikeLang(en, `${slug}-en`) },
        module_id: 1,
      });
    const first = await category(`Oznamy E2E ${RUN}`, `Notices E2E ${RUN}`, `oznamy-e2e-${RUN}`);
    await category(`Akcie E2E ${RUN}`, `Events E2E ${RUN}`, `akcie-e2e-${RUN}`);
    const articleLang = (title: string, title_url: string) => ({
      title,
      title_url,
      content: `<p>${title}</p>`,
      meta_title: '',
      meta_description: '',
    });
    for (const [sk, en, slug] of [
      [`Nový sklad E2E ${RUN}`, `New warehouse E2E ${RUN}`, `novy-sklad-e2e-${RUN}`],
      [`Letná akcia E2E ${RUN}`, `Summer sale E2E ${RUN}`, `letna-akcia-e2e-${RUN}`],
    ] as const) {
      await apiCreate(page, '/api/blog/', {
        langs: { sk: articleLang(sk, slug), en: articleLang(en, `${slug}-en`) },
        categories: [first],
        status: true,
      });
    }

    // Through the menu: the admin is loaded already (a new page load costs seconds on a busy machine).
    await page.getByTestId('nav-news').click();
    await expect(page).toHaveURL(/\/admin\/app\/news$/);
    await expect(rowOf(page, `Nový sklad E2E ${RUN}`)).toBeVisible();
    await rowOf(page, `Nový sklad E2E ${RUN}`).getByRole('checkbox').check();
    await rowOf(page, `Letná akcia E2E ${RUN}`).getByRole('checkbox').check();
    await expect(page.getByTestId('list-bulk')).toContainText('2');
    await page.getByTestId('list-bulk').click();
    await expect(page.getByTestId('bulk-duplicate')).toBeVisible();
    await look(page, 'bulk-menu-sk');
    await page.getByTestId('bulk-duplicate').click();
    await expect(page.getByRole('dialog')).toContainText('Duplikovať vybrané položky (2)?');
    await look(page, 'bulk-duplicate-confirm-sk');
    await expectSuccessOf(page, 'Duplikované: 2.', () => confirm(page));
    const copy = rowOf(page, `Nový sklad E2E ${RUN} (kópia)`);
    await expect(copy).toBeVisible();
    await expect(rowOf(page, `Letná akcia E2E ${RUN} (kópia)`)).toBeVisible();
    // A hidden draft.
    await expect(copy.getByTestId('cell-status')).toHaveAttribute('data-status', '0');
    await look(page, 'bulk-duplicated-sk');

    // The same in English.
    await language(page, 'en');
    const english = rowOf(page, `New warehouse E2E ${RUN}`);
    await expect(english).toBeVisible();
    await english.getByRole('checkbox').check();
    await page.getByTestId('list-bulk').click();
    await expect(page.getByTestId('bulk-category')).toHaveText('Assign a category');
    await look(page, 'bulk-menu-en');
    await page.getByTestId('bulk-duplicate').click();
    await expect(page.getByRole('dialog')).toContainText('Duplicate the selected items (1)?');
    await look(page, 'bulk-duplicate-confirm-en');
    await expectSuccessOf(page, 'Duplicated: 1.', () => confirm(page));
    // The Slovak run's copy and this one.
    await expect(rowOf(page, `New warehouse E2E ${RUN} (copy)`)).toHaveCount(2);
  });

  test('the copies are given a category in bulk', async ({ page }) => {
    await page.getByTestId('nav-news').click();
    // Two copies carry this Slovak title (the English run duplicated the same article): the first of them.
    const copy = rowOf(page, `Nový sklad E2E ${RUN} (kópia)`).first();
    await expect(copy).toBeVisible();
    // Both copies get the second category; their first one stays.
    await copy.getByRole('checkbox').check();
    await rowOf(page, `Letná akcia E2E ${RUN} (kópia)`).getByRole('checkbox').check();
    await expect(page.getByTestId('list-bulk')).toContainText('2');
    await page.getByTestId('list-bulk').click();
    await page.getByTestId('bulk-category').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Priradiť kategóriu vybraným položkám (2)?');
    await expect(dialog.getByTestId('confirm-ok')).toBeDisabled();
    await dialog.locator('.ant-select').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: `Akcie E2E ${RUN}` })
      .click();
    await expect(dialog.getByTestId('confirm-ok')).toBeEnabled();
    await look(page, 'bulk-category-confirm-sk');
    await expectSuccessOf(page, 'Kategória priradená: 2.', () => confirm(page));
    await expect(copy).toContainText(`Akcie E2E ${RUN}`);
    await expect(copy).toContainText(`Oznamy E2E ${RUN}`);
    await expect(rowOf(page, `Nový sklad E2E ${RUN}`)).not.toContainText(`Akcie E2E ${RUN}`);

    await language(page, 'en');
    await expect(rowOf(page, `Summer sale E2E ${RUN} (copy)`)).toBeVisible();
    await rowOf(page, `Summer sale E2E ${RUN} (copy)`).getByRole('checkbox').check();
    await page.getByTestId('list-bulk').click();
    await page.getByTestId('bulk-category').click();
    await expect(page.getByRole('dialog')).toContainText('Assign a category to the selected items');
    await look(page, 'bulk-category-confirm-en');
    await page.keyboard.press('Escape');

    // At 390 px the bulk menu and its confirmation fit the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('list-bulk').click();
    await page.getByTestId('bulk-category').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await look(page, 'bulk-category-confirm-390-en');
    await page.keyboard.press('Escape');
  });
});
