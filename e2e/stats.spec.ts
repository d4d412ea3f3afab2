import { expect, type Page, test } from '@playwright/test';
import { login, shot, siteDay } from './helpers.js';

const RANGE_KEY = 'stats.dateRange';

interface StoredRange {
  startDate: string;
  endDate: string;
}

const storedRange = (page: Page): Promise<StoredRange | null> =>
  page.evaluate((key) => {
    const value = localStorage.getItem(key);
    return value ? (JSON.parse(value) as StoredRange) : null;
  }, RANGE_KEY);

/** The days between two YYYY-MM-DD dates, both included. */
const daysOf = (range: StoredRange) =>
  Math.round((Date.parse(range.endDate) - Date.parse(range.startDate)) / 86_400_000) + 1;

/** Waits for the statistics call of a screen with exactly this range. */
const statsCall = (page: Page, path: string, range: StoredRange) =>
  page.waitForResponse(
    (response) =>
      response.url().includes(`/api/stats/${path}?`) &&
      new URL(response.url()).searchParams.get('startDate') === range.startDate &&
      new URL(response.url()).searchParams.get('endDate') === range.endDate &&
      response.ok(),
  );

/** Opens the range picker and chooses a quick range by its label. */
async function choosePreset(page: Page, label: string) {
  await page.getByTestId('stats-range').locator('.ant-picker').click();
  await page.locator('.ant-picker-presets li', { hasText: label }).click();
}

test.beforeEach(async ({ page }) => {
  await login(page);
  // The demo's traffic is written by a job a few seconds after the server answers: a spec run first can come sooner.
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/stats/traffic', {
          headers: { 'x-requested-with': 'XMLHttpRequest' },
          params: { startDate: siteDay(30), endDate: siteDay() },
        });
        if (!response.ok()) return 0;
        const body = (await response.json()) as { data: { value: number }[][] };
        return (body.data[0] ?? []).reduce((sum, day) => sum + day.value, 0);
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  // The dashboard the sign-in opened may have read the statistics before.
  await page.reload();
});

test('the dashboard shows the last 7 days as a chart and four totals, and a count tile per content type', async ({
  page,
}) => {
  await expect(page.getByTestId('traffic-chart').locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByTestId('traffic-chart').locator('.recharts-area')).toHaveCount(3);
  for (const key of ['users', 'newUsers', 'sessions', 'pageviews']) {
    await expect(page.getByTestId(`total-${key}`).locator('.ant-statistic-content')).toHaveText(/[1-9]/);
  }
  await expect(page.getByTestId('tile-Page')).toBeVisible();
  await shot(page, 'stats-dashboard');
  await page.getByTestId('tile-Reference').click();
  await expect(page).toHaveURL(/\/admin\/app\/reference$/);
});

test('every statistics screen shows its chart or tables from the demo traffic', async ({ page }) => {
  await page.goto('/admin/app/stats');
  await expect(page).toHaveURL(/\/admin\/app\/stats\/traffic$/);
  const traffic = page.getByTestId('stats-traffic');
  await expect(traffic.getByTestId('traffic-chart').locator('.recharts-area')).toHaveCount(3);
  await expect(traffic.locator('[data-testid^="total-"]')).toHaveCount(10);
  // MM:SS, two decimals, whole percent, euros (Slovak formats).
  await expect(page.getByTestId('total-avgSessionDuration')).toContainText(/\d{2}:\d{2}/);
  await expect(page.getByTestId('total-pageviewsPerSession')).toContainText(/\d+,\d{2}/);
  await expect(page.getByTestId('total-bounceRate')).toContainText(/\d+\s%/);
  await expect(page.getByTestId('total-goal1Value')).toContainText('€');
  await shot(page, 'stats-traffic');

  await page.goto('/admin/app/stats/content');
  const content = page.getByTestId('stats-table-content');
  await expect(content.getByTestId('cell-path').first()).toBeVisible();
  await expect(content.locator('thead')).toContainText('Okamžité odchody');
  // Page views descending by default.
  const views = await content.locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents();
  const numbers = views.map((text) => Number(text.replace(/\D/g, '')));
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  await expect(content.locator('tbody tr.ant-table-row td:nth-child(8)').first()).toHaveText(/^\d{2}:\d{2}$/);
  await shot(page, 'stats-content');
  // The search narrows the paths (server side) and the address keeps it.
  const first = (await content.getByTestId('cell-path').first().textContent()) ?? '';
  await page.getByTestId('list-search').fill(first);
  await expect(page).toHaveURL(/search=/);
  await expect(content.getByTestId('cell-path').first()).toHaveText(first);

  for (const [route, tables] of [
    ['source', ['page', 'keyword', 'search']],
    ['demography', ['country', 'city', 'language']],
    ['device', ['browser', 'system']],
  ] as const) {
    await page.goto(`/admin/app/stats/${route}`);
    for (const table of tables) {
      await expect(page.getByTestId(`stats-table-${table}`).locator('tbody tr.ant-table-row').first()).toBeVisible();
    }
    if (route === 'demography') {
      // Countries and languages named in Slovak (Intl.DisplayNames), not as stored.
      await expect(page.getByTestId('stats-table-country')).toContainText('Slovensko');
      await expect(page.getByTestId('stats-table-country')).not.toContainText('Slovakia');
      await expect(page.getByTestId('stats-table-language')).toContainText('slovenčina');
      await expect(page.getByTestId('stats-table-language')).not.toContainText('sk-sk');
      // Cities stored in English shown by their Slovak names. Which foreign cities make the top ten depends on the
      // day the demo's traffic was drawn: Praha was not among them on 2026-12-01 (Londýn and Mníchov were).
      const cities = page.getByTestId('stats-table-city');
      await expect(cities).toContainText(/Praha|Viedeň|Budapešť|Berlín|Mníchov|Krakov|Katovice|Londýn/);
      await expect(cities).not.toContainText(/Prague|Vienna|Budapest|Berlin\b|Munich|Kraków|London/);
    }
    await shot(page, `stats-${route}`);
  }

  // In English: the same boxes in English formats, the week still starting on Monday.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto('/admin/app/stats/traffic');
  await expect(page.getByTestId('total-goal1Value')).toContainText(/€\d/);
  await expect(page.getByTestId('total-pageviewsPerSession')).toContainText(/\d+\.\d{2}/);
  await page.getByTestId('stats-range').locator('.ant-picker').click();
  await expect(page.locator('.ant-picker-content thead th').first()).toHaveText('Mo');
  await expect(page.locator('.ant-picker-presets li', { hasText: 'Last week' })).toBeVisible();
  await shot(page, 'stats-traffic-en');
});

