import { expect, type Page, test } from '@playwright/test';
import { newUser } from './accounts.js';
import { apiCreateText, expectSuccessOf, login, shot } from './helpers.js';

// Local drafts and the ended session (docs/features/admin-ui.md, docs/features/sign-in-and-users.md): what a form
// holds unsaved survives a reload and a session ended elsewhere, and is offered back as the record opens again.

const TEXTS = '/admin/app/content/text';

/** The keys of the drafts this browser keeps. */
const draftKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('draft:')));

/** Opens the text's form at its address and waits for its values. */
async function openText(page: Page, id: number, title: string) {
  await page.goto(`${TEXTS}/${id}`);
  // The screen's code first (a load of its own on a busy machine), then the record.
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('field-title-sk')).toHaveValue(title);
  await expect(page.getByTestId('preloader')).toBeHidden();
}

test('a draft survives a reload, is offered in sk and en, restored and saved; then nothing is offered', async ({
  page,
}) => {
  await login(page);
  const title = `Koncept ${Date.now()}`;
  const id = await apiCreateText(page, { sk: title, en: 'Draft text' });
  await openText(page, id, title);

  await page.getByTestId('field-title-sk').fill(`${title} – rozpísané`);
  await expect.poll(() => draftKeys(page)).toHaveLength(1);

  // A "crash": the page goes away with the edit unsaved (the browser's own question answered "leave").
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('field-title-sk')).toHaveValue(title);
  const offer = page.getByTestId('draft-offer');
  await expect(offer).toContainText(/Obnoviť neuložené zmeny z \d{2}:\d{2}\?/);
  await expect(offer.getByRole('button', { name: 'Obnoviť' })).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Zahodiť' })).toBeVisible();
  await shot(page, 'autosave-offer-sk');

  // The same offer in English.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(offer).toContainText(/Restore unsaved changes from \d{2}:\d{2}\?/);
  await shot(page, 'autosave-offer-en');
  await page.setViewportSize({ width: 390, height: 800 });
  await shot(page, 'autosave-offer-en-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(offer).toBeHidden();
  await expect(page.getByTestId('field-title-sk')).toHaveValue(`${title} – rozpísané`);
  await expectSuccessOf(page, 'The item has been saved.', () => page.getByTestId('form-save').click());
  await expect(page.getByTestId('resource-form')).toBeHidden();
  expect(await draftKeys(page)).toEqual([]);

  // Opened again: the saved values, no offer.
  await openText(page, id, `${title} – rozpísané`);
  await expect(page.getByTestId('draft-offer')).toHaveCount(0);
});

test('a session ended elsewhere is told as the tab gets the focus back; the draft waits for the next sign-in', async ({
  browser,
  page,
}) => {
  const who = await newUser(browser, 'sk');
  await login(page, who);
  const title = `Relácia ${Date.now()}`;
  const id = await apiCreateText(page, { sk: title, en: 'Session text' });
  await openText(page, id, title);
  await page.getByTestId('field-title-sk').fill(`${title} – neuložené`);

  // Another browser signs the same user in and ends every other session.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await login(otherPage, who);
  const xsrf = (await other.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const ended = await otherPage.request.post('/api/user/me/sessions/revoke-others', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  expect(ended.ok()).toBe(true);

  // Back to the first tab: it is told at once, nothing clicked.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
  await expect(page.getByTestId('session-ended')).toHaveText(
    'Vaše prihlásenie sa skončilo. Prihláste sa znova, vrátite sa tam, kde ste boli.',
  );
  await shot(page, 'autosave-session-ended-sk');

  // Signing in again leads back to the record, whose unsaved edit is offered.
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(new RegExp(`${TEXTS}/${id}$`));
  await page.getByTestId('draft-offer').getByRole('button', { name: 'Obnoviť' }).click();
  await expect(page.getByTestId('field-title-sk')).toHaveValue(`${title} – neuložené`);
  await other.close();
});

test('the settings form asks before its edits are left behind', async ({ page }) => {
  await login(page);
  await page.goto('/admin/app/settings/social');
  const link = page.getByTestId('field-social_facebook_link-sk');
  await expect(link).toBeEnabled();
  await link.fill('https://facebook.com/neulozene');

  await page.getByTestId('sider').getByRole('link').first().click();
  const question = page.getByRole('dialog', { name: 'Zahodiť neuložené zmeny?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Pokračovať v úprave' }).click();
  await expect(page).toHaveURL(/\/settings\/social$/);
  await expect(link).toHaveValue('https://facebook.com/neulozene');
});
