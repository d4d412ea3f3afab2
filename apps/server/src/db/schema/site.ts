import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import {
  foldedSearchIndexes,
  languageCode,
  recordKeys,
  timestamps,
  titleSearchIndexes,
  translationFlagIndexes,
  translationFlags,
  translationState,
  ts,
} from './base.js';

/* ── Site-wide settings and the templates of the mail the product sends (docs/spec-index.md S2.3 Settings, Mail template) ── */

/** The four settings records: 1 main, 2 contact, 3 e-mail, 4 social (docs/spec-index.md S2.9). */
export const settings = pgTable('settings', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull().unique(),
  ...timestamps,
});

/** One value of a settings record per key and locale (`{key: {sk, en}}`). */
export const settingValues = pgTable(
  'setting_values',
  {
    setting_id: integer('setting_id')
      .notNull()
      .references(() => settings.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 64 }).notNull(),
    language_code: languageCode(),
    value: text('value').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.setting_id, t.key, t.language_code] })],
);

/** One template per event (contact, price offer, registration, password reset, new account); none is created. */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: serial('id').primaryKey(),
    event: varchar('event', { length: 64 }).notNull().unique(),
    ...timestamps,
    deleted_at: ts('deleted_at'),
    ...translationFlags(),
  },
  (t) => [...translationFlagIndexes('mail_templates', t, { updated: [t.updated_at, t.id] })],
);

export const mailTemplateLangs = pgTable(
  'mail_template_langs',
  {
    template_id: integer('template_id')
      .notNull()
      .references(() => mailTemplates.id, { onDelete: 'cascade' }),
    language_code: languageCode(),
    title: varchar('title', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    content_plain: varchar('content_plain', { length: 240 }).notNull().default(''),
    content: text('content').notNull().default(''),
    ...translationState(),
    ...translationFlags(),
    ...recordKeys(),
  },
  (t) => [
    primaryKey({ columns: [t.template_id, t.language_code] }),
    index('mail_template_langs_title_idx').on(t.language_code, t.title, t.template_id),
    index('mail_template_langs_live_title_idx')
      .on(t.language_code, t.title, t.template_id)
      .where(sql`${t.record_deleted_at} is null`),
    ...titleSearchIndexes('mail_template_langs', t),
    ...foldedSearchIndexes('mail_template_langs_title', t.title),
    ...translationFlagIndexes('mail_template_langs', t, { title: [t.language_code, t.title, t.template_id] }),
    // A search matching many, in the order of the last change: walked in that order until the page is full.
    index('mail_template_langs_record_updated_idx').on(t.language_code, t.record_updated_at, t.template_id),
  ],
);

/* ── Old addresses of the public site (docs/features/public-site.md "Old addresses") ── */

/**
 * A title_url a record of the site had in one locale before a save changed it: the site answers it with a 301 to the
 * record's address now. It names the record, not the next title_url, so a chain of changes is one hop.
 */
export const oldAddresses = pgTable(
  'old_addresses',
  {
    /** `page`, `article`, `reference` or `gallery`. */
    kind: varchar('kind', { length: 16 }).notNull(),
    language_code: languageCode(),
    title_url: varchar('title_url', { length: 255 }).notNull(),
    record_id: integer('record_id').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.language_code, t.title_url] })],
);
