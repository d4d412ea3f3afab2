import { expect, test } from '@playwright/test';
import { E2E, e2eServer } from './env.js';
import { apiResetPassword, login, outboxFiles, resetLinkFromOutbox, shot } from './helpers.js';

// The editor's password changes here and is put back afterwards, so the other tests may sign in as the editor.
const NEW_PASSWORD = 'nové-heslo-123';

test.afterEach(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: e2eServer().baseUrl });
  try {
    await apiResetPassword(request, E2E.editor.email, E2E.editor.password);
  } finally {
    await request.dispose();
  }
});

test('a forgotten password is reset through the mailed link and the new one signs in', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByTestId('forgotten-link').click();
  await expect(page).toHaveURL(/\/admin\/forgotten-password$/);
  const submit = page.getByTestId('forgotten-submit');
  await expect(submit).toBeDisabled();
  await page.getByTestId('forgotten-email').fill(E2E.editor.email);
  await expect(submit).toBeEnabled();
  await shot(page, 'forgotten-password');

  const before = await outboxFiles();
  await submit.click();
  await expect(page.getByTestId('forgotten-message')).toHaveText(
    'Ak pre tento e-mail existuje účet, poslali sme naň odkaz na obnovenie hesla.',
  );
  await expect(page.getByTestId('forgotten-email')).toHaveCount(0);
  await shot(page, 'forgotten-password-sent');

  const link = await resetLinkFromOutbox(E2E.editor.email, before);
  const url = new URL(link);
  expect(url.origin).toBe(e2eServer().baseUrl);
  expect(url.searchParams.get('email')).toBe(E2E.editor.email);
  await page.goto(url.pathname + url.search);
  await page.getByTestId('reset-password').fill(NEW_PASSWORD);
  await page.getByTestId('reset-password-2').fill(`${NEW_PASSWORD}x`);
  await expect(page.getByTestId('reset-submit')).toBeDisabled();
  await expect(page.getByText('Heslá sa nezhodujú.')).toBeVisible();
  await page.getByTestId('reset-password-2').fill(NEW_PASSWORD);
  await expect(page.getByTestId('reset-submit')).toBeEnabled();
  await expect(page.getByText('Heslá sa nezhodujú.')).toBeHidden();
  await shot(page, 'reset-password');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-message')).toHaveText('Heslo bolo zmenené. Teraz sa môžete prihlásiť.');

  // The link works once only.
  await page.goto(url.pathname + url.search);
  await page.getByTestId('reset-password').fill('ešte-iné-heslo');
  await page.getByTestId('reset-password-2').fill('ešte-iné-heslo');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-error')).toHaveText('Odkaz na obnovenie hesla je neplatný alebo vypršal.');

  // The old password no longer works, the new one does.
  await page.goto('/admin/login');
  await page.getByTestId('login-email').fill(E2E.editor.email);
  await page.getByTestId('login-password').fill(E2E.editor.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toHaveText('Nesprávny e-mail alebo heslo.');
  await login(page, { email: E2E.editor.email, password: NEW_PASSWORD });
  await expect(page.getByTestId('user-menu')).toContainText('Eva Redaktorová');
});
