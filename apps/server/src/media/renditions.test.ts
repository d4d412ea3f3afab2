import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, galleryImages, imageRenditions, jobs, pages, partners, references } from '../db/schema.js';
import { enqueue } from '../jobs/queue.js';
import { postMultipart } from '../test/content-cases.js';
import {
  buildArticle,
  buildGallery,
  buildGalleryImage,
  buildPage,
  buildPartner,
  buildReference,
  pageInput,
} from '../test/factories.js';
import { cut } from '../test/gallery-images.js';
import { Agent, startTestServer, type TestServer } from '../test/harness.js';
import { failMediaWrites } from '../test/media-faults.js';
import { failS3Puts } from '../test/s3-server.js';
import type { ObjectStore } from './object-store.js';
import { RENDITIONS_JOB, renditionPlan, startRenditionsSweep } from './renditions.js';
import { mediaStorage, objectStore } from './storage.js';

describe('the renditions planned for an original', () => {
  it('are the widths below its own, its own up to 1600, in AVIF, WebP and its format (not itself again)', () => {
    const names = (plan: ReturnType<typeof renditionPlan>) => plan.map((r) => `${r.width}.${r.format}`);
    expect(names(renditionPlan({ width: 2000, format: 'jpeg' }))).toEqual(
      [320, 640, 1024, 1600].flatMap((w) => [`${w}.avif`, `${w}.webp`, `${w}.jpeg`]),
    );
    expect(names(renditionPlan({ width: 700, format: 'png' }))).toEqual([
      '320.avif',
      '320.webp',
      '320.png',
      '640.avif',
      '640.webp',
      '640.png',
      '700.avif',
      '700.webp',
    ]);
    expect(names(renditionPlan({ width: 1600, format: 'webp' }))).toEqual([
      ...[320, 640, 1024].flatMap((w) => [`${w}.avif`, `${w}.webp`]),
      '1600.avif',
    ]);
    expect(names(renditionPlan({ width: 200, format: 'avif' }))).toEqual(['200.webp']);
  });
});

let server: TestServer;
let admin: Agent;
let store: ObjectStore;

const db = () => server.ctx.db;
const keys = async (prefix: string) => (await store.list(prefix, { recursive: true })).objects.map((o) => o.key);
const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

function pageFields(title: string, extra: Record<string, string | Buffer>) {
  const input = pageInput({ title });
  const flat: Record<string, string | Buffer> = { status: '1' };
  for (const [locale, lang] of Object.entries(input.langs)) {
    flat[`langs[${locale}][title]`] = lang.title;
    flat[`langs[${locale}][title_url]`] = lang.title_url;
  }
  return { ...flat, ...extra };
}

/** An image stored the way a save stores it, but with no renditions queued (as before renditions existed). */
async function storedImage(model: string, id: number, bytes: Buffer, name: string) {
  await mediaStorage(server.config).write(model, id, name, { original: bytes, thumb: bytes });
  return name;
}

const rowOf = async (key: string) => (await db().select().from(imageRenditions).where(eq(imageRenditions.key, key)))[0];

