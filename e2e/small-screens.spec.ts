import { expect, type Page, test } from '@playwright/test';
import { login, shot } from './helpers.js';

/** Staff check a submission on a phone: no screen may scroll sideways at 390 px (and none at 1440 px). */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function firstId(page: Page, api: string): Promise<number> {
  const response = await page.request.get(api, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(response.ok()).toBe(true);
  const body: { data: { id: number }[] } = await response.json();
  const id = body.data[0]?.id;
  if (id === undefined) throw new Error(`${api} lists no record`);
  return id;
}

/** The page is no wider than the window. */
async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('.ant-spin-spinning, .bo-page-loading')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const SCREENS = [
  { name: 'texts', path: '/admin/app/content/text' },
  { name: 'pages', path: '/admin/app/content/page' },
  { name: 'contact-forms', path: '/admin/app/form/contact' },
  { name: 'users', path: '/admin/app/user' },
] as const;

for (const viewport of [DESKTOP, PHONE]) {
  test(`lists, forms and a submission fit a ${viewport.width} px wide window`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await login(page);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.locator('.ant-table')).toBeVisible();
      await expectNoSidewaysScroll(page, viewport.width);
      await shot(page, `${screen.name}-list-${viewport.width}`);
    }
    await page.goto(`/admin/app/content/text/${await firstId(page, '/api/content/text/')}`);
    await expect(page.getByTestId('resource-form')).toBeVisible();
    await expectNoSidewaysScroll(page, viewport.width);
    await shot(page, `text-form-${viewport.width}`);

    await page.goto(`/admin/app/content/page/${await firstId(page, '/api/content/page/')}`);
    await expect(page.getByTestId('resource-form')).toBeVisible();
    await expectNoSidewaysScroll(page, viewport.width);
    await shot(page, `page-form-${viewport.width}`);

    await page.goto(`/admin/app/form/contact/${await firstId(page, '/api/form/contact/')}`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSidewaysScroll(page, viewport.width);
    await shot(page, `contact-submission-${viewport.width}`);
  });
}

test('on a phone the side navigation takes no width and the toggle opens it over the screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page);
  const sider = page.getByTestId('sider');
  await expect(sider).toHaveAttribute('data-collapsed', 'true');
  expect((await sider.boundingBox())?.width ?? 0).toBe(0);
  await page.getByTestId('menu-toggle').click();
  await expect(sider).toHaveAttribute('data-collapsed', 'false');
  await expect(page.getByTestId('menu-toggle')).toHaveAttribute('aria-expanded', 'true');
  await page.getByTestId('nav-form').click();
  await page.getByTestId('nav-formContact').click();
  // Following a link closes it again.
  await expect(page).toHaveURL(/\/admin\/app\/form\/contact$/);
  await expect(sider).toHaveAttribute('data-collapsed', 'true');
  await expectNoSidewaysScroll(page, PHONE.width);
  await page.getByTestId('menu-toggle').click();
  await expect(sider).toHaveAttribute('data-collapsed', 'false');
  await shot(page, 'phone-menu-open');
  await page.getByTestId('sider-backdrop').click({ position: { x: 370, y: 400 } });
  await expect(sider).toHaveAttribute('data-collapsed', 'true');
});

test('on a phone the statistics fit the window, and a registration shows its cars in a table that scrolls in its own box', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await login(page);
  for (const route of ['traffic', 'content', 'source', 'demography', 'device']) {
    await page.goto(`/admin/app/stats/${route}`);
    await expect(page.getByTestId(`stats-${route}`)).toBeVisible();
    await expectNoSidewaysScroll(page, PHONE.width);
  }
  await page.goto('/admin/app/stats/content');
  const content = page.getByTestId('stats-table-content');
  await expect(content.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expectNoSidewaysScroll(page, PHONE.width);
  // The table's columns keep their width: it scrolls inside its box instead.
  const box = content.locator('.ant-table-content');
  expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await shot(page, 'stats-content-390');

  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const list: { data: { id: number }[] } = await (
    await page.request.get('/api/form/registration/?per_page=100', { headers })
  ).json();
  let withCars: number | undefined;
  for (const { id } of list.data) {
    const record: { data: { cars: unknown[] } } = await (
      await page.request.get(`/api/form/registration/${id}`, { headers })
    ).json();
    if (record.data.cars.length > 1) {
      withCars = id;
      break;
    }
  }
  if (withCars === undefined) throw new Error('the demo has no registration with cars');
  await page.goto(`/admin/app/form/registration/${withCars}`);
  const cars = page.getByTestId('detail-cars');
  await expect(cars.locator('tbody tr.ant-table-row')).not.toHaveCount(0);
  await expectNoSidewaysScroll(page, PHONE.width);
  // Readable: no cell is squeezed into more than one line (the label stands above, the table scrolls on its own).
  const tallest = await cars
    .locator('th, td')
    .evaluateAll((cells) => Math.max(...cells.map((cell) => cell.getBoundingClientRect().height)));
  expect(tallest).toBeLessThan(48);
  const label = page.locator('.bo-detail .ant-descriptions-item-label', { hasText: /^Vozidlá$/ });
  expect((await label.boundingBox())?.y ?? 0).toBeLessThan((await cars.boundingBox())?.y ?? 0);
  await shot(page, 'registration-cars-390');
});
