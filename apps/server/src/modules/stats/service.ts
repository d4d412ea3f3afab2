import { ROLES } from '@backoffice/shared';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  articles,
  categories,
  galleries,
  galleryImages,
  pages,
  partners,
  references,
  texts,
  users,
} from '../../db/schema.js';
import { liveSubmissionCount } from '../forms/service.js';

/** The live records of a soft-deletable content table. */
const liveCount = (db: Db, table: PgTable & { deleted_at: AnyPgColumn }) =>
  db.select({ n: count() }).from(table).where(isNull(table.deleted_at));

/**
 * Dashboard counts keyed by model (docs/spec-index.md S1.3 Dashboard stats), each a query of the live records; a key appears
 * once its resource exists. Staff users only (site members are not users of the back office), images of live
 * galleries only.
 */
const COUNTS = {
  User: (db: Db) =>
    db
      .select({ n: count() })
      .from(users)
      .where(and(isNull(users.deleted_at), ne(users.role_id, ROLES.member))),
  Text: (db: Db) => liveCount(db, texts),
  Category: (db: Db) => liveCount(db, categories),
  Page: (db: Db) => liveCount(db, pages),
  Blog: (db: Db) => liveCount(db, articles),
  Gallery: (db: Db) => liveCount(db, galleries),
  GalleryImage: (db: Db) =>
    db
      .select({ n: count() })
      .from(galleryImages)
      .innerJoin(galleries, eq(galleries.id, galleryImages.gallery_id))
      .where(isNull(galleries.deleted_at)),
  Reference: (db: Db) => liveCount(db, references),
  Partner: (db: Db) => liveCount(db, partners),
  Form: async (db: Db) => [{ n: await liveSubmissionCount(db) }],
} satisfies Record<string, (db: Db) => Promise<{ n: number }[]>>;

/** The dashboard's counts, `{model: n}`. */
export async function dashboardTotals(db: Db): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(COUNTS).map(async ([model, query]) => [model, (await query(db))[0]?.n ?? 0] as const),
  );
  return Object.fromEntries(entries);
}
