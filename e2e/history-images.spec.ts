import { expect, test } from '@playwright/test';
import { apiCreate, expectSuccess, gradientPng, login, PNG_1X1, pageLikeLang, shot } from './helpers.js';

// Image fields in the history's comparison (docs/features/revisions.md): the saved and the current image side by
// side as thumbnails; a saved image replaced since (its file deleted) is named as gone, not a broken image.

const LIST = '/admin/app/content/category';
const API = '/api/content/category/';

test('a category given an image, then another: its history shows both thumbnails, the replaced one as gone', async ({
  page,
}) => {
  await login(page);
  const id = await apiCreate(page, API, {
    langs: {
      sk: pageLikeLang('Obrázková história', 'obrazkova-historia'),
      en: pageLikeLang('Image history', 'image-history'),
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
    await page.getByTestId('form-save').click();
    await expectSuccess(page, 'uložen');
  }

  // The form showed the first image while it was replaced: a browser that never loaded it is the one to ask.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.goto(`${LIST}/${id}`);
  await expect(page.getByTestId('field-image-preview')).toBeVisible();
  await page.getByTestId('form-history').click();
  const versions = page.getByTestId('history').locator('.ant-list-item');
  await expect(versions).toHaveCount(3);

  // The version with the first image: that file went when the second replaced it.
  await versions.nth(1).click();
  const field = page.getByTestId('history-field-image');
  await expect(field).toContainText('Obrázok');
  const before = field.getByTestId('history-image-before');
  await expect(before).toHaveAttribute('data-state', 'gone');
  await expect(before).toContainText('Súbor už neexistuje.');
  const gone = (await before.textContent())?.match(/[\w-]+\.png/)?.[0];
  expect((await page.request.get(`/gallery/category/${id}/thumb/${gone}`)).status()).toBe(404);
  const current = field.getByTestId('history-image-after').locator('img');
  await expect(current).toHaveAttribute('src', new RegExp(`^/gallery/category/${id}/thumb/[^/]+\\.png$`));
  await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(field.getByTestId('history-image-changed')).toHaveText('Obrázok sa zmenil');
  await shot(page, 'history-images-sk');

  // The first version had no image.
  await versions.nth(2).click();
  await expect(page.getByTestId('history-image-before')).toHaveAttribute('data-state', 'none');
  await expect(page.getByTestId('history-image-before')).toHaveText('Bez obrázka');
});
