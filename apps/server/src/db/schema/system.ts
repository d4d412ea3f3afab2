import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { ts } from './base.js';

/* ── What every server process shares beyond the content: work done after the answer, generated secrets ── */

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 40 }).notNull(),
    payload: jsonb('payload').notNull(),
    /** When the job may run next (now, or later after a failure). */
    run_at: ts('run_at').notNull().defaultNow(),
    /** A server that took the job holds it until then; after a crash another one takes it again. */
    locked_until: ts('locked_until'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    /** Set when the job gave up after its last attempt; the row stays for the operator. */
    failed_at: ts('failed_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('jobs_due_idx').on(t.run_at).where(sql`${t.failed_at} is null`)],
);

/** Values every server must share and that are generated once: the signing secret when SESSION_SECRET is unset. */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

/**
 * Page marks of a long list (docs/features/lists.md, deep pages): the sort key and id of every `every`-th row of one
 * list (its statement's hash), found in the database snapshot `snapshot`. A page far down the list starts from the
 * nearest mark by keyset instead of skipping every row before it. Marks stay good while no transaction that wrote
 * one of `tables` committed outside that snapshot (`list_changes`).
 */
export const listMarks = pgTable('list_marks', {
  key: varchar('key', { length: 64 }).primaryKey(),
  tables: text('tables').array().notNull(),
  every: integer('every').notNull(),
  /** `pg_current_snapshot()` of the statement that found the marks, as text. */
  snapshot: text('snapshot').notNull(),
  keys: text('keys').array().notNull(),
  ids: integer('ids').array().notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

/**
 * The total of one list (its count statement's hash; docs/features/lists.md "Totals"), counted in the database
 * snapshot `snapshot`: a search turned page by page is counted once. Good while no transaction that wrote one of
 * `tables` committed outside that snapshot (`list_changes`), like the page marks. Unlogged in the migration: a
 * crash empties it and the next request counts again.
 */
export const listCounts = pgTable('list_counts', {
  key: varchar('key', { length: 64 }).primaryKey(),
  tables: text('tables').array().notNull(),
  /** `pg_current_snapshot()` taken before the count, as text. */
  snapshot: text('snapshot').notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
  approximate: boolean('approximate').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});

/**
 * Which transactions wrote a listed table (one row per table and transaction, by a statement trigger: migration
 * 0016). Marks found in a snapshot that does not see such a transaction are stale. Rows every mark's snapshot sees
 * are pruned (`resources/marks.ts`).
 */
export const listChanges = pgTable(
  'list_changes',
  {
    table_name: varchar('table_name', { length: 63 }).notNull(),
    /** The writing transaction's id (`pg_current_xact_id()`, a 64-bit xid8). */
    xid: bigint('xid', { mode: 'number' }).notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.table_name, t.xid] })],
);

/**
 * How far `list_changes` has been pruned: every change of a transaction older than `xid` is gone (one row). A page
 * kept in a process's memory (resources/kept-pages.ts) whose snapshot's oldest transaction is older than that can no
 * longer be checked, and is read again.
 */
export const listPruned = pgTable('list_pruned', {
  id: boolean('id').primaryKey().default(true),
  xid: bigint('xid', { mode: 'number' }).notNull(),
});
