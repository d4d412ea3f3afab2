import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

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
