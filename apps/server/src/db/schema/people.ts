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
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { foldedSearchIndexes, languageCode, timestamps, trigramIndex, ts } from './base.js';

/* ── Staff and members, their sessions and sign-in protection, the activity log (docs/spec-index.md S1.3, S2.3 User) ── */

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

/** Countries for addresses (`GET /api/country`: id and name in the request's language). */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  /** ISO 3166-1 alpha-2. */
  code: varchar('code', { length: 2 }).notNull().unique(),
});

export const countryLangs = pgTable(
  'country_langs',
  {
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    language_code: languageCode(),
    name: varchar('name', { length: 128 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.country_id, t.language_code] }), index('country_langs_name_idx').on(t.name)],
);

/** A country reference of an address; removing a country leaves the address without one. */
const countryRef = (name: string) => integer(name).references(() => countries.id, { onDelete: 'set null' });
const text255 = (name: string) => varchar(name, { length: 255 }).notNull().default('');

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
    /** 1 male, 2 female, null not given (docs/spec-index.md S2.9). */
    sex: smallint('sex'),
    address: text255('address'),
    city: text255('city'),
    zip: varchar('zip', { length: 16 }).notNull().default(''),
    country_id: countryRef('country_id'),
    phone: varchar('phone', { length: 64 }).notNull().default(''),
    cellphone: varchar('cellphone', { length: 64 }).notNull().default(''),
    billing_name: text255('billing_name'),
    billing_address: text255('billing_address'),
    billing_city: text255('billing_city'),
    billing_zip: varchar('billing_zip', { length: 16 }).notNull().default(''),
    billing_country_id: countryRef('billing_country_id'),
    billing_business_id: varchar('billing_business_id', { length: 32 }).notNull().default(''),
    billing_tax_id: varchar('billing_tax_id', { length: 32 }).notNull().default(''),
    billing_vat: varchar('billing_vat', { length: 32 }).notNull().default(''),
    shipping_name: text255('shipping_name'),
    shipping_address: text255('shipping_address'),
    shipping_city: text255('shipping_city'),
    shipping_zip: varchar('shipping_zip', { length: 16 }).notNull().default(''),
    shipping_country_id: countryRef('shipping_country_id'),
    verified_at: ts('verified_at'),
    online_at: ts('online_at'),
    ...timestamps,
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_title_url_idx').on(t.title_url),
    index('users_fullname_idx').on(t.surname, t.name),
    index('users_live_idx').on(t.id).where(sql`${t.deleted_at} is null`),
    // The list's default order over the live users: a deep page skips index entries alone (docs/features/lists.md).
    index('users_name_sort_idx').on(t.name, t.surname, t.id).where(sql`${t.deleted_at} is null`),
    index('users_status_idx').on(t.status, t.id),
    // Search (`ILIKE '%…%'`, docs/features/lists.md): the full name covers the name and the surname alone.
    trigramIndex('users_fullname_trgm_idx', sql`(${t.name} || ' ' || ${t.surname})`),
    trigramIndex('users_email_trgm_idx', t.email),
    // The search everything (docs/features/search.md): the full name and the e-mail, folded.
    ...foldedSearchIndexes('users_fullname', sql`${t.name} || ' ' || ${t.surname}`),
    ...foldedSearchIndexes('users_email', t.email),
  ],
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
    /**
     * null: signed in. 'two_factor': the password was right, the second step is awaited; 'setup': the password was
     * right and two-factor sign-in must be set up first (docs/features/sign-in-and-users.md). Such a row signs
     * nobody in.
     */
    stage: varchar('stage', { length: 16 }),
  },
  (t) => [index('sessions_user_idx').on(t.user_id), index('sessions_token_idx').on(t.token_hash)],
);

/**
 * Two-factor sign-in of a user (TOTP, docs/features/sign-in-and-users.md): the secrets are sealed under the server's
 * secret (AES-256-GCM, SECURITY.md). `secret` is the one in use once `enabled_at` is set; `pending_secret` is the one
 * being set up; `last_step` is the TOTP time step of the last accepted code, so no code counts twice.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: varchar('secret', { length: 255 }),
  pending_secret: varchar('pending_secret', { length: 255 }),
  enabled_at: ts('enabled_at'),
  last_step: integer('last_step').notNull().default(0),
  ...timestamps,
});

/** The one-time recovery codes of a user's two-factor sign-in, as keyed hashes; a used code is deleted. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: varchar('code_hash', { length: 64 }).notNull(),
  },
  (t) => [uniqueIndex('user_recovery_codes_unique').on(t.user_id, t.code_hash)],
);

/**
 * A user's passkeys (WebAuthn credentials), a second factor beside TOTP (docs/features/sign-in-and-users.md): the
 * credential id and COSE public key as base64url, the signature counter the authenticator last reported (a clone
 * shows up as a counter that goes back), and the name the user gave it.
 */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credential_id: varchar('credential_id', { length: 1400 }).notNull(),
    public_key: text('public_key').notNull(),
    // An unsigned 32-bit number: past an integer's range.
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: varchar('name', { length: 60 }).notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    last_used_at: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('user_passkeys_credential_unique').on(t.credential_id),
    index('user_passkeys_user_idx').on(t.user_id),
  ],
);

/**
 * The challenges of passkey ceremonies in progress, bound to the session that asked (kept in the database, as any
 * process may take the answer): each is spent by the first answer that names it, and lives PASSKEYS.challengeMinutes.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: varchar('challenge', { length: 128 }).primaryKey(),
    session_id: varchar('session_id', { length: 64 })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'register': adding a passkey; 'sign_in': the second step of a sign-in. */
    purpose: varchar('purpose', { length: 16 }).notNull(),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [index('webauthn_challenges_session_idx').on(t.session_id)],
);

/** How staff sign in (one row, id 1): whether role 1 requires two-factor sign-in of everyone. */
export const signInPolicy = pgTable('sign_in_policy', {
  id: integer('id').primaryKey(),
  two_factor_required: boolean('two_factor_required').notNull().default(false),
  ...timestamps,
});

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

/**
 * The saved versions of a record (docs/features/revisions.md): after every write of a content resource, the record
 * as its form loads it (both locales, rich text included), who wrote it and which fields changed.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: serial('id').primaryKey(),
    model: varchar('model', { length: 64 }).notNull(),
    record_id: integer('record_id').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 32 }).notNull(),
    changed: jsonb('changed').$type<string[]>().notNull(),
    data: jsonb('data').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('revisions_record_idx').on(t.model, t.record_id, t.id)],
);

/**
 * The unpublished changes of a published record (docs/features/drafts.md): at most one per record, the record as its
 * form would load it once the draft is published. The site and the delivery API never read it.
 */
export const drafts = pgTable(
  'drafts',
  {
    model: varchar('model', { length: 64 }).notNull(),
    record_id: integer('record_id').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').notNull(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.model, t.record_id] })],
);
