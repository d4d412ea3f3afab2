import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MODULES, REFERENCE_CATEGORY_MODULE, THUMBNAIL } from '@backoffice/shared';
import { and, asc, count, eq, gt, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articleCategories,
  articleGalleries,
  articleLangs,
  articleSimilars,
  articles,
  categories,
  categoryLangs,
  galleries,
  galleryCategories,
  galleryImageLangs,
  galleryImages,
  galleryLangs,
  navigationNodes,
  pageGalleries,
  pageLangs,
  pagePanels,
  pages,
  panelLangs,
  panels,
  partnerLangs,
  partners,
  referenceCategories,
  referenceGalleries,
  referenceLangs,
  referenceSimilars,
  references,
  texts,
  users,
} from '../db/schema.js';
import { navigationTree } from '../modules/navigation/service.js';
import { Agent, startTestServer, type TestServer } from '../test/harness.js';
import { seedDemo } from './demo.js';

let server: TestServer;
const logs: string[][] = [];

/** Runs the demo seed once more, keeping its log lines apart. */
async function seedOnce() {
  const lines: string[] = [];
  logs.push(lines);
  await seedDemo(server.ctx.db, (line) => lines.push(line), server.config);
}

const TABLES = {
  texts,
  users,
  categories,
  categoryLangs,
  panels,
  panelLangs,
  galleries,
  galleryLangs,
  galleryCategories,
  pages,
  pageLangs,
  pagePanels,
  pageGalleries,
  navigationNodes,
  galleryImages,
  galleryImageLangs,
  articles,
  articleLangs,
  articleCategories,
  articleGalleries,
  articleSimilars,
  references,
  referenceLangs,
  referenceCategories,
  referenceGalleries,
  referenceSimilars,
  partners,
  partnerLangs,
};

async function counts() {
  const db = server.ctx.db;
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, Number(row?.n ?? 0)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Every file under a folder, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

/** Whether a stored image has both its files under `MEDIA_DIR/<model>/<id>/`. */
function storedOnDisk(model: string, id: number, file: string | null) {
  if (!file) return false;
  const dir = join(server.config.mediaDir, model, String(id));
  return existsSync(join(dir, file)) && existsSync(join(dir, 'thumb', file));
}

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer();
  await seedOnce();
});
afterAll(async () => {
  await server.close();
  await rm(server.config.dataDir, { recursive: true, force: true });
});

