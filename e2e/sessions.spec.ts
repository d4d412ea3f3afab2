import { expect, test } from '@playwright/test';
import { expectAccessible, newUser } from './accounts.js';
import { confirm, login, shot } from './helpers.js';

for (const language of ['sk', 'en'] as const) {
  const text =
    language === 'sk'
      ? { title: 'Prihlásenia', here: 'Toto zariadenie', others: 'Odhlásiť všade inde' }
      : { title: 'Sessions', here: 'This device', others: 'Sign out everywhere else' };

  test(`${language}: a user sees their sessions and signs another one out, which is signed out at its next request`, async ({
    page,
    browser,
  }) => {
    const who = await newUser(browser, language);
    // A second device: another browser context with a phone's user agent.
    const phone = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    const phonePage = await phone.newPage();
    await login(phonePage, who);
    const third = await browser.newContext();
    const thirdPage = await third.newPage();
    await login(thirdPage, who);

    await page.goto('/admin/login');
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await login(page, who);
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('menu-sessions')).toBeVisible();
    await shot(page, `user-menu-account-${language}`);
    await page.getByTestId('menu-sessions').click();
    await expect(page).toHaveURL(/\/admin\/app\/account\/sessions$/);
    await expect(page.getByText(text.title).first()).toBeVisible();
    const items = page.getByTestId('session-item');
    await expect(items).toHaveCount(3);
    await expect(page.getByTestId('session-current')).toHaveText(text.here);
    await expect(page.getByTestId('session-device').filter({ hasText: 'Mobile Safari' })).toBeVisible();
    await shot(page, `sessions-${language}`);
    await expectAccessible(page);

    // Signing the phone out: its next request is a 401 and it lands on the login screen.
    const phoneItem = items.filter({ has: page.getByTestId('session-device').filter({ hasText: 'iOS' }) });
    await phoneItem.getByTestId('session-sign-out').click();
    await expect(items).toHaveCount(2);
    await phonePage.reload();
    await expect(phonePage).toHaveURL(/\/admin\/login/);

    // Everywhere else: the third session ends, this one stays.
    await page.getByTestId('sessions-revoke-others').click();
    await confirm(page);
    await expect(items).toHaveCount(1);
    await expect(page.getByTestId('session-current')).toBeVisible();
    await thirdPage.reload();
    await expect(thirdPage).toHaveURL(/\/admin\/login/);
    await expect(page.getByRole('button', { name: text.others })).toBeDisabled();
    await phone.close();
    await third.close();
  });
}
