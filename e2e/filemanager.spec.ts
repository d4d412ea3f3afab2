import { randomBytes } from 'node:crypto';
import { expect, type FrameLocator, type Locator, type Page, test } from '@playwright/test';
import {
  apiCreate,
  confirm,
  expectSuccessOf,
  gradientPng,
  login,
  pageLikeLang,
  pickMultiOption,
  shot,
} from './helpers.js';

// Each test loads the admin twice (the page and the frame) and uploads on a throttled line.
test.describe.configure({ timeout: 120_000 });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const suffix = () => randomBytes(2).toString('hex');

/** The file manager in the top bar's (or the editor's) modal frame. */
async function openedFrame(page: Page, opener: Locator): Promise<FrameLocator> {
  await opener.click();
  await expect(page.getByTestId('filemanager-modal').getByRole('dialog')).toBeVisible();
  const frame = page.frameLocator('[data-testid="filemanager-frame"]');
  await expect(frame.getByTestId('filemanager')).toBeVisible({ timeout: 15_000 });
  return frame;
}

const rowIn = (frame: FrameLocator, name: string) => frame.locator(`[data-testid="fm-row"][data-name="${name}"]`);

/** Waits until every image in the locator has loaded (a thumbnail shows, not a broken image). */
async function expectImagesLoaded(images: Locator): Promise<void> {
  await expect
    .poll(async () => images.evaluateAll((list) => list.every((img) => (img as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
}

/** Uploads through the API with the signed-in page's session, as the admin would. */
async function apiUpload(page: Page, path: string, name: string, mimeType: string, buffer: Buffer) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  const response = await page.request.post('/api/files/upload', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? '') },
    multipart: { path, file: { name, mimeType, buffer } },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('the file manager from the top bar: a folder, an upload with progress and a thumbnail, rename, move, delete', async ({
  page,
}) => {
  await login(page);
  const frame = await openedFrame(page, page.getByTestId('filemanager-open'));
  await expect(frame.getByTestId('fm-crumb-current')).toHaveText(/Súbory/);

  // A new folder, opened.
  const folder = `Fotky ${suffix()}`;
  await frame.getByTestId('fm-mkdir').click();
  await frame.getByTestId('fm-name-input').fill(folder);
  await frame.getByTestId('fm-name-ok').click();
  await rowIn(frame, folder).getByTestId('fm-open').click();
  await expect(frame.getByTestId('fm-crumb-current')).toHaveText(folder);
  await expect(frame.getByTestId('fm-empty')).toBeVisible();

  // An image on a slow line: its progress shows, then the row with its thumbnail.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 160 * 1024,
  });
  await frame.locator('input[type="file"]').setInputFiles({
    name: 'Leto na horách.png',
    mimeType: 'image/png',
    buffer: gradientPng(600, 400),
  });
  const item = frame.getByTestId('fm-upload-item').filter({ hasText: 'Leto na horách.png' });
  await expect(item).toHaveAttribute('data-status', 'active');
  await expect
    .poll(async () => Number(await item.locator('.ant-progress').getAttribute('aria-valuenow')), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await shot(page, 'filemanager-upload-progress');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const image = rowIn(frame, 'Leto na horách.png');
  await expect(image).toBeVisible({ timeout: 20_000 });
  await expectImagesLoaded(image.getByTestId('fm-thumbnail').locator('img'));
  await shot(page, 'filemanager-thumbnail');

  // Rename: the name without its extension is selected, so typing replaces it and the extension stays.
  await image.getByTestId('fm-rename').click();
  const input = frame.getByTestId('fm-name-input');
  await expect(input).toHaveValue('Leto na horách.png');
  await input.press('Control+a');
  await input.pressSequentially('Hory.png');
  await frame.getByTestId('fm-name-ok').click();
  const renamed = rowIn(frame, 'Hory.png');
  await expect(renamed).toBeVisible();
  await expect(rowIn(frame, 'Leto na horách.png')).toHaveCount(0);
  await expectImagesLoaded(renamed.getByTestId('fm-thumbnail').locator('img'));

  // A file type that is not allowed is refused before it is sent.
  await frame.locator('input[type="file"]').setInputFiles({
    name: 'stranka.html',
    mimeType: 'text/html',
    buffer: Buffer.from('<script>alert(1)</script>'),
  });
  await expect(frame.getByTestId('fm-upload-item').filter({ hasText: 'stranka.html' })).toHaveAttribute(
    'data-status',
    'exception',
  );

  // Move a document into a sub-folder with the folder picker.
  await frame
    .locator('input[type="file"]')
    .setInputFiles({ name: 'Cenník.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(rowIn(frame, 'Cenník.pdf')).toBeVisible();
  await frame.getByTestId('fm-mkdir').click();
  await frame.getByTestId('fm-name-input').fill('Archív');
  await frame.getByTestId('fm-name-ok').click();
  await expect(rowIn(frame, 'Archív')).toBeVisible();
  await rowIn(frame, 'Cenník.pdf').getByTestId('fm-move').click();
  const picker = frame.getByTestId('fm-move-dialog').getByRole('dialog');
  await expect(picker).toBeVisible();
  await picker.locator(`[data-testid="fm-folder-option"][data-path="${folder}"]`).waitFor();
  // Folders load as they are opened: the open folder is where the file is already, so it cannot be chosen.
  await picker.locator('.ant-tree-treenode').filter({ hasText: folder }).locator('.ant-tree-switcher').click();
  await picker.locator(`[data-testid="fm-folder-option"][data-path="${folder}/Archív"]`).click();
  await shot(page, 'filemanager-move');
  await frame.getByTestId('fm-move-ok').click();
  await expect(rowIn(frame, 'Cenník.pdf')).toHaveCount(0);
  await rowIn(frame, 'Archív').getByTestId('fm-open').click();
  await expect(rowIn(frame, 'Cenník.pdf')).toBeVisible();

  // Delete after confirming; then back up through the breadcrumb.
  await rowIn(frame, 'Cenník.pdf').getByTestId('fm-delete').click();
  await confirm(frame);
  await expect(frame.getByTestId('fm-empty')).toBeVisible();
  await frame.getByTestId('fm-crumb').filter({ hasText: folder }).click();
  await expect(rowIn(frame, 'Hory.png')).toBeVisible();
  await shot(page, 'filemanager-folder');

  // The file itself is served as an image.
  const served = await page.request.get(`/gallery/files/${encodeURIComponent(folder)}/Hory.png`);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
});

test('the editor of a news article picks a file from the file manager: an image goes in as an image, a document as a link', async ({
  page,
}) => {
  await login(page);
  const folder = `Na výber ${suffix()}`;
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  const mkdir = await page.request.post('/api/files/mkdir', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? '') },
    data: { path: '', name: folder },
  });
  expect(mkdir.status()).toBe(201);
  await apiUpload(page, folder, 'Logo.png', 'image/png', gradientPng(300, 200));
  await apiUpload(page, folder, 'Cenník 2025.pdf', 'application/pdf', PDF);

  const category = `Oznamy ${suffix()}`;
  await apiCreate(page, '/api/content/category/', {
    langs: {
      sk: pageLikeLang(category, `oznamy-${suffix()}`),
      en: pageLikeLang(`${category} en`, `notices-${suffix()}`),
    },
    module_id: 1,
  });

  await page.goto('/admin/app/news');
  await page.getByTestId('list-create').click();
  const title = `Článok so súbormi ${suffix()}`;
  await page.getByTestId('field-title-sk').fill(title);
  const content = page.getByTestId('field-content-sk');
  const editor = content.locator('[contenteditable="true"]');
  await editor.click();
  await editor.pressSequentially('Cenník: ');

  // A document: picked by its name, inserted as a link with the file's name.
  let frame = await openedFrame(page, page.getByTestId('field-content-sk-files'));
  await expect(frame.getByText('Kliknutím na súbor ho vložíte do textu')).toBeVisible();
  await rowIn(frame, folder).getByTestId('fm-open').click();
  await expect(rowIn(frame, 'Logo.png').getByTestId('fm-thumbnail')).toBeVisible();
  await shot(page, 'filemanager-pick');
  await rowIn(frame, 'Cenník 2025.pdf').getByTestId('fm-name').click();
  await expect(page.getByTestId('filemanager-modal').getByRole('dialog')).toBeHidden();
  const pdfUrl = `/gallery/files/${encodeURIComponent(folder)}/Cenn%C3%ADk%202025.pdf`;
  await expect(editor.locator(`a[href="${pdfUrl}"]`)).toHaveText('Cenník 2025.pdf');

  // An image: picked with its insert button, inserted as an image that loads.
  frame = await openedFrame(page, page.getByTestId('field-content-sk-files'));
  await rowIn(frame, folder).getByTestId('fm-open').click();
  await rowIn(frame, 'Logo.png').getByTestId('fm-pick').click();
  await expect(page.getByTestId('filemanager-modal').getByRole('dialog')).toBeHidden();
  const img = editor.locator(`img[src="/gallery/files/${encodeURIComponent(folder)}/Logo.png"]`);
  await expect(img).toBeVisible();
  await expectImagesLoaded(img);
  await shot(page, 'filemanager-picked');

  // Saved with the article: the sanitised content keeps both addresses.
  await page.getByTestId('locale-tab-en').click();
  await page.getByTestId('field-title-en').fill(`${title} en`);
  await pickMultiOption(page, page.getByTestId('field-categories'), category);
  await expectSuccessOf(page, 'Položka bola vytvorená.', () => page.getByTestId('form-save').click());
  const list = await page.request.get('/api/blog/', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    params: { search: title },
  });
  const id = (await list.json()).data[0].id as number;
  const saved = await (await page.request.get(`/api/blog/${id}`)).json();
  expect(saved.data.langs.sk.content).toContain(`href="${pdfUrl}"`);
  expect(saved.data.langs.sk.content).toContain(`src="/gallery/files/${encodeURIComponent(folder)}/Logo.png"`);
});
