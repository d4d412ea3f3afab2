import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import {
  articleLikeLangFields,
  foldedSearchIndexes,
  imageAltLangField,
  metaLangFields,
  publishable,
  recordKeys,
  recordStatusKey,
  titleSearchIndexes,
  titleUrlLangFields,
  translationFlagIndexes,
  translationFlags,
  translationState,
} from './base.js';
import { categories, galleries } from './content.js';

/* ── News (blog) articles (docs/spec-index.md S1.3 Blog article) ── */

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    primary: boolean('primary').notNull().default(false),
    poster: varchar('poster', { length: 255 }),
    ...publishable(),
    ...translationFlags(),
  },
  (t) => [
    index('articles_updated_idx').on(t.updated_at),
    ...translationFlagIndexes('articles', t, { updated: [t.updated_at, t.id], status: [t.status, t.id], id: [t.id] }),
    index('articles_status_idx').on(t.status, t.id),
    index('articles_live_idx').on(t.id).where(sql`${t.deleted_at} is null`),
    index('articles_live_updated_at_idx').on(t.updated_at, t.id).where(sql`${t.deleted_at} is null`),
    // The news list's `trashed=only` (docs/features/lists.md): the removed rows alone.
    index('articles_trashed_idx').on(t.id).where(sql`${t.deleted_at} is not null`),
    // The public news, newest first (the site's list and feed, the delivery API's walk by cursor): by the date an
    // article is shown with, then id, walked from either end without a sort.
    index('articles_live_date_idx')
      .on(sql`coalesce(${t.publish_up}, ${t.created_at})`, t.id)
      .where(sql`${t.deleted_at} is null`),
  ],
);

export const articleLangs = pgTable(
  'article_langs',
  {
    article_id: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    ...articleLikeLangFields(),
    ...translationState(),
    ...translationFlags(),
    ...recordKeys(),
    ...recordStatusKey(),
  },
  (t) => [
    primaryKey({ columns: [t.article_id, t.language_code] }),
    index('article_langs_title_idx').on(t.language_code, t.title, t.article_id),
    index('article_langs_live_title_idx')
      .on(t.language_code, t.title, t.article_id)
      .where(sql`${t.record_deleted_at} is null`),
    ...titleSearchIndexes('article_langs', t),
    ...foldedSearchIndexes('article_langs_title', t.title),
    ...translationFlagIndexes('article_langs', t, { title: [t.language_code, t.title, t.article_id] }),
    // A search matching many, in the order of the last change or the status: walked in it until the page is full.
    index('article_langs_record_updated_idx').on(t.language_code, t.record_updated_at, t.article_id),
    index('article_langs_record_status_idx').on(t.language_code, t.record_status, t.article_id),
    index('article_langs_url_idx').on(t.language_code, t.title_url),
  ],
);

export const articleCategories = pgTable(
  'article_categories',
  {
    article_id: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.article_id, t.category_id] }),
    index('article_categories_category_idx').on(t.category_id),
  ],
);

export const articleGalleries = pgTable(
  'article_galleries',
  {
    article_id: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    gallery_id: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.article_id, t.gallery_id] }),
    index('article_galleries_gallery_idx').on(t.gallery_id),
  ],
);

