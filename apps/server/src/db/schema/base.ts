import { TRANSLATION_FILTERS } from '@backoffice/shared';
import { is, SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  type ExtraConfigColumn,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/* ── Column groups shared by the tables, and the languages every `<entity>_langs` row points at ── */

/** Timestamps at millisecond precision, so the value the admin loads compares exactly (409 check). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
export const timestamps = {
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
};

/** The locale column of every `<entity>_langs` table. */
export const languageCode = () =>
  varchar('language_code', { length: 2 })
    .notNull()
    .references(() => languages.code);
/** Per-locale title and rich content (texts, panels). */
export const titleAndContent = () => ({
  title: varchar('title', { length: 255 }).notNull(),
  content: text('content').notNull().default(''),
});

/** The locales a `<entity>_langs` table holds rows of (LOCALES in packages/shared). */
const LANG_CODES = ['sk', 'en'] as const;

/**
 * The trigram indexes that serve a search in a `<entity>_langs` title (`ILIKE '%…%'`), one per locale: a list
 * searches one locale, and an index over both made the database read every matching row of the other locale
 * before finding this one's (a word in 1 % of a million news titles: 518 → 23 ms to count 1,001 matches).
 */
export const titleSearchIndexes = (table: string, t: { title: ExtraConfigColumn; language_code: ExtraConfigColumn }) =>
  LANG_CODES.map((code) =>
    trigramIndex(`${table}_title_trgm_${code}_idx`, t.title).where(sql`${t.language_code} = ${sql.raw(`'${code}'`)}`),
  );

/**
 * A pg_trgm GIN index for `ILIKE '%…%'` over a column or an expression, without the pending list (fastupdate): a
 * search reads that list through, and only a vacuum empties it, which PGlite never runs (a search of 20,000 users
 * read 364 pages and took 41 ms instead of 0.1 ms, docs/features/lists.md "Search"); a back office writes a row at
 * a time.
 */
export const trigramIndex = (name: string, value: SQL | ExtraConfigColumn) =>
  index(name)
    .using('gin', is(value, SQL) ? sql`${value} gin_trgm_ops` : value.op('gin_trgm_ops'))
    .with({ fastupdate: false });

/**
 * Accented Latin letters and the plain lower-case letter each folds to (Slovak first, then the other common
 * European ones): the search folds text with `translate`, which every PostgreSQL and PGlite has, so "cestna" finds
 * "Cestná" (docs/features/search.md). Upper-case letters are listed too: `lower()` changes no accented letter under
 * the C collation.
 */
const FOLDS: Record<string, string> = {
  a: 'áäàâãåāăąÁÄÀÂÃÅĀĂĄ',
  c: 'čćçČĆÇ',
  d: 'ďđĎĐ',
  e: 'éěèêëēėęÉĚÈÊËĒĖĘ',
  i: 'íìîïīįÍÌÎÏĪĮ',
  l: 'ĺľłĹĽŁ',
  n: 'ňńñŇŃÑ',
  o: 'óôöòõőøōÓÔÖÒÕŐØŌ',
  r: 'ŕřŔŘ',
  s: 'šśşŠŚŞ',
  t: 'ťţŤŢ',
  u: 'úůüùûűūųÚŮÜÙÛŰŪŲ',
  y: 'ýÿÝŸ',
  z: 'žźżŽŹŻ',
};
const FOLD_FROM = Object.values(FOLDS).join('');
const FOLD_TO = Object.entries(FOLDS)
  .map(([plain, accented]) => plain.repeat([...accented].length))
  .join('');

/**
 * `value` lower-cased with its accents removed, as an IMMUTABLE expression an index can hold. The search
 * (modules/search) writes the very same expression, so the database matches it to the index.
 */
export const folded = (value: SQL | ExtraConfigColumn | AnyPgColumn): SQL =>
  sql`lower(translate(${value}, ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)}))`;

/**
 * The indexes of the search everything (docs/features/search.md) over one folded value: a pg_trgm GIN index for a
 * match inside the text and a btree under the C collation for the exact value and its prefixes, in order.
 */
export const foldedSearchIndexes = (name: string, value: SQL | ExtraConfigColumn) => [
  trigramIndex(`${name}_fold_trgm_idx`, folded(value)),
  index(`${name}_fold_idx`).on(sql`(${folded(value)} collate "C")`),
];

/**
 * The translation state of a `<entity>_langs` row (docs/features/translations.md), kept by `translations().write`
 * on every save: when this locale's translated fields last changed, whether the other locale changed since
 * (`outdated`), whether a field is empty here that the other locale fills (`missing`), and when it was last up to
 * date with the other (`current_at`: the last save that left it so, or its marking as up to date), which finds the
 * revision its outdated fields are compared from.
 */
export const translationState = () => ({
  changed_at: ts('changed_at').notNull().defaultNow(),
  outdated: boolean('outdated').notNull().default(false),
  missing: boolean('missing').notNull().default(false),
  current_at: ts('current_at').notNull().defaultNow(),
});

/**
 * The record's translation flags (docs/features/translations.md), one per filter: its Slovak or its English misses
 * a field the other locale fills, one of its locales is outdated, or the Slovak or the English is.
 * `translations().write` keeps them, in the save's transaction, on the record and on each of its language rows, so
 * that a filtered list walks a partial index in the list's own order (translationFlagIndexes), by a column of the record or by the title.
 */
export const translationFlags = () => ({
  translation_missing_sk: boolean('translation_missing_sk').notNull().default(false),
  translation_missing_en: boolean('translation_missing_en').notNull().default(false),
  translation_outdated: boolean('translation_outdated').notNull().default(false),
  translation_outdated_sk: boolean('translation_outdated_sk').notNull().default(false),
  translation_outdated_en: boolean('translation_outdated_en').notNull().default(false),
});

/**
 * The record's status, last change and removal, kept on each of its language rows (docs/features/lists.md, "Search"):
 * a search finds its matches among the language rows and keeps, filters and orders them by these alone, so it reads
 * the 20 records of its page instead of every match's. Triggers keep them (migration 0025): a language row takes
 * them from its record when it is inserted, and a record's update that changes one of them writes both rows, in the
 * same transaction, whatever the statement that changed it.
 */
export const recordKeys = () => ({
  record_updated_at: ts('record_updated_at').notNull().defaultNow(),
  record_deleted_at: ts('record_deleted_at'),
});
/** With recordKeys, on the language rows of a record that has a status (all but the mail templates). */
export const recordStatusKey = () => ({ record_status: boolean('record_status').notNull().default(true) });

/**
 * One partial index per translation flag and per order of a list (named by `orders`: the columns of a sort, the id
 * or owner last), holding the flagged rows alone: the first page of a filtered list reads its 20 rows from it, as the
 * plain list reads them from its order's index, however few or many records are flagged.
 */
export const translationFlagIndexes = (
  table: string,
  t: Record<keyof ReturnType<typeof translationFlags>, ExtraConfigColumn>,
  orders: Record<string, [ExtraConfigColumn, ...ExtraConfigColumn[]]>,
) =>
  Object.entries(orders).flatMap(([order, columns]) =>
    TRANSLATION_FILTERS.map((flag) =>
      index(`${table}_${order}_${flag}_idx`)
        .on(...columns)
        .where(sql`${t[`translation_${flag}`]}`),
    ),
  );

export const languages = pgTable('languages', {
  code: varchar('code', { length: 2 }).primaryKey(),
  title: varchar('title', { length: 64 }).notNull(),
  position: smallint('position').notNull().default(0),
});

/**
 * The record image's alternative text in this locale (docs/features/media-storage.md "Alternative texts"): what the
 * site's `<img alt>` says; empty for an image that only decorates.
 */
export function imageAltLangField() {
  return { image_alt: varchar('image_alt', { length: 255 }).notNull().default('') };
}

/** Per-locale SEO and body fields shared by pages and categories. */
export const pageLikeLangFields = {
  language_code: languageCode(),
  title: varchar('title', { length: 255 }).notNull(),
  title_url: varchar('title_url', { length: 255 }).notNull(),
  content: text('content').notNull().default(''),
  teaser: text('teaser').notNull().default(''),
  page_text: text('page_text').notNull().default(''),
  meta_title: varchar('meta_title', { length: 60 }).notNull().default(''),
  meta_description: varchar('meta_description', { length: 160 }).notNull().default(''),
  claim: text('claim').notNull().default(''),
  ...imageAltLangField(),
};

/** Per-locale title and address of a record with its own public page; title_url is unique per locale (docs/data.md). */
export const titleUrlLangFields = () => ({
  language_code: languageCode(),
  title: varchar('title', { length: 255 }).notNull(),
  title_url: varchar('title_url', { length: 255 }).notNull(),
});
/** Per-locale SEO fields (docs/spec-index.md S1.5: meta_title ≤ 60, meta_description ≤ 160). */
export const metaLangFields = () => ({
  meta_title: varchar('meta_title', { length: 60 }).notNull().default(''),
  meta_description: varchar('meta_description', { length: 160 }).notNull().default(''),
});
/** Per-locale fields of galleries and news articles: title, title_url, content, meta_title, meta_description. */
export const articleLikeLangFields = () => ({
  ...titleUrlLangFields(),
  content: text('content').notNull().default(''),
  ...metaLangFields(),
  ...imageAltLangField(),
});

/** Columns of every publishable, schedulable content row. */
export const publishable = () => ({
  status: boolean('status').notNull().default(true),
  image: varchar('image', { length: 255 }),
  publish_up: ts('publish_up'),
  publish_down: ts('publish_down'),
  ...timestamps,
  deleted_at: ts('deleted_at'),
});
