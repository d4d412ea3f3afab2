import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/** The sign-in route's budget: its JavaScript and CSS, gzip -9, 1 KB = 1024 bytes (bench/first-load.bench.ts). */
const BUDGET_KB = 150;

test('the sign-in page loads at most 150 KB of JavaScript and CSS (gzip) and none of antd', async ({ page }) => {
  const bodies: Promise<{ url: string; bytes: number }>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.push(response.body().then((body) => ({ url: response.url(), bytes: gzipSync(body, { level: 9 }).length })));
  });
  await page.goto('/admin/login', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('login-submit')).toBeVisible();
  const files = await Promise.all(bodies);
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  const list = files.map((f) => `${new URL(f.url).pathname} ${(f.bytes / 1024).toFixed(1)} KB`).join('\n');
  expect(total / 1024, `gzip -9 KB of:\n${list}`).toBeLessThanOrEqual(BUDGET_KB);
  // antd injects its styles at run time: none on the sign-in page.
  expect(await page.locator('style[data-css-hash], style[data-rc-order]').count()).toBe(0);
});
