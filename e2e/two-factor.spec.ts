import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible, newUser } from './accounts.js';
import { confirm, login, logout, shot } from './helpers.js';

/** The code an authenticator app shows for this key at a moment (RFC 6238: SHA-1, 6 digits, 30 s). */
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

/** Types the e-mail and the password on the login screen. */
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
      ? {
          menu: 'Dvojstupňové prihlásenie',
          on: 'Dvojstupňové prihlásenie je zapnuté.',
          off: 'Dvojstupňové prihlásenie je vypnuté.',
          wrong: 'Kód nie je platný.',
        }
      : {
          menu: 'Two-factor sign-in',
          on: 'Two-factor sign-in is on.',
          off: 'Two-factor sign-in is off.',
          wrong: 'The code is not valid.',
        };

  test(`${language}: a user turns two-factor sign-in on with a code of the app, signs out, and signs in with a code`, async ({
    page,
    browser,
  }) => {
    // Four sign-ins, two browsers and a wait of up to 30 s for the app's next code: 1.5 min on a busy runner.
    test.setTimeout(180_000);
    const who = await newUser(browser, language);
    await page.goto('/admin/login');
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await login(page, who);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-two-factor').click();
    await expect(page).toHaveURL(/\/admin\/app\/account\/two-factor$/);
    await expect(page.getByText(text.menu).first()).toBeVisible();
    await page.getByTestId('two-factor-start').click();
    await expect(page.getByTestId('two-factor-qr')).toBeVisible();
    const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(page, `two-factor-setup-${language}`);
    await expectAccessible(page);

    // A wrong code is refused and said so; the right one turns it on and shows the recovery codes once.
    const now = Date.now();
    const right = codeAt(secret, now);
    await page.getByTestId('two-factor-enable-code').fill(right === '000000' ? '111111' : '000000');
    await page.getByTestId('two-factor-enable').click();
    await expect(page.getByText(text.wrong)).toBeVisible();
    await page.getByTestId('two-factor-enable-code').fill(right);
    await page.getByTestId('two-factor-enable').click();
    await expect(page.getByTestId('recovery-code')).toHaveCount(10);
    const recovery = (await page.getByTestId('recovery-code').allTextContents()).map((c) => c.trim());
    await shot(page, `two-factor-recovery-codes-${language}`);
    await expectAccessible(page);
    await page.getByTestId('two-factor-done').click();
    await expect(page.getByTestId('two-factor-status')).toHaveText(text.on);

    await logout(page);
    await passwordStep(page, who);
    await expect(page.getByTestId('two-factor-step')).toBeVisible();
    await shot(page, `two-factor-second-step-${language}`);
    await expectAccessible(page);
    // The code used to turn it on counts once: the app's next code (still inside the window) signs in.
    await page.getByTestId('two-factor-code').fill(codeAt(secret, now + 30_000));
    await page.getByTestId('two-factor-submit').click();
    await expect(page).toHaveURL(/\/admin\/app\/dashboard$/);
    await expect(page.getByTestId('user-menu')).toBeVisible();

    // A recovery code signs in too, once.
    await logout(page);
    await passwordStep(page, who);
    await page.getByTestId('two-factor-switch').click();
    await page.getByTestId('two-factor-recovery').fill(recovery[0] ?? '');
    await page.getByTestId('two-factor-submit').click();
    await expect(page).toHaveURL(/\/admin\/app\/dashboard$/);

    // The screen says how many recovery codes are left, and a current code makes ten new ones. The codes of the two
    // steps around `now` are spent: the next one is taken once the clock has moved into the following step.
    await page.goto('/admin/app/account/two-factor');
    await expect(page.getByTestId('recovery-codes-left')).toContainText('9');
    const nextStep = (Math.floor(now / 30_000) + 1) * 30_000;
    await page.waitForTimeout(Math.max(0, nextStep - Date.now() + 500));
    await page.getByTestId('recovery-renew-code').fill(codeAt(secret, now + 60_000));
    await page.getByTestId('recovery-renew').click();
    await expect(page.getByTestId('recovery-code')).toHaveCount(10);
    const renewed = (await page.getByTestId('recovery-code').allTextContents()).map((c) => c.trim());
    expect(renewed).not.toContain(recovery[1]);
    await shot(page, `two-factor-recovery-renewed-${language}`);
    await expectAccessible(page);

    // A lost phone: the administrator resets it on the user's form (confirmed), which signs the user out; the
    // password alone signs them in again.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await admin.goto('/admin/login');
    await admin.evaluate((l) => localStorage.setItem('language', l), language);
    await login(admin);
    const found = await admin.request.get(`/api/user/?search=${encodeURIComponent(who.email)}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const userId = ((await found.json()) as { data: { id: number }[] }).data[0]?.id;
    await admin.goto(`/admin/app/user/${userId}`);
    await expect(admin.getByTestId('field-two_factor')).toHaveText(text.on);
    await admin.getByTestId('two-factor-reset').click();
    await confirm(admin);
    await expect(admin.getByTestId('field-two_factor')).toHaveText(text.off);
    await expect(admin.getByTestId('two-factor-reset')).toHaveCount(0);
    await adminContext.close();
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/login/);
    await passwordStep(page, who);
    await expect(page).toHaveURL(/\/admin\/app\/dashboard$/);
  });
}

test('role 1 requires two-factor sign-in: a user without it is led to the set-up right after the password', async ({
  page,
  browser,
}) => {
  const who = await newUser(browser, 'sk');
  // An administrator of its own turns their two-factor sign-in on, then requires it of everyone (off again at the end).
  const boss = await newUser(browser, 'sk', 1);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, boss);
  await admin.goto('/admin/app/account/two-factor');
  await admin.getByTestId('two-factor-start').click();
  const adminSecret = ((await admin.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  await admin.getByTestId('two-factor-enable-code').fill(codeAt(adminSecret, Date.now()));
  await admin.getByTestId('two-factor-enable').click();
  await admin.getByTestId('two-factor-done').click();
  await admin.goto('/admin/app/settings/main');
  await admin.getByTestId('two-factor-required').click();
  await expect(admin.getByTestId('two-factor-required')).toHaveAttribute('aria-checked', 'true');
  await admin.getByTestId('two-factor-policy').scrollIntoViewIfNeeded();
  await shot(admin, 'two-factor-policy-sk');
  await expectAccessible(admin);
  try {
    await passwordStep(page, who);
    await expect(page).toHaveURL(/\/admin\/two-factor-setup/);
    await expect(page.getByTestId('two-factor-qr')).toBeVisible();
    await shot(page, 'two-factor-required-setup-sk');
    await expectAccessible(page);
    // Nothing else opens before the set-up.
    const blocked = await page.request.get('/api/user/me', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect(blocked.status()).toBe(401);
    const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
    await page.getByTestId('two-factor-enable-code').fill(codeAt(secret, Date.now()));
    await page.getByTestId('two-factor-enable').click();
    await expect(page.getByTestId('recovery-code')).toHaveCount(10);
    await page.getByTestId('two-factor-done').click();
    await expect(page).toHaveURL(/\/admin\/app\/dashboard$/);
    // While it is required, turning it off is not offered.
    await page.goto('/admin/app/account/two-factor');
    await expect(page.getByTestId('two-factor-required-note')).toBeVisible();
    await expect(page.getByTestId('recovery-codes-left')).toContainText('10');
    await expect(page.getByTestId('two-factor-disable')).toHaveCount(0);
  } finally {
    await admin.getByTestId('two-factor-required').click();
    await expect(admin.getByTestId('two-factor-required')).toHaveAttribute('aria-checked', 'false');
    await adminContext.close();
  }
});
