import { randomBytes } from 'node:crypto';
import { type Browser, expect } from '@playwright/test';
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
