import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
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

/** The locale column of every `<entity>_langs` table. */
const languageCode = () =>
  varchar('language_code', { length: 2 })
    .notNull()
    .references(() => languages.code);
/** Per-locale title and rich content (texts, panels). */
const titleAndContent = () => ({
  title: varchar('title', { length: 255 }).notNull(),
  content: text('content').notNull().default(''),
});

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
    language_code: languageCode(),
    ...titleAndContent(),
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

/* ── Content area: modules, categories, pages, navigation, panels, galleries (spec 1 §3) ── */

/** Per-locale SEO and body fields shared by pages and categories. */
const pageLikeLangFields = {
  language_code: languageCode(),
  title: varchar('title', { length: 255 }).notNull(),
  title_url: varchar('title_url', { length: 255 }).notNull(),
  content: text('content').notNull().default(''),
  teaser: text('teaser').notNull().default(''),
  page_text: text('page_text').notNull().default(''),
  meta_title: varchar('meta_title', { length: 60 }).notNull().default(''),
  meta_description: varchar('meta_description', { length: 160 }).notNull().default(''),
  claim: text('claim').notNull().default(''),
};

/** Per-locale title and address of a record with its own public page; title_url is unique per locale (DESIGN §5). */
const titleUrlLangFields = () => ({
  language_code: languageCode(),
  title: varchar('title', { length: 255 }).notNull(),
  title_url: varchar('title_url', { length: 255 }).notNull(),
});
/** Per-locale SEO fields (spec 1 §5: meta_title ≤ 60, meta_description ≤ 160). */
const metaLangFields = () => ({
  meta_title: varchar('meta_title', { length: 60 }).notNull().default(''),
  meta_description: varchar('meta_description', { length: 160 }).notNull().default(''),
});
/** Per-locale fields of galleries and news articles: title, title_url, content, meta_title, meta_description. */
const articleLikeLangFields = () => ({
  ...titleUrlLangFields(),
  content: text('content').notNull().default(''),
  ...metaLangFields(),
});

/** Columns of every publishable, schedulable content row. */
const publishable = () => ({
  status: boolean('status').notNull().default(true),
  image: varchar('image', { length: 255 }),
  publish_up: ts('publish_up'),
  publish_down: ts('publish_down'),
  ...timestamps,
  deleted_at: ts('deleted_at'),
});

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
  },
  (t) => [index('categories_module_idx').on(t.module_id), index('categories_parent_idx').on(t.parent_id)],
);

export const categoryLangs = pgTable(
  'category_langs',
  {
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    ...pageLikeLangFields,
  },
  (t) => [
    primaryKey({ columns: [t.category_id, t.language_code] }),
    index('category_langs_title_idx').on(t.language_code, t.title),
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
  },
  (t) => [
    index('pages_updated_idx').on(t.updated_at),
    index('pages_module_idx').on(t.module_id),
    index('pages_live_idx').on(t.id).where(sql`${t.deleted_at} is null`),
  ],
);

