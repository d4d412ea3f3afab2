import { expect, type Page, test } from '@playwright/test';
import { expectSuccessOf, login, rowOf, shot } from './helpers.js';

test.beforeEach(async ({ page }) => {
  await login(page);
});

/** Opens a template's form from the list and waits for its record. */
async function openTemplate(page: Page, title: string) {
  await page.goto('/admin/app/mail');
  await rowOf(page, title).getByTestId('row-edit').click();
  await expect(page.getByTestId('field-title-sk')).toHaveValue(title);
  await expect(page.getByTestId('mail-placeholders').first()).toBeVisible();
}

test('mail templates: the list shows the events as badges; no create, no delete', async ({ page }) => {
  await page.goto('/admin/app/mail');
  await expect(page.getByTestId('cell-event')).toHaveCount(5);
  await expect(rowOf(page, 'Registrácia').getByTestId('cell-event')).toHaveAttribute('data-event', 'registration');
  await expect(page.getByTestId('list-create')).toHaveCount(0);
  await expect(page.getByTestId('row-delete')).toHaveCount(0);
  await page.getByTestId('list-search').fill('ponuka');
  await expect(page.getByTestId('cell-title')).toHaveText(['Cenová ponuka']);
  await shot(page, 'mail-list');
});

test('a placeholder is inserted at the cursor of the focused text field and of the editor', async ({ page }) => {
  await openTemplate(page, 'Cenová ponuka');
  const form = page.getByTestId('resource-form');

  // A text field: the cursor sits between the two words.
  const subject = page.getByTestId('field-subject-sk');
  await subject.fill('Ponuka  prijatá');
  await subject.press('Home');
  for (let i = 0; i < 'Ponuka '.length; i += 1) await subject.press('ArrowRight');
  await form.getByTestId('placeholder-form.name').first().click();
  await expect(subject).toHaveValue('Ponuka %form.name% prijatá');
  await expect(subject).toBeFocused();

  // The editor: the cursor after "Ahoj ".
  const editor = page.getByTestId('field-content-sk').locator('.ProseMirror');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Ahoj svet');
  await page.keyboard.press('Home');
  for (let i = 0; i < 'Ahoj '.length; i += 1) await page.keyboard.press('ArrowRight');
  await form.getByTestId('placeholder-form.email').first().click();
  await expect(editor).toHaveText('Ahoj %form.email%svet');
  await shot(page, 'mail-form-placeholders');

  await expectSuccessOf(page, 'uložen', () => page.getByTestId('form-save').click());
  await openTemplate(page, 'Cenová ponuka');
  await expect(page.getByTestId('field-subject-sk')).toHaveValue('Ponuka %form.name% prijatá');
  await expect(page.getByTestId('field-content-sk').locator('.ProseMirror')).toHaveText('Ahoj %form.email%svet');
});

test('each field shows its own error; the plain text is limited to 240', async ({ page }) => {
  await openTemplate(page, 'Registrácia');
  await page.getByTestId('field-title-sk').fill('ab');
  await page.getByTestId('field-subject-sk').fill('x');
  await page.getByTestId('form-save').click();
  const item = (testId: string) =>
    page
      .locator('.ant-form-item')
      .filter({ has: page.getByTestId(testId) })
      .locator('.ant-form-item-explain-error');
  await expect(item('field-title-sk')).toHaveCount(1);
  await expect(item('field-subject-sk')).toHaveCount(1);
  await shot(page, 'mail-form-errors');
});

test('the preview opens a slide-up frame with the HTML filled with sample values', async ({ page }) => {
  await page.goto('/admin/app/mail');
  await rowOf(page, 'Obnovenie hesla').getByTestId('row-preview').click();
  const frame = page.getByTestId('mail-preview-frame');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('sandbox', '');
  const body = page.frameLocator('[data-testid="mail-preview-frame"]').locator('body');
  await expect(body).toContainText('Dobrý deň, Ján');
  await expect(body.getByRole('link', { name: 'Obnoviť heslo' })).toHaveAttribute('href', /\/admin\/login$/);
  await expect(body).not.toContainText('%user.name%');
  await shot(page, 'mail-preview');
  await page.getByTestId('mail-preview-close').click();
  await expect(frame).toBeHidden();
});

