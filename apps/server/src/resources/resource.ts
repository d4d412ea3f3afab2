import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { notFound, stale } from '../http/errors.js';
import type { OwnerTable, Tx } from './langs.js';

/**
 * Operations every soft-deletable, publishable resource shares (status, deleted_at, updated_at columns).
 * Each returns the ids it changed, so the caller logs exactly those.
 */
export function softResource(db: Db, table: PgTable) {
  const ids = async (query: SQL) => {
    const result = (await db.execute(query)) as unknown as { rows: { id: number }[] };
    return result.rows.map((r) => Number(r.id));
  };
  const list = (rows: number[]) =>
    sql.join(
      rows.map((id) => sql`${id}`),
      sql`, `,
    );
  return {
    setStatus: (rows: number[], status: boolean) =>
      ids(
        sql`update ${table} set status = ${status}, updated_at = now() where id in (${list(rows)}) and deleted_at is null and status <> ${status} returning id`,
      ),
    destroy: (rows: number[]) =>
      ids(sql`update ${table} set deleted_at = now() where id in (${list(rows)}) and deleted_at is null returning id`),
    restore: (rows: number[]) =>
      ids(
        sql`update ${table} set deleted_at = null, updated_at = now() where id in (${list(rows)}) and deleted_at is not null returning id`,
      ),
    exists: async (id: number) => (await ids(sql`select id from ${table} where id = ${id}`)).length > 0,
  };
}

/**
 * Updates one record where `updated_at` still equals what the editor loaded (docs/api.md Writes); otherwise
 * nothing is written and the answer is 409, or 404 when the record does not exist.
 */
export async function updateUnlessStale(
  tx: Tx,
  table: OwnerTable,
  id: number,
  loadedAt: string | undefined,
  values: Record<string, unknown>,
): Promise<void> {
  const updated = await tx
    .update(table)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(table.id, id), loadedAt ? eq(table.updated_at, new Date(loadedAt)) : undefined))
    .returning({ id: table.id });
  if (updated.length > 0) return;
  const [found] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  throw found ? stale() : notFound();
}
