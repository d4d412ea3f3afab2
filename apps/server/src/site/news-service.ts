import { LIMITS, type Locale } from '@backoffice/shared';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  articleCategories,
  articleGalleries,
  articleLangs,
  articleSimilars,
  articles,
  categories,
  categoryLangs,
} from '../db/schema.js';
import { extrasOf, linkedKind } from './extras-service.js';
import { isPublished, langJoin, plainTextOf, publishedAt, titleUrlsOf } from './service.js';

const ARTICLES = linkedKind(
  { owner: articles, langs: articleLangs, langOwner: articleLangs.article_id },
  [articleGalleries, articleGalleries.article_id, articleGalleries.gallery_id],
  [articleSimilars, articleSimilars.article_id, articleSimilars.similar_id],
);

/** How many articles one page of the news list shows. */
export const NEWS_PER_PAGE = 10;
/** How long the teaser of an article in the list is, in characters of plain text. */
const TEASER_MAX = 220;

/** The date an article is shown with and sorted by: when it went public, else when it was written. */
const articleDate = sql<Date>`coalesce(${articles.publish_up}, ${articles.created_at})`.mapWith(articles.created_at);

/** An article as the news list shows it. */
export interface NewsItem {
  id: number;
  title: string;
  titleUrl: string;
  date: Date;
  image: string | null;
  poster: string | null;
  /** The picture's alternative text in the locale (empty: the picture only decorates). */
  imageAlt: string;
  teaser: string;
  categories: string[];
}

/** The titles of the published categories of these articles, by title in `locale`. */
async function categoriesOf(db: Db, ids: number[], locale: Locale, now: Date): Promise<Map<number, string[]>> {
  const byArticle = new Map<number, string[]>();
  if (ids.length === 0) return byArticle;
  const rows = await db
    .select({ articleId: articleCategories.article_id, title: categoryLangs.title })
    .from(articleCategories)
    .innerJoin(categories, eq(categories.id, articleCategories.category_id))
    .innerJoin(
      categoryLangs,
      and(eq(categoryLangs.category_id, categories.id), eq(categoryLangs.language_code, locale)),
    )
    .where(and(inArray(articleCategories.article_id, ids), publishedAt(categories, now)))
    .orderBy(asc(categoryLangs.title));
  for (const row of rows) byArticle.set(row.articleId, [...(byArticle.get(row.articleId) ?? []), row.title]);
  return byArticle;
}

/** Articles of one category when `categoryId` is given. */
const inCategory = (categoryId: number | null | undefined) =>
  categoryId
    ? sql`exists (select 1 from ${articleCategories} where ${articleCategories.article_id} = ${articles.id}
          and ${articleCategories.category_id} = ${categoryId})`
    : undefined;

/** Published articles, of one category when `categoryId` is given. */
const publishedNews = (now: Date, categoryId: number | null | undefined, more?: SQL) =>
  and(publishedAt(articles, now), inCategory(categoryId), more) as SQL;

/** The articles of `where` in `locale`, newest first, `limit` of them from `offset`, with teasers and categories. */
async function newsItems(
  db: Db,
  locale: Locale,
  where: SQL,
  range: { limit: number; offset?: number },
  now: Date,
): Promise<NewsItem[]> {
  const rows = await db
    .select({
      id: articles.id,
      title: articleLangs.title,
      titleUrl: articleLangs.title_url,
      date: articleDate,
      image: articles.image,
      poster: articles.poster,
      imageAlt: articleLangs.image_alt,
      content: articleLangs.content,
    })
    .from(articles)
    .innerJoin(articleLangs, langJoin(ARTICLES, locale))
    .where(where)
    .orderBy(desc(articleDate), desc(articles.id))
    .limit(range.limit)
    .offset(range.offset ?? 0);
  const badges = await categoriesOf(
    db,
    rows.map((r) => r.id),
    locale,
    now,
  );
  return rows.map(({ content, ...row }) => ({
    ...row,
    teaser: plainTextOf(content, TEASER_MAX),
    categories: badges.get(row.id) ?? [],
  }));
}

