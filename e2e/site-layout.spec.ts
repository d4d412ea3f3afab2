import { expect, test } from '@playwright/test';

declare global {
  interface Window {
    layoutShift: number;
  }
}

test("the demo's home page keeps its layout while its images arrive (CLS < 0.05)", async ({ page }) => {
  // Images a network would deliver after the text: a box not reserved moves everything below it.
  await page.route('**/gallery/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) window.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await page.waitForLoadState('load');
  await expect(page.locator('img.hero').first()).toHaveAttribute('width', /\d+/);
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => window.layoutShift)).toBeLessThan(0.05);
});

test('/favicon.ico answers without a 404', async ({ request }) => {
  const res = await request.get('/favicon.ico');
  expect([200, 204]).toContain(res.status());
});
