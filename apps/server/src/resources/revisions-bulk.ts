// The revisions of a bulk action (docs/features/revisions.md "Bulk actions"): publishing, hiding or removing up to
// 1,000 records keeps a revision of each, the record as its form loads it. A resource reads one record at a time
// (`read(id)`, several statements), so the records are read before the action's transaction opens, where no read
// holds it; inside it, one statement locks their rows and checks they are unchanged since, and one reads what the
// action changed of them (status, updated_at, deleted_at).
import { and, getTableColumns, getTableName, inArray, isNull, ne } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import { revisionsKeep } from './revisions.js';

type Read = (id: number) => Promise<unknown>;
/** A resource's read of one record through `db` (the pool, or the action's transaction). */
type ReadThrough = (db: Db, id: number) => Promise<unknown>;
type Data = Record<string, unknown>;

const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);
const isoOf = (value: unknown) => (value instanceof Date ? value.toISOString() : undefined);

/** The columns a bulk action reads and changes; every soft-deletable, publishable table has them. */
function columnsOf(table: PgTable) {
  const { id, status, updated_at, deleted_at } = getTableColumns(table);
  if (!id || !status || !updated_at || !deleted_at) throw new Error(`${getTableName(table)} is not publishable`);
  return { id, status, updated_at, deleted_at };
}

/**
 * Runs a bulk action in one transaction: `write` changes the rows (answering the ids it changed), then `record`
 * keeps the log entry and the revisions, reading each changed record through the `read` it is given. That `read`
 * answers the record as read before the transaction with the action's columns as they now are, when the row's
 * updated_at has not moved since; any other record (changed meanwhile, or not read before) is read inside.
 * `status` is what a publish or hide sets, undefined for a removal. Answers the ids changed.
 */
export async function bulkWrite(
  db: Db,
  spec: { table: PgTable; read: ReadThrough },
  rows: readonly number[],
  status: boolean | undefined,
  write: (tx: Tx) => Promise<number[]>,
  record: (tx: Tx, changed: number[], read: Read) => Promise<unknown>,
): Promise<number[]> {
  const { table, read } = spec;
  const c = columnsOf(table);
  const before = new Map<number, Data>();
  // History off: nothing is read for it (docs/features/revisions.md).
  if (revisionsKeep() > 0 && rows.length > 0) {
    const changing = await db
      .select({ id: c.id })
      .from(table)
      .where(
        and(inArray(c.id, [...rows]), isNull(c.deleted_at), status === undefined ? undefined : ne(c.status, status)),
      );
    for (const row of changing) {
      const id = Number(row.id);
      // One that cannot be read now (removed meanwhile) is read inside the transaction, if the action changes it.
      const data = await read(db, id).catch(() => undefined);
      if (isData(data)) before.set(id, data);
    }
  }
  return db.transaction(async (tx) => {
    const ids = [...before.keys()];
    const loaded = new Map<number, string | undefined>();
    if (ids.length > 0) {
      const locked = await tx
        .select({ id: c.id, updated_at: c.updated_at })
        .from(table)
        .where(inArray(c.id, ids))
        .for('update');
      for (const row of locked) loaded.set(Number(row.id), isoOf(row.updated_at));
    }
    const changed = await write(tx);
    const now = new Map<number, Data>();
    const fresh = changed.filter((id) => {
      const data = before.get(id);
      return data !== undefined && typeof data.updated_at === 'string' && data.updated_at === loaded.get(id);
    });
    if (fresh.length > 0) {
      const after = await tx
        .select({ id: c.id, status: c.status, updated_at: c.updated_at, deleted_at: c.deleted_at })
        .from(table)
        .where(inArray(c.id, fresh));
      for (const row of after) {
        const data = before.get(Number(row.id));
        const updatedAt = isoOf(row.updated_at);
        if (!data || updatedAt === undefined || typeof row.status !== 'boolean') continue;
        // What the resource's read answers for these columns: a boolean and ISO times (null when not removed).
        const columns: Data = { status: row.status, updated_at: updatedAt, deleted_at: isoOf(row.deleted_at) ?? null };
        const patched = Object.fromEntries(
          Object.entries(data).map(([key, value]) => [key, key in columns ? columns[key] : value]),
        );
        now.set(Number(row.id), patched);
      }
    }
    await record(tx, changed, async (id) => now.get(id) ?? read(tx, id));
    return changed;
  });
}
