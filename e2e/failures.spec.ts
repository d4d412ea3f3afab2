import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env.js';
import { apiCreate, expectSuccessOf, login, PNG_1X1, shot } from './helpers.js';

const partnerLang = (title: string, title_url: string) => ({ title, title_url, content: '', url: '' });

/** Creates a partner through the API; answers its id. */
const createPartner = (page: Page, sk: string, en: string) =>
  apiCreate(page, '/api/partner/', {
    langs: { sk: partnerLang(sk, `${sk}-e2e`), en: partnerLang(en, `${en}-e2e`) },
    order: 1,
  });

/** The danger notification with this text. */
const expectDanger = (page: Page, text: string) =>
  expect(page.getByTestId('notification').filter({ hasText: text })).toHaveAttribute('data-type', 'danger');

test.describe('signed in as the administrator', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('a list whose load fails shows the error state, never "No records"; "Try again" loads it', async ({ page }) => {
    let failing = true;
    await page.route(
      (url) => url.pathname === '/api/partner/',
      (route) =>
        failing && route.request().method() === 'GET'
          ? route.fulfill({ status: 500, json: { message: 'Interná chyba servera.', error: 'Interná chyba servera.' } })
          : route.continue(),
    );
    await page.goto('/admin/app/partner');
    const error = page.getByTestId('list-error');
    await expect(error).toContainText('Zoznam sa nepodarilo načítať.', { timeout: 30_000 });
    await expect(error).toContainText('Interná chyba servera.');
    await expect(page.getByTestId('list-empty')).toHaveCount(0);
    await shot(page, 'list-error-sk');

    failing = false;
    await page.getByTestId('list-retry').click();
    await expect(page.getByTestId('cell-title').first()).toBeVisible();
    await expect(error).toHaveCount(0);

    // In English, after a refresh that fails again.
    failing = true;
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/admin/app/partner');
    await expect(page.getByTestId('list-error')).toContainText('The list could not be loaded.', { timeout: 30_000 });
    await expect(page.getByTestId('list-retry')).toHaveText('Try again');
    await shot(page, 'list-error-en');
    failing = false;
    await page.getByTestId('list-retry').click();
    await expect(page.getByTestId('cell-title').first()).toBeVisible();
    await page.evaluate(() => localStorage.setItem('language', 'sk'));
  });

  test('an image picked while the edit form still loads is kept by the load and saved', async ({ page }) => {
    const id = await createPartner(page, 'pomaly-partner', 'slow-partner');
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === `/api/partner/${id}`,
      async (route) => {
        if (route.request().method() === 'GET') await released;
        await route.continue();
      },
    );
    await page.goto(`/admin/app/partner/${id}`);
    const form = page.getByTestId('resource-form');
    await expect(form.getByTestId('field-image')).toBeVisible();
    await form
      .getByTestId('field-image-input')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(form.getByTestId('field-image')).toHaveAttribute('data-state', 'file');
    release();
    await expect(form.getByTestId('field-title-sk')).toHaveValue('pomaly-partner');
    await expect(form.getByTestId('field-image')).toHaveAttribute('data-state', 'file');
    await expectSuccessOf(page, 'uložen', () => form.getByTestId('form-save').click());
    const saved = await page.request.get(`/api/partner/${id}`, { headers: { Accept: 'application/json' } });
    const body: { data: { image: string | null } } = await saved.json();
    expect(body.data.image).toMatch(/\.png$/);
  });

  test('a non-numeric id in the address is "Not found", as an unknown number is', async ({ page }) => {
    await page.goto('/admin/app/partner/999999');
    await expectDanger(page, 'Záznam sa nenašiel.');
    await expect(page).toHaveURL(/\/admin\/app\/partner$/);

    await page.goto('/admin/app/partner/abc');
    await expectDanger(page, 'Záznam sa nenašiel.');
    await expect(page).toHaveURL(/\/admin\/app\/partner$/);
    await expect(page.getByTestId('resource-form')).toBeHidden();
    await expect(page.getByTestId('cell-title').first()).toBeVisible();
  });

  test('closing the form after a save sends no title_url check without the record id', async ({ page }) => {
    const id = await createPartner(page, 'kontrola-adresy', 'address-check');
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/partner/validate/title_url')) checks.push(request.postData() ?? '');
    });
    await page.goto(`/admin/app/partner/${id}`);
    const form = page.getByTestId('resource-form');
    await expect(form.getByTestId('field-title-sk')).toHaveValue('kontrola-adresy');
    // The loaded addresses are checked once (with the id) 700 ms after the load.
    await expect.poll(() => checks.length).toBe(2);
    await expectSuccessOf(page, 'uložen', () => form.getByTestId('form-save').click());
    await expect(page).toHaveURL(/\/admin\/app\/partner$/);
    await page.waitForTimeout(1_500);
    expect(checks.length).toBe(2);
    for (const check of checks) expect(JSON.parse(check)).toMatchObject({ id });
  });

  test('the administrator can tick submissions (remove is offered)', async ({ page }) => {
    await page.goto('/admin/app/form/contact');
    await expect(page.getByTestId('row-detail').first()).toBeVisible();
    await expect(page.locator('.ant-table-tbody').getByRole('checkbox').first()).toBeVisible();
  });
});

test('the traffic screen loads one range once, also after the dashboard and on coming back', async ({ page }) => {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/stats/traffic') loads.push(request.url());
  });
  // Signing in lands on the dashboard, which shows the same last 7 days as the statistics' default range.
  await login(page);
  await expect(page.getByTestId('dashboard-traffic').getByTestId('traffic-chart')).toBeVisible();
  await page.getByTestId('nav-stats').click();
  await page.getByTestId('nav-statsTraffic').click();
  const traffic = page.getByTestId('stats-traffic');
  await expect(traffic.getByTestId('traffic-chart')).toBeVisible();
  await page.getByTestId('nav-statsContent').click();
  await expect(page).toHaveURL(/\/stats\/content$/);
  await page.getByTestId('nav-statsTraffic').click();
  await expect(traffic.getByTestId('traffic-chart')).toBeVisible();
  await page.waitForTimeout(500);
  expect(loads).toHaveLength(1);
});

test('a role-2 editor gets no checkboxes in the submission lists, where no bulk action is theirs', async ({ page }) => {
  await login(page, E2E.editor);
  for (const list of ['contact', 'price', 'registration']) {
    await page.goto(`/admin/app/form/${list}`);
    await expect(page.getByTestId('row-detail').first()).toBeVisible();
    await expect(page.locator('.bo-list').getByRole('checkbox')).toHaveCount(0);
  }
  // Content lists still offer publish and hide, so rows can be ticked there.
  await page.goto('/admin/app/partner');
  await expect(page.getByTestId('cell-title').first()).toBeVisible();
  await expect(page.locator('.ant-table-tbody').getByRole('checkbox').first()).toBeVisible();
});