/** "Similar articles" of an article; never the article itself. */
export const articleSimilars = pgTable(
  'article_similars',
  {
    article_id: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    similar_id: integer('similar_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.article_id, t.similar_id] }),
    index('article_similars_similar_idx').on(t.similar_id),
    check('article_similars_not_self', sql`${t.article_id} <> ${t.similar_id}`),
  ],
);

/* ── References and partners (docs/spec-index.md S2.3) ── */

/** Named `reference_entries`: REFERENCES is an SQL keyword. */
export const references = pgTable(
  'reference_entries',
  {
    id: serial('id').primaryKey(),
    amount: integer('amount').notNull().default(0),
    order: integer('order').notNull().default(0),
    ...publishable(),
    ...translationFlags(),
  },
  (t) => [
    index('reference_entries_updated_idx').on(t.updated_at),
    ...translationFlagIndexes('reference_entries', t, {
      updated: [t.updated_at, t.id],
      status: [t.status, t.id],
      amount: [t.amount, t.id],
      order: [t.order, t.id],
      id: [t.id],
    }),
    index('reference_entries_status_idx').on(t.status, t.id),
    index('reference_entries_amount_idx').on(t.amount, t.id),
    index('reference_entries_live_idx').on(t.id).where(sql`${t.deleted_at} is null`),
    index('reference_entries_live_updated_at_idx').on(t.updated_at, t.id).where(sql`${t.deleted_at} is null`),
    index('reference_entries_order_idx').on(t.order),
    check('reference_entries_amount_min', sql`${t.amount} >= 0`),
    check('reference_entries_order_min', sql`${t.order} >= 0`),
  ],
);

export const referenceLangs = pgTable(
  'reference_langs',
  {
    reference_id: integer('reference_id')
      .notNull()
      .references(() => references.id, { onDelete: 'cascade' }),
    ...titleUrlLangFields(),
    /** The building part; road and railway parts beside it (docs/spec-index.md S2.3). */
    content: text('content').notNull().default(''),
    content_road: text('content_road').notNull().default(''),
    content_railway: text('content_railway').notNull().default(''),
    ...metaLangFields(),
    panel_text: text('panel_text').notNull().default(''),
    ...imageAltLangField(),
    ...translationState(),
    ...translationFlags(),
    ...recordKeys(),
    ...recordStatusKey(),
  },
  (t) => [
    primaryKey({ columns: [t.reference_id, t.language_code] }),
    index('reference_langs_title_idx').on(t.language_code, t.title, t.reference_id),
    index('reference_langs_live_title_idx')
      .on(t.language_code, t.title, t.reference_id)
      .where(sql`${t.record_deleted_at} is null`),
    ...titleSearchIndexes('reference_langs', t),
    ...foldedSearchIndexes('reference_langs_title', t.title),
    ...translationFlagIndexes('reference_langs', t, { title: [t.language_code, t.title, t.reference_id] }),
    // A search matching many, in the order of the last change or the status: walked in it until the page is full.
    index('reference_langs_record_updated_idx').on(t.language_code, t.record_updated_at, t.reference_id),
    index('reference_langs_record_status_idx').on(t.language_code, t.record_status, t.reference_id),
    index('reference_langs_url_idx').on(t.language_code, t.title_url),
  ],
);

export const referenceCategories = pgTable(
  'reference_categories',
  {
    reference_id: integer('reference_id')
      .notNull()
      .references(() => references.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.reference_id, t.category_id] }),
    index('reference_categories_category_idx').on(t.category_id),
  ],
);

export const referenceGalleries = pgTable(
  'reference_galleries',
  {
    reference_id: integer('reference_id')
      .notNull()
      .references(() => references.id, { onDelete: 'cascade' }),
    gallery_id: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.reference_id, t.gallery_id] }),
    index('reference_galleries_gallery_idx').on(t.gallery_id),
  ],
);

/** "Similar references" of a reference; never the reference itself. */
export const referenceSimilars = pgTable(
  'reference_similars',
  {
    reference_id: integer('reference_id')
      .notNull()
      .references(() => references.id, { onDelete: 'cascade' }),
    similar_id: integer('similar_id')
      .notNull()
      .references(() => references.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.reference_id, t.similar_id] }),
    index('reference_similars_similar_idx').on(t.similar_id),
    check('reference_similars_not_self', sql`${t.reference_id} <> ${t.similar_id}`),
  ],
);

export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    order: integer('order').notNull().default(0),
    ...publishable(),
    ...translationFlags(),
  },
  (t) => [
    index('partners_order_idx').on(t.order),
    ...translationFlagIndexes('partners', t, {
      order: [t.order, t.id],
      updated: [t.updated_at, t.id],
      status: [t.status, t.id],
      id: [t.id],
    }),
    index('partners_updated_idx').on(t.updated_at),
    index('partners_status_idx').on(t.status, t.id),
    index('partners_live_idx').on(t.id).where(sql`${t.deleted_at} is null`),
    index('partners_live_updated_at_idx').on(t.updated_at, t.id).where(sql`${t.deleted_at} is null`),
    index('partners_live_order_idx').on(t.order, t.id).where(sql`${t.deleted_at} is null`),
    check('partners_order_min', sql`${t.order} >= 0`),
  ],
);

export const partnerLangs = pgTable(
  'partner_langs',
  {
    partner_id: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    ...titleUrlLangFields(),
    content: text('content').notNull().default(''),
    /** The partner's web address in this locale. */
    url: varchar('url', { length: 255 }).notNull().default(''),
    ...imageAltLangField(),
    ...translationState(),
    ...translationFlags(),
    ...recordKeys(),
    ...recordStatusKey(),
  },
  (t) => [
    primaryKey({ columns: [t.partner_id, t.language_code] }),
    index('partner_langs_title_idx').on(t.language_code, t.title, t.partner_id),
    index('partner_langs_live_title_idx')
      .on(t.language_code, t.title, t.partner_id)
      .where(sql`${t.record_deleted_at} is null`),
    ...titleSearchIndexes('partner_langs', t),
    ...foldedSearchIndexes('partner_langs_title', t.title),
    ...translationFlagIndexes('partner_langs', t, { title: [t.language_code, t.title, t.partner_id] }),
    // A search matching many, in the order of the last change or the status: walked in it until the page is full.
    index('partner_langs_record_updated_idx').on(t.language_code, t.record_updated_at, t.partner_id),
    index('partner_langs_record_status_idx').on(t.language_code, t.record_status, t.partner_id),
    index('partner_langs_url_idx').on(t.language_code, t.title_url),
  ],
);
