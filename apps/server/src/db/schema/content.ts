import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  articleLikeLangFields,
  foldedSearchIndexes,
  languageCode,
  pageLikeLangFields,
  publishable,
  recordKeys,
  recordStatusKey,
  timestamps,
  titleAndContent,
  titleSearchIndexes,
  translationFlagIndexes,
  translationFlags,
  translationState,
  ts,
} from './base.js';

/* ── Texts and their positions (docs/spec-index.md S1.3 Text) ── */

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
    ...translationFlags(),
  },
  (t) => [
    index('texts_updated_idx').on(t.updated_at),
    ...translationFlagIndexes('texts', t, { updated: [t.updated_at, t.id], status: [t.status, t.id], id: [t.id] }),
    index('texts_status_idx').on(t.status, t.id),
    index('texts_live_idx').on(t.id).where(sql`${t.deleted_at} is null`),
    index('texts_live_updated_at_idx').on(t.updated_at, t.id).where(sql`${t.deleted_at} is null`),
  ],
);

export const textLangs = pgTable(
  'text_langs',
  {
    text_id: integer('text_id')
      .notNull()
      .references(() => texts.id, { onDelete: 'cascade' }),
    language_code: languageCode(),
    ...titleAndContent(),
    ...translationState(),
    ...translationFlags(),
    ...recordKeys(),
    ...recordStatusKey(),
  },
  (t) => [
    primaryKey({ columns: [t.text_id, t.language_code] }),
    index('text_langs_title_idx').on(t.language_code, t.title, t.text_id),
    index('text_langs_live_title_idx')
      .on(t.language_code, t.title, t.text_id)
      .where(sql`${t.record_deleted_at} is null`),
    ...titleSearchIndexes('text_langs', t),
    ...foldedSearchIndexes('text_langs_title', t.title),
    ...translationFlagIndexes('text_langs', t, { title: [t.language_code, t.title, t.text_id] }),
    // A search matching many, in the order of the last change or the status: walked in it until the page is full.
    index('text_langs_record_updated_idx').on(t.language_code, t.record_updated_at, t.text_id),
    index('text_langs_record_status_idx').on(t.language_code, t.record_status, t.text_id),
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

/* ── Content area: modules, categories, pages, navigation, panels, galleries (docs/spec-index.md S1.3) ── */

export const modules = pgTable('modules', {
  id: integer('id').primaryKey(),
  status: boolean('status').notNull().default(true),
});

export const moduleLangs = pgTable(
  'module_langs',
  {
    module_id: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    language_code: varchar('language_code', { length: 2 }).notNull(),
    title: varchar('title', { length: 128 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.module_id, t.language_code] })],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    module_id: integer('module_id')
      .notNull()
      .references(() => modules.id),
    parent_id: integer('parent_id'),
    redirect: varchar('redirect', { length: 255 }),
    css_class: varchar('css_class', { length: 128 }),
    ...publishable(),
    ...translationFlags(),
  },
  (t) => [
    index('categories_module_idx').on(t.module_id),
    ...translationFlagIndexes('categories', t, { updated: [t.updated_at, t.id], status: [t.status, t.id], id: [t.id] }),
    index('categories_status_idx').on(t.status, t.id),
    index('categories_updated_idx').on(t.updated_at, t.id),
    index('categories_live_idx').on(t.id).where(sql`${t.deleted_at} is null`),
    index('categories_live_updated_at_idx').on(t.updated_at, t.id).where(sql`${t.deleted_at} is null`),
    index('categories_parent_idx').on(t.parent_id),
  ],
);

