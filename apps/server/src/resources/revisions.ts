// The history of a record (docs/features/revisions.md): after every write of a content resource the record is kept
// as its form loads it, with who wrote it and which fields changed; the newest REVISIONS_KEEP per record stay.
import type { LogModel } from '@backoffice/shared';
import { and, desc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { revisions, users } from '../db/schema.js';

/**
 * How many revisions of one record are kept (`REVISIONS_KEEP`, default 50); older ones are pruned. `0` turns the
 * history off: nothing is written and the lists answer empty. A value that is not a whole number ≥ 0 means the default.
 */
export function revisionsKeep() {
  const raw = process.env.REVISIONS_KEEP?.trim();
  const n = raw ? Number(raw) : Number.NaN;
  return Number.isInteger(n) && n >= 0 ? n : 50;
}

/** Fields every save changes by itself: not "changes" of the content. */
const STAMPS = new Set(['updated_at', 'created_at']);

/** The dotted keys whose values differ between two saved records (`langs.sk.title`, `status`, `positions`). */
export function changedKeys(before: unknown, after: unknown, prefix = ''): string[] {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(before) && isObject(after) && (prefix === '' || prefix.startsWith('langs'))) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) =>
      prefix === '' && STAMPS.has(key) ? [] : changedKeys(before[key], after[key], prefix ? `${prefix}.${key}` : key),
    );
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [prefix];
}

/**
 * Keeps a revision of each written record: `read(id)` as the form would load it, the fields changed since the
 * record's previous revision (none for the first), then prunes what is past the kept number. Answers the records
 * it read, so that a route answering one of them need not read it again.
 */
export async function keepRevisions(
  db: Db,
  entry: { model: LogModel; rowIds: readonly number[]; userId: number | null; action: string },
  read: (id: number) => Promise<unknown>,
): Promise<Map<number, unknown>> {
  const records = new Map<number, unknown>();
  const keep = revisionsKeep();
  // History off: nothing is read or written (the routes read what they answer themselves).
  if (keep === 0) return records;
  for (const id of entry.rowIds) {
    const data = await read(id);
    records.set(id, data);
    const [previous] = await db
      .select({ data: revisions.data })
      .from(revisions)
      .where(and(eq(revisions.model, entry.model), eq(revisions.record_id, id)))
      .orderBy(desc(revisions.id))
      .limit(1);
    // The first revision (a new record, or one saved before revisions were kept) changes nothing it can name.
    const changed = previous ? changedKeys(previous.data, data) : [];
    const [kept] = await db
      .insert(revisions)
      .values({ model: entry.model, record_id: id, user_id: entry.userId, action: entry.action, changed, data })
      .returning({ id: revisions.id });
    // The newest revisionsKeep() stay: anything older than the oldest of them goes.
    const [oldestKept] = await db
      .select({ id: revisions.id })
      .from(revisions)
      .where(and(eq(revisions.model, entry.model), eq(revisions.record_id, id)))
      .orderBy(desc(revisions.id))
      .offset(keep - 1)
      .limit(1);
    if (kept && oldestKept) {
      await db
        .delete(revisions)
        .where(and(eq(revisions.model, entry.model), eq(revisions.record_id, id), lt(revisions.id, oldestKept.id)));
    }
  }
  return records;
}

/** One page of a record's revisions, newest first: `{id, created_at, user, action, changed}`. */
export async function listRevisions(db: Db, model: LogModel, id: number, page: number, perPage: number) {
  if (revisionsKeep() === 0) return { rows: [], total: 0 };
  const where = and(eq(revisions.model, model), eq(revisions.record_id, id));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: revisions.id,
        created_at: revisions.created_at,
        action: revisions.action,
        changed: revisions.changed,
        user_id: users.id,
        name: users.name,
        surname: users.surname,
      })
      .from(revisions)
      .leftJoin(users, eq(users.id, revisions.user_id))
      .where(where)
      .orderBy(desc(revisions.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(revisions)
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      created_at: r.created_at.toISOString(),
      action: r.action,
      changed: r.changed,
      user: r.user_id === null ? null : { id: r.user_id, name: r.name ?? '', surname: r.surname ?? '' },
    })),
    total: total?.n ?? 0,
  };
}

/** One revision of a record with the fields as saved, or undefined. */
export async function getRevision(db: Db, model: LogModel, id: number, revisionId: number) {
  if (revisionsKeep() === 0) return undefined;
  const { data, changed, action, created_at, user_id } = getTableColumns(revisions);
  const [row] = await db
    .select({ id: revisions.id, data, changed, action, created_at, user_id })
    .from(revisions)
    .where(and(eq(revisions.model, model), eq(revisions.record_id, id), eq(revisions.id, revisionId)))
    .limit(1);
  return row && { ...row, created_at: row.created_at.toISOString() };
}
