import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Timestamps at millisecond precision, so the value the admin loads compares exactly (409 check). */
const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
const timestamps = {
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
};

export const languages = pgTable('languages', {
  code: varchar('code', { length: 2 }).primaryKey(),
  title: varchar('title', { length: 64 }).notNull(),
  position: smallint('position').notNull().default(0),
});

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
});

export const roleLangs = pgTable(
  'role_langs',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    language_code: varchar('language_code', { length: 2 }).notNull(),
    title: varchar('title', { length: 128 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.language_code] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id),
    status: boolean('status').notNull().default(true),
    name: varchar('name', { length: 128 }).notNull(),
    surname: varchar('surname', { length: 128 }).notNull(),
    title_url: varchar('title_url', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    password: varchar('password', { length: 255 }).notNull(),
    image: varchar('image', { length: 255 }),
    language_code: varchar('language_code', { length: 2 }).notNull().default('sk'),
    verified_at: ts('verified_at'),
    online_at: ts('online_at'),
    ...timestamps,
    deleted_at: ts('deleted_at'),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

/** Signed-in sessions; the cookie holds a random id, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    user_agent: varchar('user_agent', { length: 512 }),
    created_at: ts('created_at').notNull().defaultNow(),
    last_seen_at: ts('last_seen_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id), index('sessions_token_idx').on(t.token_hash)],
);

/** Failed sign-ins, keyed by lower-cased e-mail and client address, for throttling. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 400 }).notNull(),
    attempted_at: ts('attempted_at').notNull().defaultNow(),
  },
  (t) => [index('login_attempts_key_idx').on(t.key, t.attempted_at)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_unique').on(t.token_hash)],
);

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    model: varchar('model', { length: 64 }).notNull(),
    row_id: integer('row_id'),
    action: varchar('action', { length: 32 }).notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('activity_logs_user_idx').on(t.user_id, t.id)],
);

export const textPositions = pgTable('text_positions', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 128 }).notNull(),
});

export const texts = pgTable(
  'texts',
  {
    id: serial('id').primaryKey(),
    status: boolean('status').notNull().default(true),
    ...timestamps,
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('texts_updated_idx').on(t.updated_at)],
);

export const textLangs = pgTable(
  'text_langs',
  {
    text_id: integer('text_id')
      .notNull()
      .references(() => texts.id, { onDelete: 'cascade' }),
    language_code: varchar('language_code', { length: 2 })
      .notNull()
      .references(() => languages.code),
    title: varchar('title', { length: 255 }).notNull(),
    content: text('content').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.text_id, t.language_code] }),
    index('text_langs_title_idx').on(t.language_code, t.title),
  ],
);

export const textPositionLinks = pgTable(
  'text_position_links',
  {
    text_id: integer('text_id')
      .notNull()
      .references(() => texts.id, { onDelete: 'cascade' }),
    position_id: integer('position_id')
      .notNull()
      .references(() => textPositions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.text_id, t.position_id] }),
    index('text_position_links_position_idx').on(t.position_id),
  ],
);
