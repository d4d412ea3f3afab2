// The history of a record (docs/features/revisions.md): after every write of a content resource the record is kept
// as its form loads it, with who wrote it and which fields changed; the newest REVISIONS_KEEP per record stay.
import type { LogAction, LogModel } from '@backoffice/shared';
import { and, desc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { revisions, users } from '../db/schema.js';
import { logActivity } from './activity-log.js';

/**
 * How many revisions of one record are kept (`REVISIONS_KEEP`, default 50); older ones are pruned. `0` turns the
 * history off: nothing is written and the lists answer empty. A value that is not a whole number ≥ 0 means the default.
 */
export function revisionsKeep() {
  const raw = process.env.REVISIONS_KEEP?.trim();
  const n = raw ? Number(raw) : Number.NaN;
  return Number.isInteger(n) && n >= 0 ? n : 50;
}

/** The actions whose revision is left out when it would change nothing (a save of the form as it was loaded). */
const UNCHANGED_SKIPPED = new Set(['update', 'revert']);

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
 * record's previous revision (none for the first), then prunes what is past the kept number. However many records
 * a write changed (a bulk action), their previous revisions are read in one query, the new ones written in one insert
 * and the old ones pruned in one delete. Answers the records it read, so that a route answering one of them need not
 * read it again. `db` and `read` may be a save's transaction and a read through it (`recordWrite`).
 */
export async function keepRevisions(
  db: Db,
  entry: {
    model: LogModel;
    rowIds: readonly number[];
    userId: number | null;
    action: string;
    onPruned?: WriteEntry['onPruned'];
  },
  read: (id: number) => Promise<unknown>,
  onKept?: (id: number, previous: unknown, data: unknown) => void,
): Promise<Map<number, unknown>> {
  const records = new Map<number, unknown>();
  const keep = revisionsKeep();
  const ids = [...new Set(entry.rowIds)];
  // History off: nothing is read or written (the routes read what they answer themselves).
  if (keep === 0 || ids.length === 0) return records;
  for (const id of ids) records.set(id, await read(id));
  const ofRecords = and(eq(revisions.model, entry.model), inArray(revisions.record_id, ids));
  // A record just created has no revision before this one (ids are never reused): nothing to read or prune.
  const previous = new Map(
    entry.action === 'store'
      ? []
      : (
          await db
            .selectDistinctOn([revisions.record_id], { record_id: revisions.record_id, data: revisions.data })
            .from(revisions)
            .where(ofRecords)
            .orderBy(revisions.record_id, desc(revisions.id))
        ).map((row) => [row.record_id, row.data]),
  );
  const rows = ids.flatMap((id) => {
    const data = records.get(id);
    // The first revision (a new record, or one saved before revisions were kept) changes nothing it can name.
    const changed = previous.has(id) ? changedKeys(previous.get(id), data) : [];
    if (previous.has(id)) onKept?.(id, previous.get(id), data);
    // A save that changed nothing is no new version.
    if (previous.has(id) && changed.length === 0 && UNCHANGED_SKIPPED.has(entry.action)) return [];
    return [{ model: entry.model, record_id: id, user_id: entry.userId, action: entry.action, changed, data }];
  });
  if (rows.length === 0) return records;
  await db.insert(revisions).values(rows);
  // With no earlier revision, each record now has one, which `keep` (at least 1) keeps.
  if (previous.size === 0) return records;
  // The newest `keep` of each record stay: the rest go.
  const ranked = db
    .select({
      id: revisions.id,
      rank: sql<number>`row_number() over (partition by ${revisions.record_id} order by ${revisions.id} desc)`.as(
        'rank',
      ),
    })
    .from(revisions)
    .where(ofRecords)
    .as('ranked');
  const pruned = await db
    .delete(revisions)
    .where(inArray(revisions.id, db.select({ id: ranked.id }).from(ranked).where(gt(ranked.rank, keep))))
    .returning({ record_id: revisions.record_id, data: revisions.data });
  for (const row of pruned) entry.onPruned?.(row.record_id, row.data);
  return records;
}

/**
 * Keeps the version a record had before its first save through the admin (docs/features/revisions.md): a record the
 * demo seed, an import or an older version wrote has no revision, so without this its original could never be
 * restored. Called in the save's transaction before the record is written; kept as `original`, by nobody.
 */
export async function keepOriginal(db: Db, model: LogModel, id: number, read: (id: number) => Promise<unknown>) {
  if (revisionsKeep() === 0) return;
  const [kept] = await db
    .select({ id: revisions.id })
    .from(revisions)
    .where(and(eq(revisions.model, model), eq(revisions.record_id, id)))
    .limit(1);
  if (kept) return;
  const data = await read(id);
  if (data == null) return;
  await db.insert(revisions).values({ model, record_id: id, user_id: null, action: 'original', changed: [], data });
}

/** One write as it is recorded: its activity log entry and, per record it changed, a revision (`revert` for a restore). */
export interface WriteEntry {
  /** Null for a write by the server itself (operations.ts Actor). */
  userId: number | null;
  model: LogModel;
  rowIds: number[];
  action: LogAction;
  /** The revisions' action when it is not the log's: a restored version is logged as `update`, kept as `revert`. */
  revision?: string;
  /** Told each revision the kept number pruned, so that the files only it named can go after the commit (kept-files.ts). */
  onPruned?: (recordId: number, data: unknown) => void;
}

/**
 * Records a write: its activity log entry and its revisions, through `db`. Given the save's transaction (and a
 * `read` through it), a committed save has both; a failed one neither (docs/features/revisions.md).
 */
export async function recordWrite(db: Db, entry: WriteEntry, read: (id: number) => Promise<unknown>) {
  // A save that turned a record's status on or off is also its publishing or hiding, for the webhooks: told by the
  // record's previous revision (with the history off, a save is only an update).
  const flips = { published: [] as number[], unpublished: [] as number[] };
  const statusOf = (record: unknown) => (record as { status?: unknown } | null)?.status;
  const kept = await keepRevisions(
    db,
    { ...entry, action: entry.revision ?? entry.action },
    read,
    (id, before, after) => {
      if (entry.action !== 'update' || statusOf(before) === statusOf(after)) return;
      (statusOf(after) ? flips.published : flips.unpublished).push(id);
    },
  );
  await logActivity(db, entry, flips);
  return kept;
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
