// Drafts of published records (docs/features/drafts.md): the changes an editor keeps without making them live. A
// draft is the record as its form would load it once published, one per record, in the `drafts` table; the site and
// the delivery API never read it. Publishing is the record's ordinary save (operations.ts `update`), which removes
// the draft in its transaction.
import type { LogModel } from '@backoffice/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { drafts, users } from '../db/schema.js';

/** How many drafts of one resource its list is told about (newest first): far more than a team keeps open. */
export const DRAFTS_LISTED = 1000;

/** The draft of a record as its form shows it: the values, when and by whom it was saved. */
export interface Draft {
  data: unknown;
  updated_at: string;
  user_name: string | null;
}

/** Writes `data` as the draft of record `recordId`, replacing an earlier one. */
export async function writeDraft(tx: Tx, model: LogModel, recordId: number, data: unknown, userId: number | null) {
  await tx
    .insert(drafts)
    .values({ model, record_id: recordId, data, user_id: userId })
    .onConflictDoUpdate({
      target: [drafts.model, drafts.record_id],
      set: { data, user_id: userId, updated_at: sql`now()` },
    });
}

/** Removes the draft of record `recordId`; answers whether there was one. */
export async function dropDraft(tx: Db, model: LogModel, recordId: number): Promise<boolean> {
  const removed = await tx
    .delete(drafts)
    .where(and(eq(drafts.model, model), eq(drafts.record_id, recordId)))
    .returning({ id: drafts.record_id });
  return removed.length > 0;
}

/** The draft of record `recordId`, if it has one. */
export async function draftOf(db: Db, model: LogModel, recordId: number): Promise<Draft | undefined> {
  const [row] = await db
    .select({ data: drafts.data, updated_at: drafts.updated_at, user_name: users.name })
    .from(drafts)
    .leftJoin(users, eq(users.id, drafts.user_id))
    .where(and(eq(drafts.model, model), eq(drafts.record_id, recordId)));
  return row && { ...row, updated_at: row.updated_at.toISOString() };
}

/** The records of `model` that have a draft, newest draft first (at most DRAFTS_LISTED). */
export async function draftsOf(db: Db, model: LogModel): Promise<{ id: number; updated_at: string }[]> {
  const rows = await db
    .select({ id: drafts.record_id, updated_at: drafts.updated_at })
    .from(drafts)
    .where(eq(drafts.model, model))
    .orderBy(desc(drafts.updated_at))
    .limit(DRAFTS_LISTED);
  return rows.map((row) => ({ id: row.id, updated_at: row.updated_at.toISOString() }));
}