test('the date range chosen on one screen holds on the others and after a reload', async ({ page }) => {
  await page.goto('/admin/app/stats/traffic');
  const before = await storedRange(page);
  expect(before).toBeNull();
  await expect(page.getByTestId('stats-range')).toBeVisible();
  await choosePreset(page, 'Posledných 30 dní');
  await expect.poll(async () => (await storedRange(page))?.startDate).toBeTruthy();
  const chosen = (await storedRange(page)) as StoredRange;
  expect(daysOf(chosen)).toBe(30);

  const contentCall = statsCall(page, 'content', chosen);
  await page.goto('/admin/app/stats/content');
  await contentCall;
  const deviceCall = statsCall(page, 'device/browser', chosen);
  await page.goto('/admin/app/stats/device');
  await deviceCall;
  const reloaded = statsCall(page, 'device/system', chosen);
  await page.reload();
  await reloaded;
  expect(await storedRange(page)).toEqual(chosen);

  // The last ISO week runs from a Monday to a Sunday; days after today cannot be picked.
  await choosePreset(page, 'Minulý týždeň');
  await expect.poll(async () => (await storedRange(page))?.startDate).not.toBe(chosen.startDate);
  const week = (await storedRange(page)) as StoredRange;
  expect(daysOf(week)).toBe(7);
  expect(new Date(`${week.startDate}T12:00:00Z`).getUTCDay()).toBe(1);
  await page.getByTestId('stats-range').locator('.ant-picker').click();
  await expect(page.locator('.ant-picker-cell-today').first()).toBeVisible();
  await shot(page, 'stats-range-open');
  await page.keyboard.press('Escape');
});

test('below 1050 px the filter is a single day that applies at once', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('/admin/app/stats/traffic');
  const picker = page.getByTestId('stats-range');
  await expect(picker.locator('input')).toHaveCount(1);
  await picker.locator('.ant-picker').click();
  // Another day than the one shown (yesterday, by default): choosing the same day again changes nothing.
  const cell = page.locator('.ant-picker-cell-in-view:not(.ant-picker-cell-selected):not(.ant-picker-cell-disabled)');
  const day = await cell.first().getAttribute('title');
  await cell.first().click();
  await expect.poll(() => storedRange(page)).toEqual({ startDate: day, endDate: day });
  await shot(page, 'stats-narrow');
});

test('a visit to the public site shows in the statistics of today', async ({ page, browser }) => {
  // A visitor of its own (no admin session) with an ordinary browser's user agent: the collector drops
  // crawlers and headless tools, and Playwright's Chromium says "HeadlessChrome".
  const visitor = await browser.newContext({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  });
  const site = await visitor.newPage();
  const collected = site.waitForResponse((response) => response.url().includes('/api/collect'));
  await site.goto('/sk/');
  await collected;
  const link = site.locator('a[href^="/sk/"]:not([href="/sk/"])').first();
  const second = new URL((await link.getAttribute('href')) ?? '/sk/', 'http://x').pathname;
  const collectedAgain = site.waitForResponse((response) => response.url().includes('/api/collect'));
  await link.click();
  await collectedAgain;
  await visitor.close();

  await page.goto('/admin/app/stats/content');
  await choosePreset(page, 'Dnes');
  const content = page.getByTestId('stats-table-content');
  await expect(content.getByTestId('cell-path').filter({ hasText: /^\/sk\/$/ })).toBeVisible();
  await expect(content.getByTestId('cell-path').filter({ hasText: second })).toBeVisible();
  await page.goto('/admin/app/stats/traffic');
  await expect(page.getByTestId('total-users').locator('.ant-statistic-content')).toHaveText(/[1-9]/);
  await expect(page.getByTestId('total-pageviews').locator('.ant-statistic-content')).toHaveText(/[2-9]|\d{2}/);
  await shot(page, 'stats-today');
});
