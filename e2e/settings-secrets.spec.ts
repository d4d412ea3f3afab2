import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env.js';
import { expectSuccessOf, login, logout, shot } from './helpers.js';

const KEY = 'mc-e2e-0123456789abcdef0123456789-us21';

/**
 * Opens the e-mail settings and waits for the record; answers the body of the record's GET with the page's session
 * (read on its own: a response the page has moved on from has no body left to read).
 */
async function openEmailSettings(page: Page): Promise<string> {
  await page.goto('/admin/app/settings/email');
  await expect(page.getByTestId('field-email_recipient-sk')).not.toHaveValue('');
  const answer = await page.request.get('/api/settings/3', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  expect(answer.ok()).toBe(true);
  return answer.text();
}

const hint = (page: Page, locale = 'sk') => page.getByTestId(`secret-mailchimp_api_key-${locale}`);
const field = (page: Page, locale = 'sk') => page.getByTestId(`field-mailchimp_api_key-${locale}`);

/** As the administrator: stores KEY in the Slovak tab through the form. */
async function storeKey(page: Page) {
  await openEmailSettings(page);
  await field(page).fill(KEY);
  await expectSuccessOf(page, 'uložen', () => page.getByTestId('settings-save').click());
  await expect(hint(page)).toHaveText('Nastavený: ••••us21 · prázdne pole ho ponechá');
}

test('the administrator sets, keeps, removes and replaces the Mailchimp key; it is never shown in full', async ({
  page,
}) => {
  await login(page);
  await openEmailSettings(page);
  await expect(hint(page)).toHaveText('Nenastavený');
  await expect(field(page)).toHaveAttribute('type', 'password');
  await expect(field(page)).toHaveAttribute('autocomplete', 'new-password');

  await storeKey(page);
  await expect(field(page)).toHaveValue('');
  await page.getByTestId('locale-tab-en').click();
  await expect(hint(page, 'en')).toHaveText('Nenastavený');
  await page.getByTestId('locale-tab-sk').click();

  // A reload: the record's answer holds the mask only; a save that leaves the field empty keeps the key.
  const body = await openEmailSettings(page);
  expect(body).not.toContain(KEY);
  expect(body).toContain('••••us21');
  await expect(hint(page)).toHaveText('Nastavený: ••••us21 · prázdne pole ho ponechá');
  await expect(field(page)).toHaveAttribute('placeholder', 'Nový kľúč');
  expect(await page.content()).not.toContain(KEY);
  await shot(page, 'settings-secret-admin');
  await page.getByTestId('field-email_sender_name-sk').fill('Stavby Demo');
  await expectSuccessOf(page, 'uložen', () => page.getByTestId('settings-save').click());
  await openEmailSettings(page);
  await expect(hint(page)).toHaveText('Nastavený: ••••us21 · prázdne pole ho ponechá');

  // Replace it with another key.
  await field(page).fill('mc-e2e-another-key-of-the-site-us99');
  await expectSuccessOf(page, 'uložen', () => page.getByTestId('settings-save').click());
  await expect(hint(page)).toHaveText('Nastavený: ••••us99 · prázdne pole ho ponechá');

  // Remove, change one's mind, then remove for real.
  await page.getByTestId('field-mailchimp_api_key-sk-clear').click();
  await expect(page.getByTestId('field-mailchimp_api_key-sk-cleared')).toBeVisible();
  await shot(page, 'settings-secret-clear');
  await page.getByTestId('field-mailchimp_api_key-sk-undo').click();
  await expect(field(page)).toBeVisible();
  await page.getByTestId('field-mailchimp_api_key-sk-clear').click();
  await expectSuccessOf(page, 'uložen', () => page.getByTestId('settings-save').click());
  await expect(hint(page)).toHaveText('Nenastavený');
  await openEmailSettings(page);
  await expect(hint(page)).toHaveText('Nenastavený');
  await expect(page.getByTestId('field-mailchimp_api_key-sk-clear')).toHaveCount(0);
});

test('an editor sees that a key is set (••••us21) in a disabled field, never the key', async ({ page }) => {
  await login(page);
  await storeKey(page);
  await logout(page);

  await login(page, E2E.editor);
  const body = await openEmailSettings(page);
  expect(body).not.toContain(KEY);
  await expect(hint(page)).toContainText('Nastavený: ••••us21');
  await expect(hint(page)).toContainText('iba administrátor');
  await expect(field(page)).toBeDisabled();
  await expect(field(page)).toHaveValue('');
  await expect(field(page)).toHaveAttribute('placeholder', '••••us21');
  await expect(page.getByTestId('field-mailchimp_api_key-sk-clear')).toHaveCount(0);
  await expect(page.getByTestId('settings-save')).toBeDisabled();
  expect(await page.content()).not.toContain(KEY);
  await shot(page, 'settings-secret-editor');
});