describe('npm run demo', () => {
  it('a second run adds no row and no file, and says nothing', async () => {
    const before = await counts();
    const mediaBefore = await filesUnder(server.config.mediaDir);
    await seedOnce();
    expect(await counts()).toEqual(before);
    expect(await filesUnder(server.config.mediaDir)).toEqual(mediaBefore);
    expect(logs[1]).toEqual([]);
  });

  it('a demo page an editor removed is not brought back by the next run', async () => {
    const db = server.ctx.db;
    const [privacy] = await db
      .select({ id: pageLangs.page_id })
      .from(pageLangs)
      .where(and(eq(pageLangs.language_code, 'en'), eq(pageLangs.title_url, 'privacy-policy')));
    const id = Number(privacy?.id);
    await db.update(pages).set({ deleted_at: new Date() }).where(eq(pages.id, id));
    const before = await counts();
    await seedOnce();
    expect(await counts()).toEqual(before);
    await db.update(pages).set({ deleted_at: null }).where(eq(pages.id, id));
  });

  it('fills the content area in both locales', async () => {
    const n = await counts();
    expect(n).toMatchObject({ texts: 8, categories: 11, panels: 5, galleries: 3, pages: 12 });
    expect(n.categoryLangs).toBe(n.categories * 2);
    expect(n.panelLangs).toBe(n.panels * 2);
    expect(n.galleryLangs).toBe(n.galleries * 2);
    expect(n.pageLangs).toBe(n.pages * 2);
    expect(n.pagePanels).toBeGreaterThan(0);
    expect(n.pageGalleries).toBeGreaterThan(0);
    expect(n.galleryCategories).toBeGreaterThan(0);
    expect(logs[0]?.some((line) => line.includes('12 pages'))).toBe(true);
    expect(logs[0]?.some((line) => line.includes('skipped'))).toBe(false);

    const db = server.ctx.db;
    const english = await db.select().from(pageLangs).where(eq(pageLangs.language_code, 'en'));
    expect(english.map((l) => l.title)).toEqual(expect.arrayContaining(['Home', 'About us', 'Services', 'Contact']));
    const slovak = await db.select().from(pageLangs).where(eq(pageLangs.language_code, 'sk'));
    expect(slovak.map((l) => l.title_url)).toEqual(expect.arrayContaining(['uvod', 'o-nas', 'sluzby', 'kontakt']));
    for (const lang of [...english, ...slovak]) {
      expect(lang.teaser).not.toBe('');
      expect(lang.meta_title).not.toBe('');
      expect(lang.meta_description).not.toBe('');
    }
  });

  it('has nested categories in both modules, some with an image', async () => {
    const rows = await server.ctx.db.select().from(categories);
    for (const module of [MODULES.blog, MODULES.gallery]) {
      const ofModule = rows.filter((c) => c.module_id === module);
      expect(ofModule.some((c) => c.parent_id !== null)).toBe(true);
      expect(ofModule.every((c) => c.parent_id === null || ofModule.some((p) => p.id === c.parent_id))).toBe(true);
    }
    expect(rows.filter((c) => c.image).length).toBeGreaterThan(0);
  });

  it('pages host both modules; one is hidden and one scheduled', async () => {
    const rows = await server.ctx.db.select().from(pages);
    expect(rows.filter((p) => p.module_id === MODULES.blog)).toHaveLength(1);
    expect(rows.filter((p) => p.module_id === MODULES.gallery)).toHaveLength(1);
    expect(rows.filter((p) => !p.status)).toHaveLength(1);
    const scheduled = await server.ctx.db
      .select()
      .from(pages)
      .where(and(isNotNull(pages.publish_up), gt(pages.publish_up, new Date())));
    expect(scheduled).toHaveLength(1);
  });

  it('builds the main navigation with nested services and the footer with contact and privacy', async () => {
    const tree = await navigationTree(server.ctx.db, 'en');
    const main = tree.find((g) => g.label === 'main')?.items ?? [];
    const footer = tree.find((g) => g.label === 'footer')?.items ?? [];
    expect(main.map((n) => n.lang.title)).toEqual(['Home', 'About us', 'Services', 'References', 'News', 'Gallery']);
    const services = main.find((n) => n.lang.title === 'Services');
    expect(services?.children.map((n) => n.lang.title)).toEqual([
      'Road transport',
      'Warehousing',
      'Refrigerated transport',
    ]);
    expect(main.find((n) => n.lang.title === 'About us')?.children.map((n) => n.lang.title)).toEqual(['Careers']);
    expect(footer.map((n) => n.lang.title)).toEqual(['Contact', 'Privacy policy']);
  });

  it('stores page and category images with their thumbnails, served under /gallery/', async () => {
    const withImages = [
      ...(await server.ctx.db.select().from(pages)).map((r) => ({ model: 'page', ...r })),
      ...(await server.ctx.db.select().from(categories)).map((r) => ({ model: 'category', ...r })),
    ].filter((r) => r.image);
    expect(withImages.length).toBeGreaterThanOrEqual(8);
    for (const { model, id, image } of withImages) {
      expect(image).toMatch(/^[0-9a-f]{32}\.jpg$/);
      const dir = join(server.config.mediaDir, model, String(id));
      expect(existsSync(join(dir, String(image)))).toBe(true);
      expect(existsSync(join(dir, 'thumb', String(image)))).toBe(true);
    }
    const [first] = withImages;
    const url = `/gallery/${first?.model}/${first?.id}`;
    const original = await server.app.inject({ method: 'GET', url: `${url}/${first?.image}` });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    const thumb = await server.app.inject({ method: 'GET', url: `${url}/thumb/${first?.image}` });
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
      width: THUMBNAIL.width,
      height: THUMBNAIL.height,
    });
  });
});