test('settings: an error in the en tab switches to that tab; a valid save is kept', async ({ page }) => {
  await page.goto('/admin/app/settings');
  await expect(page).toHaveURL(/\/admin\/app\/settings\/main$/);
  await expect(page.getByTestId('field-meta_title-sk')).not.toHaveValue('');

  await page.getByTestId('locale-tab-en').click();
  await page.getByTestId('field-meta_description-en').fill('Too short.');
  await page.getByTestId('locale-tab-sk').click();
  await expect(page.getByTestId('field-meta_title-sk')).toBeVisible();
  await page.getByTestId('settings-save').click();

  const en = page.getByTestId('field-meta_description-en');
  await expect(en).toBeVisible();
  await expect(page.getByRole('tab', { selected: true })).toContainText('Angličtina');
  await expect(page.locator('.ant-form-item').filter({ has: en }).locator('.ant-form-item-explain-error')).toHaveText(
    'Zadajte 100 až 160 znakov.',
  );
  await shot(page, 'settings-main-error');

  await en.fill(
    'A builder of family houses and renovations in and around Bratislava: quality work, on time and at the agreed price.',
  );
  await expectSuccessOf(page, 'uložen', () => page.getByTestId('settings-save').click());
  await page.reload();
  await page.getByTestId('locale-tab-en').click();
  await expect(page.getByTestId('field-meta_description-en')).toHaveValue(/^A builder of family houses/);
  await shot(page, 'settings-main');

  // Search engines, per locale: English kept out → robots.txt disallows /en/ and its pages say noindex.
  const indexing = async (choice: string) => {
    await page.getByTestId('field-search_indexing-en').click();
    await page.locator('.ant-select-item-option').filter({ hasText: choice }).click();
    // The choice is made before the save (a click on an option still moving in once missed it, and the save kept
    // the old value).
    await expect(page.getByTestId('field-search_indexing-en')).toContainText(choice);
    await expectSuccessOf(page, 'uložen', () => page.getByTestId('settings-save').click());
  };
  await indexing('Nie (noindex)');
  expect(await (await page.request.get('/robots.txt')).text()).toContain('Disallow: /en/\n');
  expect(await (await page.request.get('/en/')).text()).toContain('<meta name="robots" content="noindex">');
  expect(await (await page.request.get('/sk/')).text()).not.toContain('name="robots"');
  await shot(page, 'settings-main-indexing');
  await indexing('Môžu indexovať');
  expect(await (await page.request.get('/robots.txt')).text()).not.toContain('Disallow: /en/');
});

test('settings screens: contact, e-mail (sender disabled) and social', async ({ page }) => {
  await page.goto('/admin/app/settings/contact');
  await expect(page.getByTestId('field-contact_name-sk')).toHaveValue('Stavby Demo s.r.o.');
  await expect(page.getByTestId('field-contact_country_id-sk')).toContainText('Slovensko');
  await shot(page, 'settings-contact');

  await page.goto('/admin/app/settings/email');
  await expect(page.getByTestId('field-email_sender-sk')).toBeDisabled();
  await page.getByTestId('field-email_recipient-sk').fill('not an e-mail');
  await page.getByTestId('settings-save').click();
  await expect(
    page
      .locator('.ant-form-item')
      .filter({ has: page.getByTestId('field-email_recipient-sk') })
      .locator('.ant-form-item-explain-error'),
  ).toBeVisible();
  await shot(page, 'settings-email');

  await page.goto('/admin/app/settings/social');
  await page.getByTestId('field-social_twitter_link-sk').fill('https://x.com/stavbydemo');
  await expectSuccessOf(page, 'uložen', () => page.getByTestId('settings-save').click());
  await shot(page, 'settings-social');
});
