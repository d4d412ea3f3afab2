import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps, ts } from './base.js';
import { users } from './people.js';

/* ── What other systems get of the content: API tokens, who may read the delivery API, webhooks ── */

/** A delivery API token: only its SHA-256 is kept; `prefix` (its first characters) names it in the list. */
export const apiTokens = pgTable('api_tokens', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  scope: varchar('scope', { length: 16 }).notNull(),
  token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
  prefix: varchar('prefix', { length: 16 }).notNull(),
  created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: ts('created_at').notNull().defaultNow(),
  last_used_at: ts('last_used_at'),
});

/** One row (id 1): whether the delivery API needs a token, and the origins a browser may read it from. */
export const deliveryAccess = pgTable('delivery_access', {
  id: smallint('id').primaryKey(),
  token_required: boolean('token_required').notNull().default(false),
  cors_origins: jsonb('cors_origins').$type<string[]>().notNull().default([]),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

/** A webhook endpoint; `secret` is sealed (secret-box) because the server signs with it. */
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  url: varchar('url', { length: 2000 }).notNull(),
  events: jsonb('events').$type<string[]>().notNull(),
  active: boolean('active').notNull().default(true),
  secret: text('secret').notNull(),
  /** Since when every try failed (cleared by a success); a day of that switches the endpoint off. */
  failing_since: ts('failing_since'),
  switched_off_at: ts('switched_off_at'),
  ...timestamps,
});

/** One event sent to one endpoint: the body as first built (a retry and "send again" send the same), the last try. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhook_id: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event_id: varchar('event_id', { length: 64 }).notNull(),
    event: varchar('event', { length: 40 }).notNull(),
    resource: varchar('resource', { length: 40 }),
    record_id: integer('record_id'),
    body: text('body').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    response_status: integer('response_status'),
    duration_ms: integer('duration_ms'),
    response_excerpt: text('response_excerpt').notNull().default(''),
    error: text('error').notNull().default(''),
    created_at: ts('created_at').notNull().defaultNow(),
    last_attempt_at: ts('last_attempt_at'),
    next_attempt_at: ts('next_attempt_at'),
  },
  (t) => [
    index('webhook_deliveries_by_webhook_idx').on(t.webhook_id, t.id.desc()),
    index('webhook_deliveries_pending_idx').on(t.webhook_id).where(sql`${t.status} = 'pending'`),
  ],
);
