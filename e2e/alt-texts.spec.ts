import { expect, test } from '@playwright/test';
import { expectSuccessOf, login, PNG_1X1, rowOf, shot } from './helpers.js';

test.beforeEach(async ({ page }) => {
  await login(page);
});

test("a page's image and an editor image are described per language; the site says each in its language", async ({
  page,
}) => {
  await page.goto('/admin/app/content/page');
  await page.getByTestId('list-create').click();
  await page.getByTestId('field-title-sk').fill('Areál firmy');
  await expect(page.getByTestId('field-title_url-sk')).toHaveValue('areal-firmy');
  await page.getByTestId('field-image_alt-sk').fill('Budova firmy s parkoviskom');

  // An image in the editor: selected, the ALT tool asks for its description.
  const content = page.getByTestId('field-content-sk');
  await expect(content.getByTestId('field-content-sk-image-alt')).toBeDisabled();
  await content
    .getByTestId('field-content-sk-image-input')
    .setInputFiles({ name: 'mapa.png', mimeType: 'image/png', buffer: PNG_1X1 });
  const inserted = content.locator('[contenteditable="true"] img');
  await expect(inserted).toHaveAttribute('alt', 'mapa');
  await inserted.click();
  page.once('dialog', (dialog) => void dialog.accept('Mapa areálu s vjazdom'));
  await content.getByTestId('field-content-sk-image-alt').click();
  await expect(inserted).toHaveAttribute('alt', 'Mapa areálu s vjazdom');

  await page.getByTestId('locale-tab-en').click();
  await page.getByTestId('field-title-en').fill('Our premises');
  await page.getByTestId('field-image_alt-en').fill('The company building with its car park');
  await page
    .getByTestId('field-image-input')
    .setInputFiles({ name: 'areal.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await shot(page, 'image-alt-en');
  await expectSuccessOf(page, 'Položka bola vytvorená.', () => page.getByTestId('form-save').click());

  const sk = await (await page.request.get('/sk/areal-firmy')).text();
  expect(sk).toMatch(/<img class="hero" src="[^"]+" alt="Budova firmy s parkoviskom"/);
  expect(sk).toContain('alt="Mapa areálu s vjazdom"');
  const en = await (await page.request.get('/en/our-premises')).text();
  expect(en).toMatch(/<img class="hero" src="[^"]+" alt="The company building with its car park"/);

  // Loaded again, each tab holds its own description.
  await rowOf(page, 'Areál firmy').getByTestId('row-edit').click();
  await expect(page.getByTestId('field-image_alt-sk')).toHaveValue('Budova firmy s parkoviskom');
  await page.getByTestId('locale-tab-en').click();
  await expect(page.getByTestId('field-image_alt-en')).toHaveValue('The company building with its car park');
});
