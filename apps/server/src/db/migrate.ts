import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './client.js';

const journalFile = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations/meta/_journal.json');

/** The `when` of the newest migration in the journal: drizzle records it as `created_at` once applied. */
async function newestMigration(): Promise<number> {
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the database lacks a migration of `migrations/`: drizzle applies those newer than the newest
 * `created_at` in `drizzle.__drizzle_migrations`, so a database whose newest row is the journal's newest entry
 * has them all.
 */
export async function migrationsPending(db: Db): Promise<boolean> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const [table] = await rows(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return true;
  const [last] = await rows(sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`);
  return Number(last?.created_at ?? 0) < (await newestMigration());
}

/**
 * Applies the pending migrations (drizzle's migrator: all of them in one transaction), or nothing after one query
 * when there are none, as on every start but the first after an update: the migrator would read and hash every
 * migration file and issue three statements first. Answers whether it migrated.
 */
export async function migrateWhenBehind(database: Pick<Database, 'db' | 'migrate'>): Promise<boolean> {
  if (!(await migrationsPending(database.db))) return false;
  await database.migrate();
  return true;
}
