import { expect, test } from '@playwright/test';
import { apiCreateText, confirm, expectSuccessOf, login, rowOf } from './helpers.js';

const LIST = '/admin/app/content/text';

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('unsaved edits are asked about, Ctrl+S saves, and a removal can be undone', async ({ page }) => {
  const title = `Neuložená práca – text ${Date.now()}`;
  await apiCreateText(page, { sk: title, en: 'Unsaved work text' });
  await page.goto(LIST);

  // Open the text and edit its title.
  const loaded = page.waitForResponse((r) => /\/api\/content\/text\/\d+$/.test(r.url()) && r.ok());
  await rowOf(page, title).getByTestId('row-edit').click();
  await loaded;
  await expect(page.getByTestId('preloader')).toBeHidden();
  const form = page.getByRole('dialog', { name: 'Upraviť text' });
  await expect(page.getByTestId('field-title-sk')).toHaveValue(title);
  await page.getByTestId('field-title-sk').fill(`${title} 2`);

  // Esc right after the edit asks, and so does the close button; "Keep editing" keeps the edit (the mask takes the
  // same way: ResourceForm.test.tsx).
  const question = page.getByRole('dialog', { name: 'Zahodiť neuložené zmeny?' });
  for (const close of [() => page.keyboard.press('Escape'), () => page.getByTestId('form-close').click()]) {
    await close();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Pokračovať v úprave' }).click();
    await expect(question).toBeHidden();
    await expect(form).toBeVisible();
    await expect(page.getByTestId('field-title-sk')).toHaveValue(`${title} 2`);
  }

  // Ctrl+S saves as the Save button does; nothing asks as the form closes.
  await expectSuccessOf(page, 'Položka bola uložená.', () => page.getByTestId('field-title-sk').press('Control+s'));
  await expect(form).toBeHidden();
  await expect(question).toBeHidden();
  const saved = rowOf(page, `${title} 2`);
  await expect(saved).toBeVisible();

  // An edit, then the browser's back (the form's mask covers the side menu): the question, and "Discard" leaves.
  const reloaded = page.waitForResponse((r) => /\/api\/content\/text\/\d+$/.test(r.url()) && r.ok());
  await saved.getByTestId('row-edit').click();
  await reloaded;
  await expect(page.getByTestId('preloader')).toBeHidden();
  await expect(page.getByTestId('field-title-sk')).toHaveValue(`${title} 2`);
  await page.getByTestId('field-title-sk').fill(`${title} 3`);
  await page.evaluate(() => window.history.back());
  await expect(question).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/app\/content\/text\/\d+$/);
  await question.getByRole('button', { name: 'Zahodiť' }).click();
  await expect(page).toHaveURL(/\/admin\/app\/content\/text$/);
  await expect(form).toBeHidden();

  // The edit was not saved, and its local draft went with it: the text opens as saved, with nothing offered back.
  const row = rowOf(page, `${title} 2`);
  await expect(row).toBeVisible();
  await row.getByTestId('row-edit').click();
  await expect(page.getByTestId('field-title-sk')).toHaveValue(`${title} 2`);
  await expect(page.getByTestId('draft-offer')).toHaveCount(0);
  await page.getByTestId('form-close').click();
  await expect(form).toBeHidden();

  // Delete the text, then "Undo" brings it back.
  await row.getByTestId('row-delete').click();
  await expectSuccessOf(page, 'Položka bola odstránená.', () => confirm(page));
  await expect(row).toHaveCount(0);
  await page.getByTestId('notification').getByRole('button', { name: 'Späť' }).click();
  await expect(row).toBeVisible();
});
