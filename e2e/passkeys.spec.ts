import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, newUser } from './accounts.js';
import { login, logout, shot } from './helpers.js';

/**
 * Passkeys as a second factor (docs/features/sign-in-and-users.md) with Chromium's virtual authenticator: a platform
 * authenticator that holds resident keys and verifies its user without asking.
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/** User menu → Two-factor sign-in, inside the app (no reload of the shell). */
async function openTwoFactor(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-two-factor').click();
  await expect(page).toHaveURL(/\/admin\/app\/account\/two-factor$/);
}

async function passwordStep(page: Page, who: { email: string; password: string }) {
  await page.goto('/admin/login');
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await expect(page.getByTestId('login-submit')).toBeEnabled();
  await page.getByTestId('login-submit').click();
}

for (const language of ['sk', 'en'] as const) {
  const text =
    language === 'sk'
      ? { on: 'Dvojstupňové prihlásenie je zapnuté.', off: 'Dvojstupňové prihlásenie je vypnuté.', never: 'ešte nie' }
      : { on: 'Two-factor sign-in is on.', off: 'Two-factor sign-in is off.', never: 'never' };

  test.describe(language, () => {
    // The user is made before the test, whose own time goes to the screens.
    let who: { email: string; password: string };
    test.beforeAll(async ({ browser }) => {
      who = await newUser(browser, language);
    });

    test(`a user adds a passkey, signs out, and signs in with the password and the passkey`, async ({ page }) => {
      await virtualAuthenticator(page);
      await page.goto('/admin/login');
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      await login(page, who);

      await openTwoFactor(page);
      await expect(page.getByTestId('two-factor-status')).toHaveText(text.off);
      await expect(page.getByTestId('passkeys-none')).toBeVisible();
      await shot(page, `passkeys-none-${language}`);

      // A name is required; with one, the browser's ceremony adds the passkey, and as the first second factor it shows
      // the recovery codes once.
      await page.getByTestId('passkey-add').click();
      await expect(page.locator('#name_help, .ant-form-item-explain-error').first()).toBeVisible();
      await page.getByTestId('passkey-name-input').fill(language === 'sk' ? 'Pracovný notebook' : 'Work laptop');
      await page.getByTestId('passkey-add').click();
      await expect(page.getByTestId('recovery-code')).toHaveCount(10);
      await page.getByTestId('passkey-codes-done').click();
      await expect(page.getByTestId('passkey-item')).toHaveCount(1);
      await expect(page.getByTestId('passkey-last-used')).toContainText(text.never);
      await expect(page.getByTestId('two-factor-status')).toHaveText(text.on);
      await expect(page.getByTestId('recovery-codes-left')).toContainText('10');
      await shot(page, `passkeys-added-${language}`);
      await expectAccessible(page);

      // The second step offers the passkey beside the code; it signs in.
      await logout(page);
      await passwordStep(page, who);
      await expect(page.getByTestId('two-factor-passkey')).toBeVisible();
      await expect(page.getByTestId('two-factor-code')).toBeVisible();
      await shot(page, `passkeys-second-step-${language}`);
      await expectAccessible(page);
      await page.getByTestId('two-factor-passkey').click();
      await expect(page).toHaveURL(/\/admin\/app\/dashboard$/);
      await expect(page.getByTestId('user-menu')).toBeVisible();

      // The list says when it was last used (removing one is covered by PasskeysPanel.test.tsx and the API tests).
      await openTwoFactor(page);
      await expect(page.getByTestId('passkey-item')).toHaveCount(1);
      await expect(page.getByTestId('passkey-last-used')).not.toContainText(text.never);
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, `passkeys-phone-${language}`);
    });
  });
}
