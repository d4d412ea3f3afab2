import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page } from '@playwright/test';
import { login } from './helpers.js';

/** A user of its own, created by the administrator through the API (the demo's accounts stay as they are). */
export async function newUser(browser: Browser, language: 'sk' | 'en', roleId = 2) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page);
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const who = { email: `twofa-${randomBytes(4).toString('hex')}@example.com`, password: 'two-factor-pass' };
  const response = await page.request.post('/api/user/', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    data: {
      role_id: roleId,
      name: 'Dvojica',
      surname: language === 'sk' ? 'Kódová' : 'Codes',
      title_url: `dvojica-${randomBytes(3).toString('hex')}`,
      email: who.email,
      password: who.password,
      password_2: who.password,
      language_code: language,
    },
  });
  expect(response.status()).toBe(201);
  await context.close();
  return who;
}

/** No serious or critical axe-core violation (WCAG 2.x A and AA) on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // The pointer rests where the last click was: a hover colour is not the page's.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  expect(blocking).toEqual([]);
}
