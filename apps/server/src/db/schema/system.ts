import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
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