export const pageLangs = pgTable(
  'page_langs',
  {
    page_id: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    ...pageLikeLangFields,
  },
  (t) => [
    primaryKey({ columns: [t.page_id, t.language_code] }),
    index('page_langs_title_idx').on(t.language_code, t.title, t.page_id),
    index('page_langs_url_idx').on(t.language_code, t.title_url),
    // Search (`ILIKE '%…%'`) in page titles: a trigram index (DESIGN §5 Lists; bench/pages.bench.ts).
    index('page_langs_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
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
  },
  (t) => [index('panels_priority_idx').on(t.priority)],
);

export const panelLangs = pgTable(
  'panel_langs',
  {
    panel_id: integer('panel_id')
      .notNull()
      .references(() => panels.id, { onDelete: 'cascade' }),
    language_code: languageCode(),
    ...titleAndContent(),
  },
  (t) => [
    primaryKey({ columns: [t.panel_id, t.language_code] }),
    index('panel_langs_title_idx').on(t.language_code, t.title),
  ],
);

export const galleries = pgTable(
  'galleries',
  {
    id: serial('id').primaryKey(),
    ...publishable(),
  },
  (t) => [index('galleries_updated_idx').on(t.updated_at)],
);

export const galleryLangs = pgTable(
  'gallery_langs',
  {
    gallery_id: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    ...articleLikeLangFields(),
  },
  (t) => [
    primaryKey({ columns: [t.gallery_id, t.language_code] }),
    index('gallery_langs_title_idx').on(t.language_code, t.title),
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

/* ── Gallery images and their chunked upload (spec 1 §2 Gallery detail, DESIGN §4 Gallery upload, §7) ── */

/** One image of a gallery: its stored file (DESIGN §5 image rules), pixel size, place and publish status. */
export const galleryImages = pgTable(
  'gallery_images',
  {
    id: serial('id').primaryKey(),
    gallery_id: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    /** The stored name (random hex + detected extension); a rotation stores a new name so caches refresh. */
    file: varchar('file', { length: 255 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Order within the gallery, ascending; drag reorder rewrites it. */
    position: integer('position').notNull().default(0),
    status: boolean('status').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('gallery_images_gallery_idx').on(t.gallery_id, t.position)],
);

export const galleryImageLangs = pgTable(
  'gallery_image_langs',
  {
    gallery_image_id: integer('gallery_image_id')
      .notNull()
      .references(() => galleryImages.id, { onDelete: 'cascade' }),
    language_code: languageCode(),
    title: varchar('title', { length: 255 }).notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.gallery_image_id, t.language_code] })],
);

/** Raw bytes; PGlite hands back a Uint8Array and pg a Buffer, both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A chunked upload in progress (Dropzone's `dzuuid`), kept in the database rather than in memory so any server
 * behind a load balancer can take the next chunk (DESIGN §7). Rows older than 24 h are removed with their chunks.
 */
export const galleryUploads = pgTable(
  'gallery_uploads',
  {
    id: serial('id').primaryKey(),
    uuid: varchar('uuid', { length: 64 }).notNull(),
    gallery_id: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    total_chunks: integer('total_chunks').notNull(),
    total_size: integer('total_size').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('gallery_uploads_key_unique').on(t.gallery_id, t.user_id, t.uuid),
    index('gallery_uploads_created_idx').on(t.created_at),
  ],
);

/** One received chunk; a chunk sent again after a failure replaces itself (primary key upsert). */
export const galleryUploadChunks = pgTable(
  'gallery_upload_chunks',
  {
    upload_id: integer('upload_id')
      .notNull()
      .references(() => galleryUploads.id, { onDelete: 'cascade' }),
    chunk_index: integer('chunk_index').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.upload_id, t.chunk_index] })],
);

/* ── News (blog) articles (spec 1 §3 Blog article) ── */

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    primary: boolean('primary').notNull().default(false),
    poster: varchar('poster', { length: 255 }),
    ...publishable(),
  },
  (t) => [index('articles_updated_idx').on(t.updated_at)],
);

export const articleLangs = pgTable(
  'article_langs',
  {
    article_id: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    ...articleLikeLangFields(),
  },
  (t) => [
    primaryKey({ columns: [t.article_id, t.language_code] }),
    index('article_langs_title_idx').on(t.language_code, t.title),
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

/* ── References and partners (spec 2 §3) ── */

/** Named `reference_entries`: REFERENCES is an SQL keyword. */
export const references = pgTable(
  'reference_entries',
  {
    id: serial('id').primaryKey(),
    amount: integer('amount').notNull().default(0),
    order: integer('order').notNull().default(0),
    ...publishable(),
  },
  (t) => [
    index('reference_entries_updated_idx').on(t.updated_at),
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
    /** The building part; road and railway parts beside it (spec 2 §3). */
    content: text('content').notNull().default(''),
    content_road: text('content_road').notNull().default(''),
    content_railway: text('content_railway').notNull().default(''),
    ...metaLangFields(),
    panel_text: text('panel_text').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.reference_id, t.language_code] }),
    index('reference_langs_title_idx').on(t.language_code, t.title),
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
  },
  (t) => [
    index('partners_order_idx').on(t.order),
    index('partners_updated_idx').on(t.updated_at),
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
  },
  (t) => [
    primaryKey({ columns: [t.partner_id, t.language_code] }),
    index('partner_langs_title_idx').on(t.language_code, t.title),
    index('partner_langs_url_idx').on(t.language_code, t.title_url),
  ],
);
