import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The database as client.ts opens it (named here, not imported: client.ts imports this file). */
type Db = PgDatabase<PgQueryResultHKT>;

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');
const journalFile = resolve(migrationsFolder, 'meta/_journal.json');

/**
 * The `when` of the newest migration in the journal: drizzle records it as `created_at` once applied. Read at once:
 * a promise of its few kilobytes waited 0.6–0.9 s on a machine at load 12 (each step of an asynchronous read waits for
 * a thread of libuv's pool and then for the idle main thread to be woken), all of it before the first answer.
 */
export function newestMigration(): number {
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** The newest `created_at` in `drizzle.__drizzle_migrations`; null without that table (an empty database). */
export async function lastApplied(db: Db): Promise<number | null> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const [table] = await rows(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return null;
  const [last] = await rows(sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`);
  return Number(last?.created_at ?? 0);
}

/**
 * Applies the migrations of `migrations/` the database lacks: those newer than the newest `created_at` in
 * `drizzle.__drizzle_migrations`, recorded there with drizzle's hash and `created_at`, as drizzle's migrator does
 * (drizzle-kit and the migrator read the same table). An up-to-date database costs two small queries, against the
 * migrator's reading and hashing every file and three statements. The pending ones go to `exec` as one script of
 * several statements, which PostgreSQL runs as one transaction (the simple query protocol): on an empty PGlite
 * database its some 400 statements took about 0.3 s of CPU instead of the migrator's 0.5–0.8 s, one statement at a
 * time. `upTo` stops at the migration of that `when` (a restore brings an empty database to its backup's version
 * first, backup.ts). Answers whether there were any.
 */
export async function applyMigrations(
  db: Db,
  exec: (script: string) => Promise<unknown>,
  upTo = Number.POSITIVE_INFINITY,
): Promise<boolean> {
  const last = await lastApplied(db);
  if (last !== null && last >= Math.min(upTo, newestMigration())) return false;
  const pending = readMigrationFiles({ migrationsFolder }).filter(
    (m) => (last === null || last < m.folderMillis) && m.folderMillis <= upTo,
  );
  if (pending.length === 0) return false;
  const statements = [
    'CREATE SCHEMA IF NOT EXISTS "drizzle"',
    'CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    ...pending.flatMap((m) => [
      ...m.sql,
      `INSERT INTO "drizzle"."__drizzle_migrations" ("hash", "created_at") VALUES ('${m.hash}', ${Number(m.folderMillis)})`,
    ]),
  ];
  // A statement's own semicolon and the separator make an empty statement, which PostgreSQL skips.
  await exec(statements.join('\n;\n'));
  return true;
}
