import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { expect, type Page, type Request, type Response, test } from '@playwright/test';
import { apiCreate, gradientPng, login, pageLikeLang, shot } from './helpers.js';

/*
 * The gallery upload driven by the real Dropzone (5.9 and 6.3, the uploader the specification names) in Chromium,
 * on a same-origin page signed in as the administrator: what an existing Dropzone client of the endpoint sees.
 */

const require = createRequire(import.meta.url);
const BUILDS = {
  '5.9': require.resolve('dropzone5/dist/min/dropzone.min.js'),
  '6.3': require.resolve('dropzone6/dist/dropzone-min.js'),
} as const;

/** How a file ended in Dropzone: its status, the text Dropzone shows on it, and the server's answers. */
interface Ending {
  status: string;
  shown: string;
  uuid: string;
  answers: { index: number; status: number; body: { message?: string; error?: string } }[];
}

/** Options given to `new Dropzone(...)` beside the endpoint and the admin's headers. */
interface DropzoneOptions {
  chunkSize: number;
  parallelChunkUploads: boolean;
  retryChunks: boolean;
}

async function createGallery(page: Page, title: string): Promise<number> {
  const slug = `${title.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`;
  return apiCreate(page, '/api/gallery/', {
    langs: { sk: pageLikeLang(`${title} sk`, `${slug}-sk`), en: pageLikeLang(`${title} en`, `${slug}-en`) },
    status: true,
    categories: [],
  });
}

/** A blank page of the server's origin (the session cookies apply) with the Dropzone build loaded. */
async function openDropzonePage(page: Page, version: keyof typeof BUILDS): Promise<void> {
  await page.route('**/dropzone-client.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dropzone client</title></head><body><form id="dz" class="dropzone" style="min-height:200px"></form></body></html>',
    }),
  );
  await page.goto('/dropzone-client.html');
  await page.addScriptTag({ path: BUILDS[version] });
  const css = BUILDS[version].replace(
    /dropzone(-|\.)min\.js$/,
    version === '5.9' ? 'dropzone.min.css' : 'dropzone.css',
  );
  await page.addStyleTag({ path: css });
  expect(await page.evaluate(() => typeof (window as unknown as { Dropzone?: unknown }).Dropzone)).toBe('function');
}

