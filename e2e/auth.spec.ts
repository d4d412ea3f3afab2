import { expect, test } from '@playwright/test';
import { E2E, e2eServer } from './env.js';
import { login, logout, shot } from './helpers.js';

test.describe('sign-in', () => {
  test('the administrator signs in and lands on the dashboard; the button waits for the CSRF cookie and a valid form', async ({
    page,
  }) => {
    // Hold the CSRF cookie back until the form is filled in.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/sanctum/csrf-cookie', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Administrácia' })).toBeVisible();
    const submit = page.getByTestId('login-submit');
    await page.getByTestId('login-email').fill(E2E.admin.email);
    await page.getByTestId('login-password').fill(E2E.admin.password);
    await expect(submit).toBeDisabled();
    release();
    await expect(submit).toBeEnabled();

    // A form with errors disables the button again and says why once the field is left.
    await page.getByTestId('login-email').fill('not-an-e-mail');
    await page.getByTestId('login-password').focus();
    await expect(submit).toBeDisabled();
    await expect(page.getByRole('alert')).toHaveText('Zadajte platnú e-mailovú adresu.');
    await page.getByTestId('login-password').fill('');
    await page.getByTestId('login-email').fill(E2E.admin.email);
    await expect(submit).toBeDisabled();
    await page.getByTestId('login-password').fill(E2E.admin.password);
    await expect(submit).toBeEnabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await shot(page, 'login');

    await submit.click();
    await expect(page).toHaveURL(/\/admin\/app\/dashboard$/);
    await expect(page.getByRole('main').getByText('Prehľad', { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('tile-Text')).toContainText('Texty');
    await shot(page, 'dashboard');

    // A signed-in user who opens the login page is sent on to the dashboard.
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin\/app\/dashboard$/);
  });

  test('a wrong password shows the translated failure message and stays on the login page', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByTestId('login-email').fill(E2E.admin.email);
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('Nesprávny e-mail alebo heslo.');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByTestId('login-submit')).toBeEnabled();
  });

  test("Enter pressed right after typing signs in, even while the form's rules are still loading", async ({ page }) => {
    await page.goto('/admin/login');
    const submit = page.getByTestId('login-submit');
    await expect(submit).toBeVisible();
    // From here on the scripts the page fetches (the rules' chunk, on the first keystroke) wait until released.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heldScripts = 0;
    await page.route('**/*.js', async (route) => {
      heldScripts++;
      await held;
      await route.continue();
    });
    await page.getByTestId('login-email').fill(E2E.admin.email);
    await page.getByTestId('login-password').fill(E2E.admin.password);
    // Not disabled for want of the rules (only the CSRF cookie, fetched at once, is waited for).
    await expect(submit).toBeEnabled();
    await page.getByTestId('login-password').press('Enter');
    // The submit is kept and shown as loading until the rules arrive, then goes on.
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(heldScripts).toBeGreaterThan(0);
    release();
    await expect(page).toHaveURL(/\/admin\/app\/dashboard$/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.unroute('**/*.js');
  });

  test('the password can be shown and hidden with the eye button, by mouse and keyboard, in sk and en', async ({
    page,
  }) => {
    await page.goto('/admin/login');
    const password = page.getByTestId('login-password');
    const toggle = page.getByRole('button', { name: 'Zobraziť heslo' });
    await password.fill('tajne-heslo');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await shot(page, 'login-password-shown-sk');
    await password.focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(page).toHaveURL(/\/admin\/login$/);

    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    const toggleEn = page.getByRole('button', { name: 'Show password' });
    await page.getByTestId('login-password').fill('secret-password');
    await toggleEn.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('login-password')).toHaveAttribute('type', 'text');
    await expect(toggleEn).toHaveAttribute('aria-pressed', 'true');
    await shot(page, 'login-password-shown-en');
    await toggleEn.click();
    await expect(page.getByTestId('login-password')).toHaveAttribute('type', 'password');
    await shot(page, 'login-password-hidden-en');
  });

  test("the sign-in answer's token opens the file manager's frame and dies on signing out", async ({
    page,
    browser,
  }) => {
    await login(page);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').token as string);
    expect(stored).toMatch(/^\d+\.\d{13}\.[A-Za-z0-9_-]{43}$/);
    // The top bar's file manager puts the stored token into the frame's address; no other token is fetched.
    const renewals: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/files/token')) renewals.push(request.url());
    });
    await page.getByTestId('filemanager-open').click();
    const frame = page.getByTestId('filemanager-frame');
    await expect(frame).toBeVisible();
    const src = new URL((await frame.getAttribute('src')) ?? '', e2eServer().baseUrl);
    expect(src.searchParams.get('token')).toBe(
      await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').token),
    );
    await expect(page.frameLocator('[data-testid="filemanager-frame"]').getByTestId('filemanager')).toBeVisible();
    expect(renewals).toEqual([]);

    // Another browser without the session: the token opens the file manager's API and nothing else.
    const other = await browser.newContext();
    try {
      const token = encodeURIComponent(src.searchParams.get('token') ?? '');
      expect((await other.request.get(`/api/files?token=${token}`)).status()).toBe(200);
      expect((await other.request.get(`/api/user/me?token=${token}`)).status()).toBe(401);
      await page.keyboard.press('Escape');
      await logout(page);
      expect((await other.request.get(`/api/files?token=${token}`)).status()).toBe(401);
    } finally {
      await other.close();
    }
  });

  test('signing out returns to the login page and the admin stays closed', async ({ page }) => {
    await login(page);
    await logout(page);
    await page.goto('/admin/app/dashboard');
    await expect(page).toHaveURL(/\/admin\/login/);
  });
});

test.describe('routing', () => {
  test('a protected page without a session goes to login and, after signing in, opens the asked page', async ({
    page,
  }) => {
    await page.goto('/admin/app/content/text');
    await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
    await page.getByTestId('login-email').fill(E2E.admin.email);
    await page.getByTestId('login-password').fill(E2E.admin.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/admin\/app\/content\/text$/);
    await expect(page.getByTestId('cell-title').first()).toBeVisible();
  });

  test('an unknown admin address shows the 404 page with a back button', async ({ page }) => {
    await page.goto('/admin/whatever');
    await expect(page.getByText('Chyba 404')).toBeVisible();
    await expect(page.getByText('Stránka sa nenašla.')).toBeVisible();
    await shot(page, '404');
    // Nothing to go back to and nobody signed in: back leads to login.
    await page.getByTestId('back').click();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await login(page);
    await page.goto('/admin/app/whatever');
    await expect(page.getByText('Chyba 404')).toBeVisible();
    await expect(page.getByText('Stránka sa nenašla.')).toBeVisible();
    await page.getByTestId('back').click();
    await expect(page).toHaveURL(/\/admin\/app\/dashboard$/);
  });
});
