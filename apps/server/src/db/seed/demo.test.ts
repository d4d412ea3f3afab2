import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MODULES, THUMBNAIL } from '@backoffice/shared';
import { and, count, eq, gt, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { navigationTree } from '../../modules/navigation/service.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  categories,
  categoryLangs,
  galleries,
  galleryCategories,
  galleryLangs,
  navigationNodes,
  pageGalleries,
  pageLangs,
  pagePanels,
  pages,
  panelLangs,
  panels,
  texts,
  users,
} from '../schema.js';
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
    expect(n).toMatchObject({ texts: 8, categories: 8, panels: 5, galleries: 3, pages: 12 });
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
