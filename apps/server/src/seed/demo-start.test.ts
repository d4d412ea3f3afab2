import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, isNotNull, isNull, max, min, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { type Db, openDatabase, snapshotFile } from '../db/client.js';
import {
  activityLogs,
  analyticsDaily,
  analyticsSessions,
  appSecrets,
  articles,
  categories,
  formContacts,
  galleries,
  galleryImages,
  jobs,
  pages,
  partners,
  references,
  revisions,
  texts,
  users,
} from '../db/schema.js';
import { verifyPassword } from '../http/crypto.js';
import { RENDITIONS_SWEEP_JOB, startRenditionsSweep } from '../media/renditions.js';
import { hasTraffic } from '../modules/analytics/queries.js';
import { type Started, startServer } from '../server.js';
import { scratchDatabase } from '../test/processes.js';
import { DEMO_ARTICLES } from './demo/articles.js';
import { DEMO_CATEGORIES, DEMO_GALLERIES } from './demo/catalog.js';
import { DEMO_PAGES } from './demo/pages.js';
import { DEMO_PARTNERS } from './demo/partners.js';
import { DEMO_PHOTOS } from './demo/photos.js';
import { DEMO_REFERENCES } from './demo/references.js';
import { DEMO_IMAGES_JOB, DEMO_PREPARED_AT, DEMO_TRAFFIC_JOB, demoJobHandlers } from './demo.js';
import { writeDemoSnapshot } from './demo-cluster.js';
import { ADMIN_UNCLAIMED } from './reference.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-demo-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const demoConfig = (env: Record<string, string | undefined> = {}) =>
  loadConfig({
    DATA_DIR: dataDir,
    MEDIA_DIR: join(dataDir, 'media'),
    SESSION_SECRET: 'x'.repeat(40),
    LOG_LEVEL: 'silent',
    SEED_DEMO: '1',
    ...env,
  });

const start = (env: Record<string, string | undefined> = {}, lines: string[] = []) =>
  startServer(demoConfig(env), { logger: false, log: (line) => lines.push(line) });

const rows = async (db: Db) => {
  const [days] = await db.select({ n: count() }).from(analyticsDaily);
  const [sessions] = await db.select({ n: count() }).from(analyticsSessions);
  const [waiting] = await db.select({ n: count() }).from(jobs).where(eq(jobs.kind, DEMO_TRAFFIC_JOB));
  const [images] = await db.select({ n: count() }).from(jobs).where(eq(jobs.kind, DEMO_IMAGES_JOB));
  return {
    days: Number(days?.n),
    sessions: Number(sessions?.n),
    waiting: Number(waiting?.n),
    imagesWaiting: Number(images?.n),
  };
};

/** How many records of each kind hold an image (and articles a poster), and how many gallery photos there are. */
async function pictures(db: Db) {
  const filled = async (table: PgTable, column: AnyPgColumn) =>
    Number((await db.select({ n: count() }).from(table).where(isNotNull(column)))[0]?.n);
  const [photos] = await db.select({ n: count() }).from(galleryImages);
  return {
    categories: await filled(categories, categories.image),
    pages: await filled(pages, pages.image),
    galleries: await filled(galleries, galleries.image),
    articleImages: await filled(articles, articles.image),
    articlePosters: await filled(articles, articles.poster),
    references: await filled(references, references.image),
    partners: await filled(partners, partners.image),
    photos: Number(photos?.n),
  };
}

/** What the demo data draws: every record with a picture gets it, every gallery its photos and a cover. */
const DRAWN = {
  categories: DEMO_CATEGORIES.filter((c) => c.picture).length,
  pages: DEMO_PAGES.filter((p) => p.picture).length,
  galleries: DEMO_GALLERIES.length,
  articleImages: DEMO_ARTICLES.filter((a) => a.picture).length,
  articlePosters: DEMO_ARTICLES.filter((a) => a.poster).length,
  references: DEMO_REFERENCES.filter((r) => r.picture).length,
  partners: DEMO_PARTNERS.length,
  photos: Object.values(DEMO_PHOTOS).flat().length,
};