/**
 * One page (1-based) of the published news in `locale`, newest first, optionally only those of one category
 * (a page hosting the News module narrowed to a category), `perPage` of them (NEWS_PER_PAGE); with the number of all
 * such articles.
 */
export async function listNews(
  db: Db,
  locale: Locale,
  options: { page: number; categoryId?: number | null; perPage?: number },
  now = new Date(),
): Promise<{ items: NewsItem[]; total: number }> {
  const perPage = options.perPage ?? NEWS_PER_PAGE;
  const where = publishedNews(now, options.categoryId);
  const [counted, items] = await Promise.all([
    db.select({ total: count() }).from(articles).where(where),
    newsItems(db, locale, where, { limit: perPage, offset: (options.page - 1) * perPage }, now),
  ]);
  return { items, total: counted[0]?.total ?? 0 };
}

/** Where a walk through the news stopped: the last article's date and id. */
export interface NewsPosition {
  date: Date;
  id: number;
}

/**
 * The published news in `locale` after `after` (from the newest without it), newest first, `limit` of them, of one
 * category when given: a walk by position, as deep as it goes at the cost of the first page (the delivery API).
 */
export function newsAfter(
  db: Db,
  locale: Locale,
  options: { after: NewsPosition | null; categoryId: number | null; limit: number; unpublished?: boolean },
  now = new Date(),
): Promise<NewsItem[]> {
  const { after } = options;
  const before = after
    ? sql`(${articleDate}, ${articles.id}) < (${after.date.toISOString()}::timestamptz, ${after.id})`
    : undefined;
  const where = options.unpublished
    ? (and(isNull(articles.deleted_at), inCategory(options.categoryId), before) as SQL)
    : publishedNews(now, options.categoryId, before);
  return newsItems(db, locale, where, { limit: options.limit }, now);
}

/** One article as its own page shows it. */
export interface SiteArticle extends Omit<NewsItem, 'teaser'> {
  published: boolean;
  updatedAt: Date;
  content: string;
  metaTitle: string;
  metaDescription: string;
  titleUrls: Partial<Record<Locale, string>>;
}

/** The live article at title_url `where` in `locale` (or the one with `where.id`), published or not: the caller decides whether a preview shows it. */
export async function findArticle(
  db: Db,
  locale: Locale,
  where: string | { id: number },
  now = new Date(),
): Promise<SiteArticle | undefined> {
  const [row] = await db
    .select({
      id: articles.id,
      published: isPublished(articles, now),
      updatedAt: articles.updated_at,
      title: articleLangs.title,
      titleUrl: articleLangs.title_url,
      date: articleDate,
      image: articles.image,
      poster: articles.poster,
      content: articleLangs.content,
      metaTitle: articleLangs.meta_title,
      metaDescription: articleLangs.meta_description,
      imageAlt: articleLangs.image_alt,
    })
    .from(articles)
    .innerJoin(articleLangs, langJoin(ARTICLES, locale))
    .where(
      and(
        isNull(articles.deleted_at),
        typeof where === 'string' ? eq(articleLangs.title_url, where) : eq(articles.id, where.id),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const [badges, titleUrls] = await Promise.all([
    categoriesOf(db, [row.id], locale, now),
    titleUrlsOf(db, ARTICLES, row.id),
  ]);
  return {
    ...row,
    metaDescription: row.metaDescription || plainTextOf(row.content, LIMITS.metaDescriptionMax),
    categories: badges.get(row.id) ?? [],
    titleUrls,
  };
}

/** The galleries and similar articles shown below an article. */
export const articleExtras = (db: Db, id: number, locale: Locale, now = new Date()) =>
  extrasOf(db, ARTICLES, id, locale, now);
