import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  articles,
  categories,
  formContacts,
  formPrices,
  formRegistrations,
  galleries,
  galleryImages,
  pages,
  partners,
  references,
  revisions,
  texts,
  users,
} from '../db/schema.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { seedDemo } from './demo.js';

// The demo seed writes only through the operations the API uses, as the server (resources/operations.ts Actor):
// every record, picture, user, submission and photo has its log entry, and a content record its revision.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.ctx.db, () => {}, server.config);
});
afterAll(() => server.close());

/** How many records the demo wrote to each of its tables. */
async function counts() {
  const db = server.ctx.db;
  const total = async (table: PgTable) => Number((await db.select({ n: count() }).from(table))[0]?.n ?? 0);
  return {
    pages: await total(pages),
    texts: await total(texts),
    categories: await total(categories),
    articles: await total(articles),
    galleries: await total(galleries),
    references: await total(references),
    partners: await total(partners),
  };
}

describe('npm run demo: through the operations', () => {
  // The seed creates through the resources' create operations, as the server (resources/operations.ts Actor).
  it('gives every demo record its log entry and its first version, by no user', async () => {
    const db = server.ctx.db;
    const kept = async (model: string) =>
      db
        .select({ user: revisions.user_id, action: revisions.action })
        .from(revisions)
        .where(eq(revisions.model, model));
    const logged = async (model: string) =>
      db
        .select({ user: activityLogs.user_id, action: activityLogs.action })
        .from(activityLogs)
        .where(eq(activityLogs.model, model));
    const n = await counts();
    for (const [model, total] of [
      ['Page', n.pages],
      ['Text', n.texts],
      ['Category', n.categories],
      ['Blog', n.articles],
      ['Gallery', n.galleries],
      ['Reference', n.references],
      ['Partner', n.partners],
    ] as const) {
      expect(await kept(model), model).toEqual(Array(total).fill({ user: null, action: 'store' }));
      expect(await logged(model), model).toEqual(Array(total).fill({ user: null, action: 'store' }));
    }
  });

  // The pictures go in with the record (resources/content-writer.ts): its one version names them.
  it("stores each record's pictures in its create: its first version names them", async () => {
    const db = server.ctx.db;
    const pictured = [
      ['Page', pages],
      ['Category', categories],
      ['Blog', articles],
      ['Gallery', galleries],
      ['Reference', references],
      ['Partner', partners],
    ] as const;
    for (const [model, table] of pictured) {
      const rows = await db.select({ id: table.id, image: table.image }).from(table).where(isNotNull(table.image));
      expect(rows.length, model).toBeGreaterThan(0);
      for (const row of rows) {
        const kept = await db
          .select({ data: revisions.data })
          .from(revisions)
          .where(and(eq(revisions.model, model), eq(revisions.record_id, row.id)));
        expect(
          kept.map((k) => (k.data as { image?: string }).image),
          model,
        ).toEqual([row.image]);
      }
    }
    const [poster] = await db
      .select({ id: articles.id, poster: articles.poster })
      .from(articles)
      .where(isNotNull(articles.poster));
    const [first] = await db
      .select({ data: revisions.data })
      .from(revisions)
      .where(and(eq(revisions.model, 'Blog'), eq(revisions.record_id, poster?.id ?? 0)));
    expect((first?.data as { poster?: string } | undefined)?.poster).toBe(poster?.poster);
    expect(poster?.poster).toBeTruthy();
  });

  // Users, submissions and gallery photos are written through their operations too, each logged as the server.
  it('logs every demo user, submission and gallery photo as created by no user', async () => {
    const db = server.ctx.db;
    const logged = async (model: string, action: string) =>
      (
        await db
          .select({ n: count() })
          .from(activityLogs)
          .where(and(eq(activityLogs.model, model), eq(activityLogs.action, action)))
      )[0]?.n;
    const total = async (
      table: typeof users | typeof galleryImages | typeof formContacts | typeof formPrices | typeof formRegistrations,
    ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
    expect(await logged('User', 'store')).toBe(await total(users));
    const submissions = (await total(formContacts)) + (await total(formPrices)) + (await total(formRegistrations));
    expect(submissions).toBe(11);
    expect(await logged('Form', 'store')).toBe(submissions);
    expect(await logged('GalleryImage', 'upload')).toBe(await total(galleryImages));
    const [byUser] = await db.select({ n: count() }).from(activityLogs).where(isNotNull(activityLogs.user_id));
    expect(byUser?.n).toBe(0);
    // The users' address details are stored with the user, the unverified ones without verified_at.
    const [tomas] = await db.select().from(users).where(eq(users.email, 'tomas.dvorak@example.com'));
    expect(tomas).toMatchObject({ city: 'Brno', billing_vat: 'CZ27123456', verified_at: null });
    expect(tomas?.country_id).not.toBeNull();
  });
});
