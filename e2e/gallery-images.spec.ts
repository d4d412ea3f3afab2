import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  apiCreate,
  confirm,
  expectSuccess,
  expectSuccessOf,
  gradientPng,
  login,
  pageLikeLang,
  shot,
} from './helpers.js';

/** The address of a gallery titled `title` in a locale, as createGallery makes it. */
const slugOf = (title: string, locale: string) => `${title.toLowerCase().replace(/\W+/g, '-')}-${locale}`;

async function createGallery(page: Page, title: string): Promise<number> {
  const lang = (suffix: string) => ({ ...pageLikeLang(`${title} ${suffix}`, slugOf(title, suffix)) });
  return apiCreate(page, '/api/gallery/', { langs: { sk: lang('sk'), en: lang('en') }, status: true, categories: [] });
}

const cards = (page: Page) => page.getByTestId('gallery-image');
const idsOf = async (page: Page) =>
  cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-id')));

/** Drags a card by its handle onto another card, the way a mouse does (dnd-kit starts after 5 px). */
async function dragCard(page: Page, from: Locator, to: Locator): Promise<void> {
  const handle = await from.getByTestId('gi-handle').boundingBox();
  const target = await to.boundingBox();
  if (!handle || !target) throw new Error('cards are not on screen');
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 20, handle.y + 10, { steps: 5 });
  await page.mouse.move(target.x + target.width / 4, target.y + target.height / 2, { steps: 15 });
  await page.mouse.up();
}