export const categoryLangs = pgTable(
  'category_langs',
  {
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    ...pageLikeLangFields,
    ...translationState(),
    ...translationFlags(),
    ...recordKeys(),
    ...recordStatusKey(),
  },
  (t) => [
    primaryKey({ columns: [t.category_id, t.language_code] }),
    index('category_langs_title_idx').on(t.language_code, t.title, t.category_id),
    index('category_langs_live_title_idx')
      .on(t.language_code, t.title, t.category_id)
      .where(sql`${t.record_deleted_at} is null`),
    ...titleSearchIndexes('category_langs', t),
    ...foldedSearchIndexes('category_langs_title', t.title),
    ...translationFlagIndexes('category_langs', t, { title: [t.language_code, t.title, t.category_id] }),
    // A search matching many, in the order of the last change or the status: walked in it until the page is full.
    index('category_langs_record_updated_idx').on(t.language_code, t.record_updated_at, t.category_id),
    index('category_langs_record_status_idx').on(t.language_code, t.record_status, t.category_id),
    index('category_langs_url_idx').on(t.language_code, t.title_url),
  ],
);

export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    module_id: integer('module_id').references(() => modules.id),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    redirect: varchar('redirect', { length: 255 }),
    css_class: varchar('css_class', { length: 128 }),
    ...publishable(),
    ...translationFlags(),
  },
  (t) => [
    index('pages_updated_idx').on(t.updated_at),
    ...translationFlagIndexes('pages', t, { updated: [t.updated_at, t.id], status: [t.status, t.id], id: [t.id] }),
    index('pages_status_idx').on(t.status, t.id),
    index('pages_module_idx').on(t.module_id),
    index('pages_live_idx').on(t.id).where(sql`${t.deleted_at} is null`),
    index('pages_live_updated_at_idx').on(t.updated_at, t.id).where(sql`${t.deleted_at} is null`),
  ],
);

export const pageLangs = pgTable(
  'page_langs',
  {
    page_id: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    ...pageLikeLangFields,
    ...translationState(),
    ...translationFlags(),
    ...recordKeys(),
    ...recordStatusKey(),
  },
  (t) => [
    primaryKey({ columns: [t.page_id, t.language_code] }),
    index('page_langs_title_idx').on(t.language_code, t.title, t.page_id),
    index('page_langs_live_title_idx')
      .on(t.language_code, t.title, t.page_id)
      .where(sql`${t.record_deleted_at} is null`),
    index('page_langs_url_idx').on(t.language_code, t.title_url),
    // Search (`ILIKE '%…%'`) in page titles: a trigram index (docs/data.md Lists; bench/pages.bench.ts).
    ...titleSearchIndexes('page_langs', t),
    ...foldedSearchIndexes('page_langs_title', t.title),
    ...translationFlagIndexes('page_langs', t, { title: [t.language_code, t.title, t.page_id] }),
    // A search matching many, in the order of the last change or the status: walked in it until the page is full.
    index('page_langs_record_updated_idx').on(t.language_code, t.record_updated_at, t.page_id),
    index('page_langs_record_status_idx').on(t.language_code, t.record_status, t.page_id),
  ],
);

export const navigationGroups = pgTable('navigation_groups', {
  id: serial('id').primaryKey(),
  label: varchar('label', { length: 64 }).notNull().unique(),
});

