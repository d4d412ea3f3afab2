import { expect, test } from '@playwright/test';
import { apiCreate, confirm, login, pageLikeLang, rowOf, shot } from './helpers.js';

// Drafts and live preview (docs/features/drafts.md): a published page edited as a draft stays as it was on the site
// until the draft is published; the form previews what it holds in the site's own templates, in both languages; a
// draft can be discarded.

const LIST = '/admin/app/content/page';
const API = '/api/content/page/';

test('a published page: save a draft, preview it live, publish it; discard another', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page);
  const stamp = Date.now();
  const title = `Otváracie hodiny ${stamp}`;
  const url = `otvaracie-hodiny-${stamp}`;
  const id = await apiCreate(page, API, {
    langs: { sk: pageLikeLang(title, url), en: pageLikeLang(`Opening hours ${stamp}`, `opening-hours-${stamp}`) },
    status: true,
  });
  const site = async () => (await page.request.get(`/sk/${url}`)).text();

  // A draft: kept, marked in the list, not on the site.
  await page.goto(`${LIST}/${id}`);
  await page.getByTestId('field-title-sk').fill(`${title} – leto`);
  await page.getByTestId('form-save-draft').click();
  await expect(page.getByTestId('resource-form')).toBeHidden();
  await expect(rowOf(page, title).getByTestId('cell-draft')).toHaveText('Koncept');
  expect(await site()).not.toContain(`${title} – leto`);

  // Opened again, the form shows the draft and says so.
  await rowOf(page, title).getByTestId('row-edit').click();
  await expect(page.getByTestId('record-draft-alert')).toBeVisible();
  await expect(page.getByTestId('field-title-sk')).toHaveValue(`${title} – leto`);
  await expect(page.getByTestId('form-save')).toHaveText(/Zverejniť koncept/);

  // The live preview renders what the form holds, and follows the typing; English shows the English texts.
  await page.getByTestId('form-preview').click();
  const frame = page.frameLocator('[data-testid="live-preview-frame"]');
  await expect(frame.locator('h1')).toContainText(`${title} – leto`);
  await page.getByTestId('field-title-sk').fill(`${title} – leto 2026`);
  await expect(frame.locator('h1')).toContainText(`${title} – leto 2026`);
  await shot(page, 'live-preview-sk');
  await page.getByTestId('live-preview-locale').getByText('Angličtina').click();
  await expect(frame.locator('h1')).toContainText(`Opening hours ${stamp}`);
  await page
    .getByTestId('live-preview')
    .getByRole('button', { name: /close|zavrieť/i })
    .click();
  await expect(page.getByTestId('live-preview')).toBeHidden();

  // Publishing is the save: the site shows it, the draft is gone.
  await page.getByTestId('form-save').click();
  await expect(page.getByTestId('resource-form')).toBeHidden();
  await expect(rowOf(page, `${title} – leto 2026`)).toBeVisible();
  await expect(rowOf(page, `${title} – leto 2026`).getByTestId('cell-draft')).toHaveCount(0);
  expect(await site()).toContain(`${title} – leto 2026`);

  // Another draft, discarded: the form is back to the published values.
  await rowOf(page, `${title} – leto 2026`).getByTestId('row-edit').click();
  await page.getByTestId('field-title-sk').fill(`${title} – zima`);
  await page.getByTestId('form-save-draft').click();
  await expect(rowOf(page, `${title} – leto 2026`).getByTestId('cell-draft')).toBeVisible();
  await rowOf(page, `${title} – leto 2026`).getByTestId('row-edit').click();
  await expect(page.getByTestId('field-title-sk')).toHaveValue(`${title} – zima`);
  await shot(page, 'record-draft-sk');
  await page.getByTestId('draft-discard').click();
  await confirm(page);
  await expect(page.getByTestId('record-draft-alert')).toHaveCount(0);
  await expect(page.getByTestId('field-title-sk')).toHaveValue(`${title} – leto 2026`);

  // In English the same controls speak English.
  await page.getByTestId('form-close').click();
  await page.getByTestId('lang-en').click();
  await page.goto(`${LIST}/${id}`);
  await expect(page.getByTestId('form-save-draft')).toHaveText('Save draft');
  await expect(page.getByTestId('form-preview')).toHaveText('Preview');
  await page.getByTestId('form-preview').click();
  await expect(page.frameLocator('[data-testid="live-preview-frame"]').locator('h1')).toContainText(title);
  await shot(page, 'live-preview-en');
  await page.goto('/admin/app/dashboard');
  await page.getByTestId('lang-sk').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
});