/** Drops one file into a fresh Dropzone and waits until Dropzone is done with it. */
async function dropFile(
  page: Page,
  galleryId: number,
  file: { name: string; type: string; bytes: Buffer },
  options: DropzoneOptions,
): Promise<Ending> {
  const answers: Ending['answers'] = [];
  const url = `/api/gallery/image/${galleryId}/upload`;
  let sentCount = 0;
  const onRequest = (request: Request) => {
    if (request.url().endsWith(url)) sentCount += 1;
  };
  const onResponse = async (response: Response) => {
    if (!response.url().endsWith(url)) return;
    const sent = response.request().postDataBuffer()?.toString('latin1') ?? '';
    const index = Number(/name="dzchunkindex"\r\n\r\n(\d+)/.exec(sent)?.[1] ?? -1);
    answers.push({ index, status: response.status(), body: await response.json().catch(() => ({})) });
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  const ending = await page.evaluate(
    async ({ url, name, type, base64, options }) => {
      type DropzoneFile = File & { status: string; upload: { uuid: string }; previewElement: HTMLElement };
      type DropzoneInstance = {
        on(event: 'complete', handler: (file: DropzoneFile) => void): void;
        addFile(file: File): void;
        destroy(): void;
      };
      type DropzoneClass = (new (
        el: string,
        options: Record<string, unknown>,
      ) => DropzoneInstance) & {
        autoDiscover: boolean;
      };
      const Dropzone = (window as unknown as { Dropzone: DropzoneClass }).Dropzone;
      Dropzone.autoDiscover = false;
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const form = document.getElementById('dz') as HTMLFormElement & { dropzone?: DropzoneInstance };
      form.dropzone?.destroy();
      const dz = new Dropzone('#dz', {
        url,
        paramName: 'file',
        chunking: true,
        forceChunking: true,
        maxFilesize: 20,
        timeout: 60_000,
        retryChunksLimit: 2,
        headers: { 'X-XSRF-TOKEN': xsrf, 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': 'en' },
        ...options,
      });
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const done = new Promise<{ status: string; shown: string; uuid: string }>((resolve) => {
        dz.on('complete', (f) =>
          resolve({
            status: f.status,
            shown: f.previewElement.querySelector('[data-dz-errormessage]')?.textContent ?? '',
            uuid: f.upload.uuid,
          }),
        );
      });
      dz.addFile(new File([bytes], name, { type }));
      return done;
    },
    {
      url,
      name: file.name,
      type: file.type,
      base64: file.bytes.toString('base64'),
      options: { ...options },
    },
  );
  // Every request answered (a response event may follow Dropzone's own handling by a moment).
  await expect.poll(() => sentCount > 0 && answers.length === sentCount).toBe(true);
  page.off('request', onRequest);
  page.off('response', onResponse);
  return { ...ending, answers };
}

/** Sends chunk `index` of a file under `uuid` the way Dropzone does, outside Dropzone; answers the status. */
async function sendChunk(page: Page, galleryId: number, uuid: string, bytes: Buffer, chunkSize: number, index: number) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const count = Math.ceil(bytes.length / chunkSize);
  const response = await page.request.post(`/api/gallery/image/${galleryId}/upload`, {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
    multipart: {
      dzuuid: uuid,
      dzchunkindex: String(index),
      dztotalfilesize: String(bytes.length),
      dzchunksize: String(chunkSize),
      dztotalchunkcount: String(count),
      dzchunkbyteoffset: String(index * chunkSize),
      file: {
        name: 'blob',
        mimeType: 'application/octet-stream',
        buffer: bytes.subarray(index * chunkSize, Math.min(bytes.length, (index + 1) * chunkSize)),
      },
    },
  });
  return response.status();
}

async function imagesOf(page: Page, galleryId: number) {
  const response = await page.request.get(`/api/gallery/image/${galleryId}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { width: number; height: number }[] }).data;
}

for (const version of Object.keys(BUILDS) as (keyof typeof BUILDS)[]) {
  test(`Dropzone ${version}: a chunked image is stored; a non-image ends in error with the server's message and its dzuuid stays refused`, async ({
    page,
  }) => {
    await login(page);
    const galleryId = await createGallery(page, `Dropzone ${version}`);
    await openDropzonePage(page, version);

    // A real image, in Dropzone's default 2 000 000-byte chunks.
    const photo = gradientPng(1200, 800);
    expect(photo.length).toBeGreaterThan(2_000_000);
    const stored = await dropFile(
      page,
      galleryId,
      { name: 'harbour.png', type: 'image/png', bytes: photo },
      { chunkSize: 2_000_000, parallelChunkUploads: false, retryChunks: true },
    );
    expect(stored.status).toBe('success');
    expect(stored.answers.map((a) => a.status)).toEqual([200, 201]);
    expect(await imagesOf(page, galleryId)).toEqual([expect.objectContaining({ width: 1200, height: 800 })]);

    // Not an image from its first byte, chunks sent in parallel: refused at the first chunk.
    const chunkSize = 256 * 1024;
    const noise = randomBytes(1_000_000);
    const refused = await dropFile(
      page,
      galleryId,
      { name: 'notes.png', type: 'image/png', bytes: noise },
      { chunkSize, parallelChunkUploads: true, retryChunks: true },
    );
    expect(refused.status).toBe('error');
    const firstRefusal = refused.answers.find((a) => a.status === 422);
    expect(firstRefusal?.body.error).toBeTruthy();
    expect(refused.shown).toBe(firstRefusal?.body.error);
    expect(refused.shown).not.toContain('[object Object]');
    // Every chunk of the refused dzuuid is refused, also those Dropzone never sent: no upload opens again.
    for (let index = 0; index < Math.ceil(noise.length / chunkSize); index++) {
      expect(await sendChunk(page, galleryId, refused.uuid, noise, chunkSize, index), `chunk ${index}`).toBe(422);
    }

    // A JPEG signature, then noise: refused once assembled; Dropzone's retries of the last chunk are refused too
    // (they used to open a new upload and end as "success").
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(700_000)]);
    const assembled = await dropFile(
      page,
      galleryId,
      { name: 'fake.jpg', type: 'image/jpeg', bytes: fake },
      { chunkSize, parallelChunkUploads: false, retryChunks: true },
    );
    expect(assembled.status).toBe('error');
    const last = Math.ceil(fake.length / chunkSize) - 1;
    const lastAnswers = assembled.answers.filter((a) => a.index === last);
    // The first try and both retries of the last chunk.
    expect(lastAnswers.map((a) => a.status)).toEqual([422, 422, 422]);
    expect(assembled.shown).toBe(lastAnswers[0]?.body.error);
    for (let index = 0; index <= last; index++) {
      expect(await sendChunk(page, galleryId, assembled.uuid, fake, chunkSize, index), `chunk ${index}`).toBe(422);
    }
    await expect(page.locator('.dz-preview.dz-error')).toHaveCount(1);
    await expect(page.locator('.dz-preview.dz-error .dz-error-message')).toContainText(assembled.shown);
    // Dropzone shows the message when the pointer is over the refused file.
    await page.locator('.dz-preview.dz-error').hover();
    await expect(page.locator('.dz-preview.dz-error .dz-error-message')).toBeVisible();
    await shot(page, `dropzone-${version}-error`);
    test.info().annotations.push({ type: 'shown', description: assembled.shown });

    // Only the real image is in the gallery.
    expect((await imagesOf(page, galleryId)).length).toBe(1);
  });
}