test('a gallery gets three images with progress, reordered by drag, rotated, titled in both languages, hidden in bulk and shown in the slideshow', async ({
  page,
}) => {
  await login(page);
  // The dashboard counts gallery images and leads to the galleries.
  await expect(page.getByTestId('tile-GalleryImage')).toContainText('Obrázky v galériách');
  await page.getByTestId('tile-GalleryImage').click();
  await expect(page).toHaveURL(/\/admin\/app\/gallery$/);
  // Its own title on each run, so that a retry does not meet the first try's addresses.
  const title = `Harbour photos ${Date.now()}`;
  const galleryId = await createGallery(page, title);
  const photos = [
    { name: 'crane.png', mimeType: 'image/png', buffer: gradientPng(1200, 800) },
    { name: 'quay.png', mimeType: 'image/png', buffer: gradientPng(500, 500) },
    { name: 'ship.png', mimeType: 'image/png', buffer: gradientPng(600, 400) },
  ];
  expect(photos[0]?.buffer.length).toBeGreaterThan(2_000_000); // sent in chunks

  await page.goto('/admin/app/gallery');
  await page
    .getByRole('row')
    .filter({ hasText: `${title} sk` })
    .getByTestId('row-images')
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/app/gallery/${galleryId}/images$`));
  await expect(page.getByTestId('gi-heading')).toContainText(`${title} sk`);
  await expect(page.getByTestId('list-bulk')).toBeDisabled();

  // Slow the upload down so the progress can be watched.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  await page.locator('.bo-gi-drop input[type=file]').setInputFiles(photos);
  await expect(page.getByTestId('gi-upload-item')).toHaveCount(3);
  await expect
    .poll(async () => Number((await page.getByTestId('gi-upload-progress').first().textContent())?.replace('%', '')), {
      intervals: [100],
    })
    .toBeGreaterThan(0);
  await shot(page, 'gallery-images-uploading');
  await expectSuccess(page, '3 obrázky boli nahrané.');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByTestId('gi-count')).toHaveText('3 obrázky');
  const uploaded = await idsOf(page);

  // Reorder: the last image dragged before the first; kept after a reload. A drag made while the cards still move
  // (the list read again after the upload) can miss them and change nothing: it is then made again.
  await expect(async () => {
    if (String(await idsOf(page)) !== String(uploaded)) return;
    await dragCard(page, cards(page).nth(2), cards(page).nth(0));
    await expect.poll(() => idsOf(page), { timeout: 3_000 }).not.toEqual(uploaded);
  }).toPass({ timeout: 30_000 });
  await expectSuccess(page, /poradie|order/i);
  const reordered = [uploaded[2], uploaded[0], uploaded[1]];
  await expect.poll(() => idsOf(page)).toEqual(reordered);
  await page.reload();
  await expect.poll(() => idsOf(page)).toEqual(reordered);

  // Rotate the first: a new thumbnail address at once, width and height swapped on the server.
  const sizeOf = async (id: string | null | undefined) => {
    const listed = await page.request.get(`/api/gallery/image/${galleryId}`);
    const images: { id: number; width: number; height: number }[] = (await listed.json()).data;
    const image = images.find((item) => String(item.id) === id);
    return [image?.width, image?.height];
  };
  const first = cards(page).first();
  const [width, height] = await sizeOf(reordered[0]);
  const before = await first.locator('img').getAttribute('src');
  await first.getByTestId('gi-rotate').click();
  await expect(first.locator('img')).not.toHaveAttribute('src', before ?? '');
  expect(await sizeOf(reordered[0])).toEqual([height, width]);

  // Titles and alternative texts in both languages; the site's thumbnail says the alt text of its language.
  await first.getByTestId('gi-edit').click();
  await page.getByTestId('gi-title-sk').fill('Loď v prístave');
  await page.getByTestId('gi-alt-sk').fill('Biela plachetnica pri móle');
  await page.getByTestId('locale-tab-en').click();
  await page.getByTestId('gi-title-en').fill('A ship in the harbour');
  await page.getByTestId('gi-alt-en').fill('A white sailing boat by the pier');
  await shot(page, 'gallery-image-texts');
  await expectSuccessOf(page, /uložen|saved/i, () => page.getByTestId('gi-titles-save').click());
  await expect(first.getByTestId('gi-title')).toHaveText('Loď v prístave');
  const site = await (await page.request.get(`/en/gallery/${slugOf(title, 'en')}`)).text();
  expect(site).toContain('alt="A white sailing boat by the pier"');
  await page.getByTestId('lang-en').click();
  await expect(cards(page).first().getByTestId('gi-title')).toHaveText('A ship in the harbour');
  await page.getByTestId('lang-sk').click();

  // Bulk hide of two images.
  await cards(page).nth(1).getByTestId('gi-select').check();
  await cards(page).nth(2).getByTestId('gi-select').check();
  await expect(page.getByTestId('list-bulk')).toBeEnabled();
  await page.getByTestId('list-bulk').click();
  await page.getByTestId('bulk-hide').click();
  await confirm(page);
  await expect(cards(page).nth(1)).toHaveAttribute('data-status', 'hidden');
  await expect(cards(page).nth(2)).toHaveAttribute('data-status', 'hidden');
  await expect(cards(page).nth(0)).toHaveAttribute('data-status', 'published');
  await expect(page.getByTestId('list-bulk')).toBeDisabled();
  await shot(page, 'gallery-images');

  // The slideshow: the first original, then the next one, zoomed.
  await page.getByTestId('gi-slideshow').click();
  const preview = page.locator('.ant-image-preview-img');
  await expect(preview).toBeVisible();
  const firstSrc = await preview.getAttribute('src');
  expect(firstSrc).toContain(`/gallery/gallery/${galleryId}/`);
  await page.keyboard.press('ArrowRight');
  await expect(preview).not.toHaveAttribute('src', firstSrc ?? '');
  const scale = () => preview.evaluate((img) => new DOMMatrix(getComputedStyle(img).transform).a);
  expect(await scale()).toBe(1);
  await page.getByRole('button', { name: 'zoomIn' }).click();
  await expect.poll(scale).toBeGreaterThan(1);
  await shot(page, 'gallery-images-slideshow');
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
});

test('files that are not images or too big are refused with their reason, and the batch ends with a danger notification', async ({
  page,
}) => {
  await login(page);
  const galleryId = await createGallery(page, `Refusals ${Date.now()}`);
  await page.goto(`/admin/app/gallery/${galleryId}/images`);
  await page.locator('.bo-gi-drop input[type=file]').setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
    { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10_300_000, 1) },
    { name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<svg onload="alert(1)"></svg>') },
  ]);
  const items = page.getByTestId('gi-upload-item');
  await expect(items.filter({ hasText: 'notes.txt' })).toContainText('Tento typ súboru nie je povolený');
  await expect(items.filter({ hasText: 'huge.jpg' })).toContainText('Súbor je príliš veľký');
  await expect(items.filter({ hasText: 'fake.jpg' })).toHaveAttribute('data-status', 'exception');
  await expect(page.getByTestId('notification')).toHaveAttribute('data-type', 'danger');
  await expect(page.getByTestId('notification')).toContainText('Niektoré obrázky sa nenahrali.');
  await expect(cards(page)).toHaveCount(0);
  await shot(page, 'gallery-images-refused');
});
