import { expect, test } from '@playwright/test';
import { confirm, expectSuccessOf, login, shot } from './helpers.js';

// The history of a settings screen (docs/features/revisions.md): the social settings saved twice, the History
// drawer beside the save button, the difference of the first save from the current values, and its restore; then
// the drawer in English.

const SCREEN = '/admin/app/settings/social';

test('save the social settings twice, open their history, see what differs, restore the first save', async ({
  page,
}) => {
  await login(page);
  const stamp = Date.now();
  const first = `https://facebook.com/stavby-prve-${stamp}`;
  const second = `https://facebook.com/stavby-druhe-${stamp}`;
  const link = page.getByTestId('field-social_facebook_link-sk');

  await page.goto(SCREEN);
  for (const value of [first, second]) {
    await expect(link).toBeEnabled();
    await link.fill(value);
    await expectSuccessOf(page, 'uložen', () => page.getByTestId('settings-save').click());
  }

  // The History button sits beside the save button; newest first: the second save, then the first.
  await expect(page.getByTestId('form-history')).toBeVisible();
  await shot(page, 'settings-history-button');
  await page.getByTestId('form-history').click();
  const drawer = page.getByTestId('history');
  const versions = drawer.getByRole('option');
  await expect(versions.first()).toContainText('Facebook');
  expect(await versions.count()).toBeGreaterThanOrEqual(2);
  await versions.nth(1).click();
  const field = page.getByTestId('history-field-sk.social_facebook_link');
  await expect(field.locator('.bo-history-removed')).toContainText('prve');
  await expect(field.locator('.bo-history-added')).toContainText('druhe');
  await expect(page.getByTestId('history-field-en.social_facebook_link')).toHaveCount(0);
  await shot(page, 'settings-history-sk');

  await page.getByTestId('history-restore').click();
  await expectSuccessOf(page, 'uložen', () => confirm(page));
  await expect(link).toHaveValue(first);
  await page.reload();
  await expect(link).toHaveValue(first);

  // In English the drawer speaks English, and the restore is there as a version of its own.
  await page.getByTestId('lang-en').click();
  await page.goto(SCREEN);
  await page.getByTestId('form-history').click();
  await expect(versions.first()).toContainText('version restored');
  await versions.nth(1).click();
  await expect(page.getByTestId('history-diff')).toContainText('This version');
  await expect(page.getByTestId('history-field-sk.social_facebook_link')).toContainText('druhe');
  await shot(page, 'settings-history-en');
  await page.goto('/admin/app/dashboard');
  await page.getByTestId('lang-sk').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
});
