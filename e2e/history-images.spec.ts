import { expect, test } from '@playwright/test';
import { apiCreate, confirm, expectSuccessOf, gradientPng, login, PNG_1X1, pageLikeLang, shot } from './helpers.js';

// Image fields in the history's comparison (docs/features/revisions.md): the saved and the current image side by
// side as thumbnails; a replaced image's file stays while a version names it, and restoring that version brings the
// image back (a file gone since is named as gone instead of a broken image: HistoryDrawer.test.tsx).

const LIST = '/admin/app/content/category';
const API = '/api/content/category/';

test('a category given an image, then another: its history shows both thumbnails, a restore brings the first back', async ({
  page,
}) => {
  await login(page);
  // Addresses of this run's own: a retry creates its record beside the first try's.
  const stamp = Date.now();
  const id = await apiCreate(page, API, {
    langs: {
      sk: pageLikeLang('Obrázková história', `obrazkova-historia-${stamp}`),
      en: pageLikeLang('Image history', `image-history-${stamp}`),
    },
    module_id: 1,
    status: true,
  });
  for (const file of [
    { name: 'prvy.png', mimeType: 'image/png', buffer: PNG_1X1 },
    { name: 'druhy.png', mimeType: 'image/png', buffer: gradientPng(60, 40) },
  ]) {
    await page.goto(`${LIST}/${id}`);
    await expect(page.getByTestId('field-title-sk')).toHaveValue('Obrázková história');
    await page.getByTestId('field-image-input').setInputFiles(file);
    await expectSuccessOf(page, 'uložen', () => page.getByTestId('form-save').click());
  }

  // The form showed the first image while it was replaced: a browser that never loaded it is the one to ask.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.goto(`${LIST}/${id}`);
  await expect(page.getByTestId('field-image-preview')).toBeVisible();
  await page.getByTestId('form-history').click();
  const versions = page.getByTestId('history').getByRole('option');
  await expect(versions).toHaveCount(3);

  // The version with the first image: its file stayed when the second replaced it.
  await versions.nth(1).click();
  const field = page.getByTestId('history-field-image');
  await expect(field).toContainText('Obrázok');
  const before = field.getByTestId('history-image-before').locator('img');
  await expect(before).toHaveAttribute('src', new RegExp(`^/gallery/category/${id}/thumb/[^/]+\\.png$`));
  await expect.poll(() => before.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const firstFile = (await before.getAttribute('alt')) ?? '';
  const current = field.getByTestId('history-image-after').locator('img');
  await expect(current).toHaveAttribute('src', new RegExp(`^/gallery/category/${id}/thumb/[^/]+\\.png$`));
  await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(field.getByTestId('history-image-changed')).toHaveText('Obrázok sa zmenil');
  await expect(field).toContainText('Obnovenie tejto verzie vráti aj jej obrázok, ak jeho súbor ešte existuje.');
  await shot(page, 'history-images-sk');

  // The first version had no image.
  await versions.nth(2).click();
  await expect(page.getByTestId('history-image-before')).toHaveAttribute('data-state', 'none');
  await expect(page.getByTestId('history-image-before')).toHaveText('Bez obrázka');

  // Restoring the version with the first image brings that image back into the record and its form.
  await versions.nth(1).click();
  const restored = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/revisions\/\d+\/restore$/.test(response.url()),
  );
  await page.getByTestId('history-restore').click();
  await expectSuccessOf(page, 'uložen', async () => {
    await confirm(page);
    const answer = await restored;
    if (answer.status() !== 200) expect(answer.status(), await answer.text()).toBe(200);
  });
  const record = await (
    await page.request.get(`${API}${id}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    })
  ).json();
  expect(record.data.image).toBe(firstFile);
  await page.goto(`${LIST}/${id}`);
  await expect(page.getByTestId('field-image-preview')).toHaveAttribute(
    'src',
    new RegExp(firstFile.replace('.', '\\.')),
  );
  expect((await page.request.get(`/gallery/category/${id}/${firstFile}`)).status()).toBe(200);
});