/** One node per page that is in a navigation group; position orders siblings. */
export const navigationNodes = pgTable(
  'navigation_nodes',
  {
    id: serial('id').primaryKey(),
    group_id: integer('group_id')
      .notNull()
      .references(() => navigationGroups.id, { onDelete: 'cascade' }),
    page_id: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    parent_id: integer('parent_id'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('navigation_nodes_page_unique').on(t.page_id),
    index('navigation_nodes_group_idx').on(t.group_id, t.parent_id, t.position),
  ],
);

export const panels = pgTable(
  'panels',
  {
    id: serial('id').primaryKey(),
    status: boolean('status').notNull().default(true),
    priority: integer('priority').notNull().default(1),
    ...timestamps,
    deleted_at: ts('deleted_at'),
    ...translationFlags(),
  },
  (t) => [
    index('panels_priority_idx').on(t.priority),
    ...translationFlagIndexes('panels', t, {
      priority: [t.priority, t.id],
      updated: [t.updated_at, t.id],
      status: [t.status, t.id],
      id: [t.id],
    }),
    index('panels_status_idx').on(t.status, t.id),
    index('panels_updated_idx').on(t.updated_at, t.id),
    index('panels_live_idx').on(t.id).where(sql`${t.deleted_at} is null`),
    index('panels_live_updated_at_idx').on(t.updated_at, t.id).where(sql`${t.deleted_at} is null`),
    index('panels_live_priority_idx').on(t.priority, t.id).where(sql`${t.deleted_at} is null`),
  ],
);

export const panelLangs = pgTable(
  'panel_langs',
  {
    panel_id: integer('panel_id')
      .notNull()
      .references(() => panels.id, { onDelete: 'cascade' }),
    language_code: languageCode(),
    ...titleAndContent(),
    ...translationState(),
    ...translationFlags(),
    ...recordKeys(),
    ...recordStatusKey(),
  },
  (t) => [
    primaryKey({ columns: [t.panel_id, t.language_code] }),
    index('panel_langs_title_idx').on(t.language_code, t.title, t.panel_id),
    index('panel_langs_live_title_idx')
      .on(t.language_code, t.title, t.panel_id)
      .where(sql`${t.record_deleted_at} is null`),
    ...titleSearchIndexes('panel_langs', t),
    ...foldedSearchIndexes('panel_langs_title', t.title),
    ...translationFlagIndexes('panel_langs', t, { title: [t.language_code, t.title, t.panel_id] }),
    // A search matching many, in the order of the last change or the status: walked in it until the page is full.
    index('panel_langs_record_updated_idx').on(t.language_code, t.record_updated_at, t.panel_id),
    index('panel_langs_record_status_idx').on(t.language_code, t.record_status, t.panel_id),
  ],
);

export const galleries = pgTable(
  'galleries',
  {
    id: serial('id').primaryKey(),
    ...publishable(),
    ...translationFlags(),
  },
  (t) => [
    index('galleries_updated_idx').on(t.updated_at),
    ...translationFlagIndexes('galleries', t, { updated: [t.updated_at, t.id], status: [t.status, t.id], id: [t.id] }),
    index('galleries_status_idx').on(t.status, t.id),
    index('galleries_live_idx').on(t.id).where(sql`${t.deleted_at} is null`),
    index('galleries_live_updated_at_idx').on(t.updated_at, t.id).where(sql`${t.deleted_at} is null`),
  ],
);

export const galleryLangs = pgTable(
  'gallery_langs',
  {
    gallery_id: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    ...articleLikeLangFields(),
    ...translationState(),
    ...translationFlags(),
    ...recordKeys(),
    ...recordStatusKey(),
  },
  (t) => [
    primaryKey({ columns: [t.gallery_id, t.language_code] }),
    index('gallery_langs_title_idx').on(t.language_code, t.title, t.gallery_id),
    index('gallery_langs_live_title_idx')
      .on(t.language_code, t.title, t.gallery_id)
      .where(sql`${t.record_deleted_at} is null`),
    ...titleSearchIndexes('gallery_langs', t),
    ...foldedSearchIndexes('gallery_langs_title', t.title),
    ...translationFlagIndexes('gallery_langs', t, { title: [t.language_code, t.title, t.gallery_id] }),
    // A search matching many, in the order of the last change or the status: walked in it until the page is full.
    index('gallery_langs_record_updated_idx').on(t.language_code, t.record_updated_at, t.gallery_id),
    index('gallery_langs_record_status_idx').on(t.language_code, t.record_status, t.gallery_id),
    index('gallery_langs_url_idx').on(t.language_code, t.title_url),
  ],
);

export const galleryCategories = pgTable(
  'gallery_categories',
  {
    gallery_id: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.gallery_id, t.category_id] })],
);

export const pagePanels = pgTable(
  'page_panels',
  {
    page_id: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    panel_id: integer('panel_id')
      .notNull()
      .references(() => panels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.page_id, t.panel_id] }), index('page_panels_panel_idx').on(t.panel_id)],
);

export const pageGalleries = pgTable(
  'page_galleries',
  {
    page_id: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    gallery_id: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.page_id, t.gallery_id] }), index('page_galleries_gallery_idx').on(t.gallery_id)],
);