describe.each(['local', 's3'] as const)('renditions on the %s driver', (driver) => {
  beforeAll(async () => {
    server = await startTestServer({ storage: driver, renditions: true });
    admin = new Agent(server.app, 'en');
    await admin.login();
    store = objectStore(server.config);
  });
  afterAll(() => server.close());

  const failWrites = () =>
    driver === 's3' ? failS3Puts(store, { at: 1 }) : failMediaWrites({ at: 1, code: 'EACCES' });

  it("are made after a page's save; the page shows them in a <picture>, the delivery API lists them", async () => {
    const res = await postMultipart(
      admin,
      '/api/content/page/',
      pageFields('Rendered', { image: await jpeg(700, 400) }),
    );
    expect(res.statusCode).toBe(201);
    const { id, image } = res.json().data;
    await server.app.jobs.drain();

    const folder = `page/${id}/renditions/${image}/`;
    const names = ['320.avif', '320.webp', '320.jpg', '640.avif', '640.webp', '640.jpg', '700.avif', '700.webp'];
    expect(await keys(folder)).toEqual(names.map((n) => `${folder}${n}`).sort());
    const served = await get(`/gallery/${folder}640.avif`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 640, height: 366 });
    expect((await get(`/gallery/${folder}320.webp`)).headers['content-type']).toBe('image/webp');
    expect((await get(`/gallery/page/${id}/renditions/${image}/../${image}`)).statusCode).toBe(404);

    expect(await rowOf(`page/${id}/${image}`)).toMatchObject({
      width: 700,
      height: 400,
      renditions: [
        { width: 320, height: 183, format: 'avif' },
        { width: 320, height: 183, format: 'webp' },
        { width: 320, height: 183, format: 'jpeg' },
        { width: 640, height: 366, format: 'avif' },
        { width: 640, height: 366, format: 'webp' },
        { width: 640, height: 366, format: 'jpeg' },
        { width: 700, height: 400, format: 'avif' },
        { width: 700, height: 400, format: 'webp' },
      ],
    });

    const at = (n: string) => `/gallery/${folder}${n}`;
    const sizes = '(min-width: 60rem) 58rem, calc(100vw - 2rem)';
    const page = await get('/en/rendered-en');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<picture>' +
        `<source type="image/avif" srcset="${at('320.avif')} 320w, ${at('640.avif')} 640w, ${at('700.avif')} 700w" sizes="${sizes}">` +
        `<source type="image/webp" srcset="${at('320.webp')} 320w, ${at('640.webp')} 640w, ${at('700.webp')} 700w" sizes="${sizes}">` +
        `<img class="hero" src="/gallery/page/${id}/${image}" srcset="${at('320.jpg')} 320w, ${at('640.jpg')} 640w, /gallery/page/${id}/${image} 700w" sizes="${sizes}" alt="" width="700" height="400" fetchpriority="high">` +
        '</picture>',
    );

    const delivered = await get('/api/delivery/pages/rendered-en?locale=en');
    expect(delivered.statusCode).toBe(200);
    const { image: shape } = delivered.json().data;
    expect(shape).toMatchObject({ url: `http://backoffice.test/gallery/page/${id}/${image}`, width: 700, height: 400 });
    expect(shape.renditions).toHaveLength(8);
    expect(shape.renditions[3]).toEqual({
      url: `http://backoffice.test${at('640.avif')}`,
      width: 640,
      height: 366,
      format: 'avif',
    });
  });

  it("a replaced image's renditions and row go with it, the new one gets its own; @delete@ leaves no rendition", async () => {
    const created = (
      await postMultipart(admin, '/api/content/page/', pageFields('Replaced', { image: await jpeg(300, 200) }))
    ).json().data;
    await server.app.jobs.drain();
    expect(await keys(`page/${created.id}/renditions/${created.image}/`)).toHaveLength(2);

    const replaced = await postMultipart(
      admin,
      `/api/content/page/${created.id}`,
      pageFields('Replaced', { image: await jpeg(400, 300), updated_at: created.updated_at }),
    );
    expect(replaced.statusCode).toBe(200);
    const next = replaced.json().data;
    expect(await keys(`page/${created.id}/renditions/${created.image}/`)).toEqual([]);
    expect(await rowOf(`page/${created.id}/${created.image}`)).toBeUndefined();
    await server.app.jobs.drain();
    expect(await keys(`page/${created.id}/renditions/${next.image}/`)).toEqual(
      ['320.avif', '320.webp', '320.jpg', '400.avif', '400.webp']
        .map((n) => `page/${created.id}/renditions/${next.image}/${n}`)
        .sort(),
    );

    const cleared = await postMultipart(
      admin,
      `/api/content/page/${created.id}`,
      pageFields('Replaced', { image: '@delete@', updated_at: next.updated_at }),
    );
    expect(cleared.statusCode).toBe(200);
    // The versions keep the originals and thumbnails (docs/features/revisions.md "Files"), not their renditions.
    expect(await keys(`page/${created.id}/renditions/`)).toEqual([]);
    expect(await rowOf(`page/${created.id}/${next.image}`)).toBeUndefined();
  });

  it("are made after a gallery image's upload; the gallery's thumbnail draws from them; turned, new ones; removed, none", async () => {
    const gallery = await buildGallery(db(), { title: 'Rendered trip' });
    const upload = cut(await jpeg(480, 320));
    const res = await postMultipart(admin, `/api/gallery/image/${gallery}/upload`, upload.chunk(0));
    expect(res.statusCode).toBe(201);
    const { id, file } = res.json().data;
    const [queued] = await db().select().from(jobs).where(eq(jobs.kind, RENDITIONS_JOB));
    expect(queued?.payload).toEqual({ model: 'gallery', id: gallery, file });
    const plain = `<img src="/gallery/gallery/${gallery}/thumb/${file}" alt="" width="150" height="120" loading="lazy">`;
    expect((await get('/en/gallery/rendered-trip-en')).body).toContain(plain);

    await server.app.jobs.drain();
    const folder = `gallery/${gallery}/renditions/${file}/`;
    expect(await keys(folder)).toEqual(
      ['320.avif', '320.webp', '320.jpg', '480.avif', '480.webp'].map((n) => `${folder}${n}`).sort(),
    );
    expect(await rowOf(`gallery/${gallery}/${file}`)).toMatchObject({ width: 480, height: 320 });
    const at = (n: string) => `/gallery/${folder}${n}`;
    expect((await get('/en/gallery/rendered-trip-en')).body).toContain(
      '<picture>' +
        `<source type="image/avif" srcset="${at('320.avif')} 320w, ${at('480.avif')} 480w" sizes="150px">` +
        `<source type="image/webp" srcset="${at('320.webp')} 320w, ${at('480.webp')} 480w" sizes="150px">` +
        `<img class="cover" src="/gallery/gallery/${gallery}/thumb/${file}" srcset="${at('320.jpg')} 320w, /gallery/gallery/${gallery}/${file} 480w" sizes="150px" alt="" width="150" height="120" loading="lazy">` +
        '</picture>',
    );
    expect((await get(at('320.webp'))).headers['content-type']).toBe('image/webp');
    const [delivered] = (await get('/api/delivery/galleries/rendered-trip-en?locale=en')).json().data.images;
    expect(delivered.renditions).toHaveLength(5);
    expect(delivered.renditions[0]).toEqual({
      url: `http://backoffice.test${at('320.avif')}`,
      width: 320,
      height: 213,
      format: 'avif',
    });

    // Turned: a new name with its own renditions; the old name's go with its files and its row.
    const turned = await admin.post(`/api/gallery/image/${gallery}/rotate/${id}`);
    expect(turned.statusCode).toBe(200);
    const next: string = turned.json().data.file;
    expect(await keys(folder)).toEqual([]);
    expect(await rowOf(`gallery/${gallery}/${file}`)).toBeUndefined();
    await server.app.jobs.drain();
    expect(await keys(`gallery/${gallery}/renditions/${next}/`)).toEqual(
      ['320.avif', '320.webp'].map((n) => `gallery/${gallery}/renditions/${next}/${n}`),
    );
    expect(await rowOf(`gallery/${gallery}/${next}`)).toMatchObject({ width: 320, height: 480 });

    // Removed: nothing of it stays, neither files nor row.
    expect((await admin.delete(`/api/gallery/image/${gallery}/destroy/${id}`)).statusCode).toBe(200);
    expect(await keys(`gallery/${gallery}/`)).toEqual([]);
    expect(await rowOf(`gallery/${gallery}/${next}`)).toBeUndefined();
    expect(await db().select().from(jobs).where(eq(jobs.kind, RENDITIONS_JOB))).toEqual([]);
    await server.app.jobs.drain();
  });

  it("a gallery's own image (shown at no size) gets none", async () => {
    const created = await postMultipart(admin, '/api/gallery/', {
      'langs[sk][title]': 'Obal',
      'langs[sk][title_url]': 'obal',
      'langs[en][title]': 'Cover',
      'langs[en][title_url]': 'cover',
      image: await jpeg(400, 300),
    });
    expect(created.statusCode).toBe(201);
    expect(await db().select().from(jobs).where(eq(jobs.kind, RENDITIONS_JOB))).toEqual([]);
    await server.app.jobs.drain();
    expect(await keys(`gallery/${created.json().data.id}/renditions/`)).toEqual([]);
  });

  it('the sweep (images:renditions) makes them for the images stored before, a few at a time', async () => {
    const small = await jpeg(200, 100);
    const page = await buildPage(db(), { title: 'Old page' });
    const article = await buildArticle(db(), { title: 'Old article' });
    const reference = await buildReference(db(), { title: 'Old reference' });
    const partner = await buildPartner(db(), { title: 'Old partner' });
    const made: [string, number, string][] = [
      ['page', page, await storedImage('page', page, small, 'a1a1a1a1.jpg')],
      ['blog', article, await storedImage('blog', article, small, 'b2b2b2b2.jpg')],
      ['blog', article, await storedImage('blog', article, small, 'c3c3c3c3.jpg')],
      ['reference', reference, await storedImage('reference', reference, small, 'd4d4d4d4.jpg')],
      ['partner', partner, await storedImage('partner', partner, small, 'e5e5e5e5.jpg')],
    ];
    await db().update(pages).set({ image: 'a1a1a1a1.jpg' }).where(eq(pages.id, page));
    await db().update(articles).set({ image: 'b2b2b2b2.jpg', poster: 'c3c3c3c3.jpg' }).where(eq(articles.id, article));
    await db().update(references).set({ image: 'd4d4d4d4.jpg' }).where(eq(references.id, reference));
    await db().update(partners).set({ image: 'e5e5e5e5.jpg' }).where(eq(partners.id, partner));
    // Two images of one gallery, the second one past a step's end: the walk goes by the images' own ids.
    const gallery = await buildGallery(db(), { title: 'Old gallery' });
    for (const name of ['f8f8f8f8.jpg', 'a9a9a9a9.jpg']) {
      await buildGalleryImage(db(), gallery, { file: name });
      made.push(['gallery', gallery, await storedImage('gallery', gallery, small, name)]);
    }
    expect(await db().select().from(galleryImages).where(eq(galleryImages.gallery_id, gallery))).toHaveLength(2);

    expect(await startRenditionsSweep(db())).toEqual({ missing: 7, started: true });
    expect(await startRenditionsSweep(db())).toEqual({ missing: 7, started: false });
    await server.app.jobs.drain();
    for (const [model, id, file] of made) {
      expect(await keys(`${model}/${id}/renditions/${file}/`)).toEqual([
        `${model}/${id}/renditions/${file}/200.avif`,
        `${model}/${id}/renditions/${file}/200.webp`,
      ]);
      expect(await rowOf(`${model}/${id}/${file}`)).toMatchObject({ width: 200, height: 100 });
    }
    expect(await db().select().from(jobs)).toEqual([]);
    expect(await startRenditionsSweep(db())).toEqual({ missing: 0, started: true });
    await server.app.jobs.drain();
  });

  it('a stored file that is no image: the job fails and waits to be tried again; the page shows the original', async () => {
    const id = await buildPage(db(), { title: 'Broken image' });
    const file = await storedImage('page', id, Buffer.from('not an image at all'), 'f6f6f6f6.jpg');
    await db().update(pages).set({ image: file }).where(eq(pages.id, id));
    await enqueue(db(), RENDITIONS_JOB, { model: 'page', id, file });
    await server.app.jobs.drain();

    const [job] = await db().select().from(jobs).where(eq(jobs.kind, RENDITIONS_JOB));
    expect(job).toMatchObject({ attempts: 1, failed_at: null, last_error: 'image rejected: format' });
    expect(job?.run_at.getTime()).toBeGreaterThan(Date.now());
    expect(await keys(`page/${id}/renditions/`)).toEqual([]);
    const res = await get('/en/broken-image-en');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<img class="hero" src="/gallery/page/${id}/${file}" alt="" fetchpriority="high">`);
    await db().delete(jobs);
  });

  it('a storage that fails: nothing half-made stays, the job is tried again and then makes them', async () => {
    const id = await buildPage(db(), { title: 'Stored later' });
    const file = await storedImage('page', id, await jpeg(400, 200), 'a7a7a7a7.jpg');
    await db().update(pages).set({ image: file }).where(eq(pages.id, id));
    await enqueue(db(), RENDITIONS_JOB, { model: 'page', id, file });
    const restore = failWrites();
    try {
      await server.app.jobs.drain();
    } finally {
      restore();
    }
    const [job] = await db().select().from(jobs).where(eq(jobs.kind, RENDITIONS_JOB));
    expect(job).toMatchObject({ attempts: 1, failed_at: null });
    expect(job?.last_error).toMatch(driver === 's3' ? /object storage write failed/ : /EACCES/);
    expect(await keys(`page/${id}/`)).toEqual([`page/${id}/${file}`, `page/${id}/thumb/${file}`]);
    expect(await rowOf(`page/${id}/${file}`)).toBeUndefined();
    const before = await get('/en/stored-later-en');
    expect(before.body).toContain(
      `<img class="hero" src="/gallery/page/${id}/${file}" alt="" width="400" height="200" fetchpriority="high">`,
    );

    await db().update(jobs).set({ run_at: sql`now()` });
    await server.app.jobs.drain();
    expect(await db().select().from(jobs)).toEqual([]);
    expect(await keys(`page/${id}/renditions/${file}/`)).toHaveLength(5);
    expect((await get('/en/stored-later-en')).body).toContain('<picture><source type="image/avif"');
  });
});