describe('npm run demo: news, gallery images, references and partners', () => {
  it('adds 9 articles, 18 gallery images, 6 references and 6 partners in both locales', async () => {
    const n = await counts();
    expect(n).toMatchObject({ articles: 9, galleryImages: 18, references: 6, partners: 6 });
    expect(n.articleLangs).toBe(n.articles * 2);
    expect(n.galleryImageLangs).toBe(n.galleryImages * 2);
    expect(n.referenceLangs).toBe(n.references * 2);
    expect(n.partnerLangs).toBe(n.partners * 2);
    expect(n.articleGalleries).toBeGreaterThan(0);
    expect(n.articleSimilars).toBeGreaterThan(0);
    expect(n.referenceCategories).toBeGreaterThan(0);
    expect(n.referenceGalleries).toBeGreaterThan(0);
    expect(n.referenceSimilars).toBeGreaterThan(0);
    expect(logs[0]?.some((line) => line.includes('9 news articles, 6 references, 6 partners'))).toBe(true);
  });

  it('gives every article a News category; one is hidden, one scheduled, the others published over months', async () => {
    const db = server.ctx.db;
    const rows = await db.select().from(articles);
    const links = await db
      .select({ article: articleCategories.article_id, module: categories.module_id })
      .from(articleCategories)
      .innerJoin(categories, eq(categories.id, articleCategories.category_id));
    for (const article of rows) {
      const modules = links.filter((l) => l.article === article.id).map((l) => l.module);
      expect(modules.length).toBeGreaterThan(0);
      expect(modules.every((m) => m === MODULES.blog)).toBe(true);
    }
    const now = Date.now();
    expect(rows.filter((a) => !a.status)).toHaveLength(1);
    expect(rows.filter((a) => a.publish_up && a.publish_up.getTime() > now)).toHaveLength(1);
    const past = rows.flatMap((a) => (a.publish_up && a.publish_up.getTime() <= now ? [a.publish_up.getTime()] : []));
    expect(past).toHaveLength(8);
    expect(now - Math.min(...past)).toBeGreaterThan(90 * DAY_MS);
    expect(rows.filter((a) => a.primary)).toHaveLength(1);

    const withImage = rows.filter((a) => a.image);
    const withPoster = rows.filter((a) => a.poster);
    expect(withImage.length).toBeGreaterThan(0);
    expect(withImage.length).toBeLessThan(rows.length);
    expect(withPoster.length).toBeGreaterThan(0);
    for (const a of withImage) expect(storedOnDisk('blog', a.id, a.image)).toBe(true);
    for (const a of withPoster) expect(storedOnDisk('blog', a.id, a.poster)).toBe(true);

    const english = await db.select().from(articleLangs).where(eq(articleLangs.language_code, 'en'));
    expect(english.map((l) => l.title)).toContain('Twelve new Euro 6 tractor units');
    for (const lang of english) expect(lang.meta_description).not.toBe('');
  });

  it('fills each gallery with 4 to 8 captioned images in order 1..n, one hidden, files on disk', async () => {
    const db = server.ctx.db;
    for (const gallery of await db.select().from(galleries)) {
      const images = await db
        .select()
        .from(galleryImages)
        .where(eq(galleryImages.gallery_id, gallery.id))
        .orderBy(asc(galleryImages.position));
      expect(images.length).toBeGreaterThanOrEqual(4);
      expect(images.length).toBeLessThanOrEqual(8);
      expect(images.map((i) => i.position)).toEqual(images.map((_, i) => i + 1));
      expect(images.filter((i) => !i.status)).toHaveLength(1);
      for (const image of images) {
        expect(image.file).toMatch(/^[0-9a-f]{32}\.jpg$/);
        expect(storedOnDisk('gallery', gallery.id, image.file)).toBe(true);
      }
      expect(storedOnDisk('gallery', gallery.id, gallery.image)).toBe(true);
    }
    const titles = await db.select().from(galleryImageLangs);
    expect(titles.every((t) => t.title !== '')).toBe(true);

    const [first] = await db.select().from(galleryImages).orderBy(asc(galleryImages.id)).limit(1);
    const thumb = await server.app.inject({
      method: 'GET',
      url: `/gallery/gallery/${first?.gallery_id}/thumb/${first?.file}`,
    });
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
      width: THUMBNAIL.width,
      height: THUMBNAIL.height,
    });
    const agent = new Agent(server.app, 'sk');
    await agent.login();
    const listed = await agent.get(`/api/gallery/image/${first?.gallery_id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data[0].languages.sk.title).not.toBe('');
  });

  it('orders the references and partners 1..n, with amounts, categories, images and example.com addresses', async () => {
    const db = server.ctx.db;
    const refs = await db.select().from(references).orderBy(asc(references.order));
    expect(refs.map((r) => r.order)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(refs.every((r) => r.amount > 0)).toBe(true);
    for (const r of refs) expect(storedOnDisk('reference', r.id, r.image)).toBe(true);
    const refCategories = await db
      .select({ module: categories.module_id })
      .from(referenceCategories)
      .innerJoin(categories, eq(categories.id, referenceCategories.category_id));
    expect(refCategories.every((c) => c.module === REFERENCE_CATEGORY_MODULE)).toBe(true);
    const refLangs = await db.select().from(referenceLangs);
    expect(refLangs.every((l) => l.content_road !== '' && l.panel_text !== '')).toBe(true);
    expect(refLangs.some((l) => l.content_railway !== '')).toBe(true);

    const rows = await db.select().from(partners).orderBy(asc(partners.order));
    expect(rows.map((p) => p.order)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const p of rows) {
      expect(p.image).toMatch(/^[0-9a-f]{32}\.png$/);
      expect(storedOnDisk('partner', p.id, p.image)).toBe(true);
    }
    expect(rows.filter((p) => p.publish_down !== null)).toHaveLength(1);
    const urls = (await db.select().from(partnerLangs)).map((l) => l.url);
    expect(urls.every((url) => url.startsWith('https://example.com/'))).toBe(true);
  });
});