/** Every file under MEDIA_DIR, relative to it. */
const mediaFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name))
        .sort()
    : [];

describe('the demo seed at start-up', () => {
  it('answers before the pictures and the traffic exist, its jobs write them all, and a restart seeds nothing again', async () => {
    const first: string[] = [];
    let server: Started = await start({}, first);
    const config = demoConfig();
    try {
      const db = server.database.db;
      const [content] = await db.select({ n: count() }).from(texts);
      expect(Number(content?.n)).toBeGreaterThan(0);
      expect(await hasTraffic(db)).toBe(false);
      expect(await rows(db)).toMatchObject({ waiting: 1, imagesWaiting: 1 });
      // Every record is there from the first answer; only the pictures are missing.
      expect(await pictures(db)).toEqual({
        categories: 0,
        pages: 0,
        galleries: 0,
        articleImages: 0,
        articlePosters: 0,
        references: 0,
        partners: 0,
        photos: 0,
      });

      await server.demoJobs.drain();
      const seeded = await rows(db);
      expect(seeded.days).toBe(90);
      expect(seeded.sessions).toBeGreaterThan(0);
      expect(seeded).toMatchObject({ waiting: 0, imagesWaiting: 0 });
      // After its jobs the demo is complete: every picture the demo data draws, with both files on disk.
      expect(await pictures(db)).toEqual(DRAWN);
      // Each record's pictures came in one operation of the server's (resources/operations.ts addFiles): an update
      // in its history and in the log, by no user (the photos' captions are logged apart, as GalleryImage).
      const pictured =
        DRAWN.categories +
        DRAWN.pages +
        DRAWN.galleries +
        DEMO_ARTICLES.filter((a) => a.picture || a.poster).length +
        DRAWN.references +
        DRAWN.partners;
      const updated = (table: typeof revisions | typeof activityLogs) =>
        db
          .select({ n: count() })
          .from(table)
          .where(and(eq(table.action, 'update'), isNull(table.user_id), ne(table.model, 'GalleryImage')));
      expect(Number((await updated(revisions))[0]?.n)).toBe(pictured);
      expect(Number((await updated(activityLogs))[0]?.n)).toBe(pictured);
      const files = mediaFiles(config.mediaDir);
      const stored = Object.values(DRAWN).reduce((a, b) => a + b, 0);
      expect(files.filter((f) => !f.includes('/thumb/'))).toHaveLength(stored);
      expect(files.filter((f) => f.includes('/thumb/'))).toHaveLength(stored);
      expect(first.some((line) => /^Demo: 18 gallery photos and \d+ images of records\.$/.test(line))).toBe(true);
      // Their renditions are left to one sweep the server's jobs run: every image shown at size and every photo.
      const rendered = DRAWN.pages + DRAWN.articleImages + DRAWN.articlePosters + DRAWN.references + DRAWN.partners;
      const missing = rendered + DRAWN.photos;
      expect(first).toContain(`Demo: the renditions of ${missing} images are made by the server's jobs.`);
      const [sweep] = await db.select({ n: count() }).from(jobs).where(eq(jobs.kind, RENDITIONS_SWEEP_JOB));
      expect(Number(sweep?.n)).toBe(1);
      expect(await startRenditionsSweep(db)).toEqual({ missing, started: false });

      // The images job run again (a retry, a second process) finds everything in place and adds nothing.
      const again: string[] = [];
      const handlers = demoJobHandlers(db, (line) => again.push(line), config);
      await handlers[DEMO_IMAGES_JOB]?.({});
      expect(await pictures(db)).toEqual(DRAWN);
      expect(mediaFiles(config.mediaDir)).toEqual(files);
      expect(again).toEqual([]);
    } finally {
      await server.app.close();
    }

    const again: string[] = [];
    server = await start({}, again);
    try {
      expect(again.filter((line) => line.startsWith('Demo:'))).toEqual([]);
      expect(await rows(server.database.db)).toMatchObject({ waiting: 0, imagesWaiting: 0 });
    } finally {
      await server.app.close();
    }
  }, 240_000);

  it.skipIf(onPostgres)(
    'starts a new embedded database from the prepared demo cluster, whose administrator becomes the configured one',
    async () => {
      const file = await writeDemoSnapshot();
      expect(file).toBe(snapshotFile('demo'));
      const dir = mkdtempSync(join(tmpdir(), 'backoffice-demo-cluster-start-'));
      const lines: string[] = [];
      const env = {
        DATA_DIR: dir,
        MEDIA_DIR: join(dir, 'media'),
        ADMIN_EMAIL: 'owner@firma.sk',
        SESSION_SECRET: undefined,
      };
      // The cluster as if `npm ci` had prepared it 30 days ago: its first start moves every time by 30 days.
      const AGE_MS = 30 * 24 * 3600 * 1000;
      const prepared = await openDatabase({ dataDir: dir, prepared: 'demo' });
      const times = async (db: Db) => {
        const [row] = await db
          .select({ created: min(formContacts.created_at), up: max(articles.publish_up), mark: max(appSecrets.value) })
          .from(formContacts)
          .leftJoin(articles, sql`true`)
          .leftJoin(appSecrets, eq(appSecrets.name, DEMO_PREPARED_AT));
        return row;
      };
      const before = await times(prepared.db);
      expect(before?.mark).toBeTruthy();
      await prepared.db
        .update(appSecrets)
        .set({ value: new Date(Date.now() - AGE_MS).toISOString() })
        .where(eq(appSecrets.name, DEMO_PREPARED_AT));
      await prepared.close();

      const server = await start({ ...env, ADMIN_PASSWORD: 'owner-password-1' }, lines);
      try {
        const db = server.database.db;
        const after = await times(db);
        expect(after?.mark).toBeNull();
        for (const key of ['created', 'up'] as const) {
          const moved = (after?.[key]?.getTime() ?? 0) - (before?.[key]?.getTime() ?? 0);
          expect(Math.abs(moved - AGE_MS)).toBeLessThan(60_000);
        }
        // Nothing was seeded at this start: the records came with the cluster, the pictures and traffic wait.
        expect(lines.filter((line) => line.startsWith('Demo:'))).toEqual([]);
        expect(lines).toContain('Created the administrator owner@firma.sk.');
        const [content] = await db.select({ n: count() }).from(texts);
        expect(Number(content?.n)).toBeGreaterThan(0);
        expect(await rows(db)).toMatchObject({ waiting: 1, imagesWaiting: 1 });
        // The prepared administrator is this installation's: its address, its password, no mark left.
        const [admin] = await db.select().from(users).orderBy(users.id).limit(1);
        expect(admin?.email).toBe('owner@firma.sk');
        expect(await verifyPassword('owner-password-1', admin?.password ?? '')).toBe(true);
        expect(await db.select().from(appSecrets).where(eq(appSecrets.name, ADMIN_UNCLAIMED))).toEqual([]);
        // The session secret is made by this start, not carried in the cluster.
        const [secret] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'session'));
        expect(secret?.value).toMatch(/^[\w-]{64}$/);
      } finally {
        await server.app.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    240_000,
  );

  it.skipIf(!onPostgres)(
    'two processes started at once on one database write the pictures and the traffic once',
    async () => {
      const database = await scratchDatabase();
      const servers: Started[] = [];
      try {
        servers.push(...(await Promise.all([0, 1].map(() => start({ DATABASE_URL: database.url })))));
        await Promise.all(servers.map((s) => s.demoJobs.drain()));
        const db = (servers[0] as Started).database.db;
        const once = await rows(db);
        expect(once.days).toBe(90);
        expect(once).toMatchObject({ waiting: 0, imagesWaiting: 0 });
        expect(await pictures(db)).toEqual(DRAWN);
      } finally {
        await Promise.all(servers.map((s) => s.app.close()));
        await database.drop();
      }
    },
    240_000,
  );
});
