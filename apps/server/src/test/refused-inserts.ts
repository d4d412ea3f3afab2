// A database fault for the tests of all-or-nothing writes: every insert into one table fails until it is accepted
// again, as a full disk or a broken constraint would make it fail in the middle of a transaction.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Makes every insert into `table` fail (a statement trigger that raises) until `accept()` drops the trigger;
 * `accept()` may be called again, or when nothing was refused.
 */
export function refusedInserts(db: () => Db, table: string) {
  const name = sql.identifier(`refuse_${table}`);
  let refusing = false;
  return {
    async refuse() {
      await db().execute(sql`create function ${name}() returns trigger language plpgsql as $$
        begin raise exception 'test: inserts refused'; end $$`);
      await db().execute(
        sql`create trigger ${name} before insert on ${sql.identifier(table)} for each statement execute function ${name}()`,
      );
      refusing = true;
    },
    async accept() {
      if (!refusing) return;
      await db().execute(sql`drop trigger ${name} on ${sql.identifier(table)}`);
      await db().execute(sql`drop function ${name}()`);
      refusing = false;
    },
  };
}
