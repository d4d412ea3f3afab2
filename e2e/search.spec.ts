import { expect, test } from '@playwright/test';
import { apiCreate, login, pageLikeLang, shot } from './helpers.js';

// The search everything (docs/features/search.md): Ctrl-K anywhere in the signed-in admin opens the palette, a
// query without accents finds a page by its Slovak title, arrows and Enter open the page's form; in both languages.

for (const language of ['sk', 'en'] as const) {
  test(`Ctrl-K finds a page by its title without accents and Enter opens its form (${language})`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await login(page);
    const stamp = Date.now();
    const sk = `Cestná doprava ${stamp}`;
    const id = await apiCreate(page, '/api/content/page/', {
      langs: {
        sk: pageLikeLang(sk, `cestna-doprava-${stamp}`),
        en: pageLikeLang(`Road transport ${stamp}`, `road-transport-${stamp}`),
      },
      status: true,
    });

    // From another screen than the dashboard: the shortcut works anywhere.
    await page.goto('/admin/app/news');
    await expect(page.getByTestId('search-open')).toBeVisible();
    await page.keyboard.press('Control+k');
    const input = page.getByTestId('search-input');
    await expect(input).toBeFocused();
    await input.fill(`cestna doprava ${stamp}`);
    const first = page.getByTestId('search-item').first();
    await expect(first).toContainText(sk);
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await shot(page, `search-palette-${language}`);

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/app/content/page/${id}$`));
    await expect(page.getByTestId('resource-form')).toBeVisible();
    await expect(page.getByTestId('search-input')).toHaveCount(0);

    // A screen by its name, with the top bar's button instead of the shortcut; Esc closes.
    await page.getByTestId('form-close').click();
    await expect(page.getByTestId('resource-form')).toBeHidden();
    await page.getByTestId('search-open').click();
    await input.fill(language === 'sk' ? 'pouzivatelia' : 'users');
    const screen = page.getByTestId('search-item').first();
    await expect(screen).toContainText(language === 'sk' ? 'Používatelia' : 'Users');
    await shot(page, `search-palette-screens-${language}`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('search-input')).toHaveCount(0);

    // Opened right after a screen loads (which may take the focus), Esc closes it every time.
    for (const screenPath of ['/admin/app/news', '/admin/app/content/page', '/admin/app/dashboard']) {
      await page.goto(screenPath);
      await expect(page.getByTestId('search-open')).toBeVisible();
      await page.keyboard.press('Control+k');
      await expect(page.getByTestId('search-input')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('search-input')).toHaveCount(0);
    }
  });
}
