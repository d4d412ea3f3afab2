import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env.js';
import { shot, siteDay } from './helpers.js';

/** Signs the page's request context in through the API (no admin screens needed) and reads a statistics call. */
async function stats(page: Page, path: string) {
  const api = page.context().request;
  await api.get('/sanctum/csrf-cookie');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await api.post('/api/login', {
    data: { email: E2E.admin.email, password: E2E.admin.password },
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf), 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(login.status()).toBe(200);
  const res = await api.get(path, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
  expect(res.status()).toBe(200);
  return res.json();
}

// Headless Chromium names itself (HeadlessChrome), and the collector drops it as a bot: this test browses as a person.
// The browser's own switch, not only the page's override: a beacon sent while a page unloads carries the former.
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
test.use({
  userAgent: PERSON,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      `--user-agent=${PERSON}`,
    ],
  },
});

test('the site tracks views, time on page and a tracked visitor’s form as goal 1, under its CSP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });

  const collected = page.waitForResponse((r) => r.url().endsWith('/api/collect') && r.request().method() === 'POST');
  await page.goto('/en/?utm_source=e2e&utm_term=tracker+test');
  expect((await collected).status()).toBe(204);
  const visitor = await page.evaluate(() => localStorage.getItem('bo_vid'));
  expect(visitor).toMatch(/^[0-9a-f]{32}$/);

  // Leaving the page sends the time it was visible (a beacon on pagehide, checked through the statistics below).
  await page.waitForTimeout(1200);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact form' }).click();
  await expect(page).toHaveURL(/\/en\/form\/contact$/);
  await expect(page.locator('input[name="visitor_id"]')).toHaveValue(visitor ?? '');
  await shot(page, 'site-tracker-form');

  await page.getByLabel('Company').fill('Tracker s.r.o.');
  await page.getByLabel('Name').fill('Tracked Visitor');
  await page.getByLabel('E-mail').fill('tracked@example.com');
  await page.getByLabel('Phone').fill('+421 905 000 111');
  await page.getByLabel('Message').fill('Counted as a goal?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('form-sent')).toBeVisible();
  expect(violations).toEqual([]);

  const day = siteDay();
  const traffic = await stats(page, `/api/stats/traffic?startDate=${day}&endDate=${day}`);
  expect(traffic.data[3].goal1Completions).toBeGreaterThanOrEqual(1);
  expect(traffic.data[3].goal1Value).toBeGreaterThanOrEqual(10);
  await expect
    .poll(async () => {
      const content = await stats(page, `/api/stats/content?startDate=${day}&endDate=${day}&search=/en/`);
      const home = content.data.find((r: { path: string }) => r.path === '/en/');
      return home && home.pageviews >= 1 && home.timeOnPage >= 1;
    })
    .toBe(true);
  const keywords = await stats(page, `/api/stats/source/keyword?startDate=${day}&endDate=${day}`);
  expect(keywords.data).toContainEqual(expect.objectContaining({ path: 'tracker test' }));
});

test('a view the server could not store (503) is kept in the tab and sent again, with its age', async ({ page }) => {
  let answered = 0;
  await page.route('**/api/collect', (route) => {
    if (answered++ > 0) return route.continue();
    return route.fulfill({
      status: 503,
      headers: { 'Retry-After': '5' },
      contentType: 'application/json',
      body: JSON.stringify({ message: 'unavailable', error: 'unavailable' }),
    });
  });
  const stored = page.waitForResponse((r) => r.url().endsWith('/api/collect') && r.status() === 204);
  await page.goto('/en/?utm_term=kept+and+sent+again');
  const retry = await stored;
  expect(answered).toBe(2);
  expect(retry.request().postDataJSON()).toMatchObject({ type: 'view', path: '/en/' });
  expect(retry.request().postDataJSON().age).toBeGreaterThanOrEqual(1000);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('bo_q'))).toBe('[]');

  const day = siteDay();
  const keywords = await stats(page, `/api/stats/source/keyword?startDate=${day}&endDate=${day}`);
  expect(keywords.data).toContainEqual(expect.objectContaining({ path: 'kept and sent again' }));
});
