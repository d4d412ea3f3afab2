import { expect, test } from '@playwright/test';
import { E2E } from './env.js';
import { login, shot } from './helpers.js';

test.describe('language', () => {
  test('switching to English and back to Slovak survives a reload', async ({ page }) => {
    await login(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
    await expect(page.getByTestId('nav-dashboard')).toHaveText('Prehľad');
    // Each language is named in itself, in either interface language.
    await expect(page.getByTestId('lang-sk')).toHaveText('Slovenčina');
    await expect(page.getByTestId('lang-en')).toHaveText('English');

    await page.getByTestId('lang-en').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('nav-dashboard')).toHaveText('Dashboard');
    await expect(page.getByTestId('lang-en')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('lang-sk')).toHaveText('Slovenčina');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('nav-content')).toHaveText('Content');

    // The lists and the server's messages follow the language too.
    await page.goto('/admin/app/content/text');
    await expect(page.getByTestId('cell-title').filter({ hasText: 'Opening hours' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Title' })).toBeVisible();
    await expect(page.getByTestId('list-info')).toContainText(/^Showing 1–\d+ of \d+$/);
    await shot(page, 'english-texts');

    await page.getByTestId('lang-sk').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
    await expect(page.getByTestId('cell-title').filter({ hasText: 'Otváracie hodiny' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
    await expect(page.getByRole('columnheader', { name: 'Názov' })).toBeVisible();
  });

  test('the login page switches language too', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByTestId('lang-en').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('login-submit')).toHaveText('Sign in');
    await page.reload();
    await expect(page.getByTestId('forgotten-link')).toHaveText('Forgotten password?');
    await shot(page, 'login-english');
  });
});

test.describe('side navigation', () => {
  test('is expanded at 1280 px and the toggle folds it', async ({ page }) => {
    await login(page);
    const sider = page.getByTestId('sider');
    await expect(sider).toHaveAttribute('data-collapsed', 'false');
    await expect(page.getByTestId('nav-dashboard')).toBeVisible();
    await page.getByTestId('menu-toggle').click();
    await expect(sider).toHaveAttribute('data-collapsed', 'true');
    await page.getByTestId('menu-toggle').click();
    await expect(sider).toHaveAttribute('data-collapsed', 'false');
  });

  test('is collapsed in a 900 px wide window, where the toggle still opens it', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 800 });
    await login(page);
    const sider = page.getByTestId('sider');
    await expect(sider).toHaveAttribute('data-collapsed', 'true');
    await page.goto('/admin/app/content/text');
    await expect(page.getByTestId('cell-title').first()).toBeVisible();
    await expect(sider).toHaveAttribute('data-collapsed', 'true');
    await shot(page, 'narrow-900');
    await page.getByTestId('menu-toggle').click();
    await expect(sider).toHaveAttribute('data-collapsed', 'false');

    // Widening the window past 992 px expands it, narrowing collapses it again.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(sider).toHaveAttribute('data-collapsed', 'false');
    await page.setViewportSize({ width: 900, height: 800 });
    await expect(sider).toHaveAttribute('data-collapsed', 'true');
  });

  test('at 767 px and below the toggle does not change it', async ({ page }) => {
    await page.setViewportSize({ width: 767, height: 800 });
    await login(page);
    const sider = page.getByTestId('sider');
    await expect(sider).toHaveAttribute('data-collapsed', 'true');
    await page.getByTestId('menu-toggle').click();
    // The click was handled (no request, no re-render needed); the state must simply stay.
    await expect(page.getByTestId('menu-toggle')).toHaveAttribute('aria-expanded', 'false');
    await expect(sider).toHaveAttribute('data-collapsed', 'true');
    await shot(page, 'narrow-767');
  });

  test('the content group opens by itself on the texts page', async ({ page }) => {
    await login(page);
    await page.goto('/admin/app/content/text');
    await expect(page.getByTestId('nav-contentText')).toBeVisible();
    await expect(page.getByTestId('breadcrumbs')).toContainText('Texty');
  });
});

test.describe('lists at 1280 px', () => {
  test('the English news list fits its card: long titles and several categories wrap', async ({ page }) => {
    await login(page);
    await page.getByTestId('lang-en').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/admin/app/news');
    await expect(page.getByTestId('cell-title').first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Translation' })).toBeVisible();
    // No column slides under the fixed actions column: the table is no wider than its card.
    const [scroll, client] = await page
      .locator('.bo-list .ant-table-content')
      .evaluate((table) => [table.scrollWidth, table.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
    await shot(page, 'english-news-1280');
    await page.getByTestId('lang-sk').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
  });
});

test.describe('user menu', () => {
  test('shows the initial and full name of the signed-in user', async ({ page }) => {
    await login(page);
    const trigger = page.getByTestId('user-menu');
    await expect(trigger).toContainText('A');
    await expect(trigger).toContainText('Admin Administrator');
    await trigger.click();
    const panel = page.getByTestId('user-panel');
    await expect(panel).toContainText('Admin Administrator');
    await expect(panel).toContainText(E2E.admin.email);
    await expect(panel.getByTestId('logout')).toHaveText(/Odhlásiť sa/);
  });
});
