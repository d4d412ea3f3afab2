import {
  ARTICLE_DEFAULT_SORT,
  ARTICLE_LIKE_RICH_TEXT,
  ARTICLE_SORTS,
  type ArticleInput,
  type ArticleRecord,
  type ArticleRow,
  articleLikeLangShape,
  type ListResponse,
  type Locale,
  MODULES,
} from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articleCategories, articleGalleries, articleLangs, articleSimilars, articles } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { translations } from '../../resources/langs.js';
import { linkedTitlesColumn, links, relatedLinks } from '../../resources/links.js';
import { type ContentListQuery, iso, translatedList } from '../../resources/list.js';
import type { ContentWrites } from '../../resources/operations.js';
import { publishingValues, titledResource } from '../../resources/titled.js';
import { categoryLangRows } from '../categories/langs.js';
import { canArticle } from './policy.js';

export const articleLangRows = translations({
  owner: articles,
  table: articleLangs,
  ownerColumn: articleLangs.article_id,
  fields: Object.keys(articleLikeLangShape) as (keyof typeof articleLikeLangShape)[],
  richText: ARTICLE_LIKE_RICH_TEXT,
  addressKind: 'article',
});

/** Categories of the News module, galleries and similar articles (docs/spec-index.md S1.3 Blog article). */
const related = relatedLinks({
  owner: articles,
  categoryModule: MODULES.blog,
  links: {
    categories: links(articleCategories, articleCategories.article_id, articleCategories.category_id),
    galleries: links(articleGalleries, articleGalleries.article_id, articleGalleries.gallery_id),
    similars: links(articleSimilars, articleSimilars.article_id, articleSimilars.similar_id),
  },
});

/** The news' categories, for the list's bulk "assign a category" (resources/assign-category.ts). */
export const articleCategorySpec = { links: related.links.categories, module: MODULES.blog };

export type ArticleFilters = ContentListQuery & { category_id?: number };

/** The news list in each language: the columns a page shows and the expression behind each sort. */
const articleList = translatedList(articleLangRows, {
  columns: (lang) => ({
    select: {
      id: articles.id,
      categories: linkedTitlesColumn(related.links.categories, categoryLangRows, articles.id, lang),
      title: articleLangs.title,
      status: articles.status,
      primary: articles.primary,
      updated_at: articles.updated_at,
      deleted_at: articles.deleted_at,
    },
    sorts: { updated_at: articles.updated_at, title: articleLangs.title, status: articles.status, id: articles.id },
  }),
  allowedSorts: ARTICLE_SORTS,
  defaultSort: ARTICLE_DEFAULT_SORT,
});

/** The news list: one page in the caller's language with category badges, newest change first by default. */
export async function listArticles(db: Db, query: ArticleFilters, lang: Locale): Promise<ListResponse<ArticleRow>> {
  const { rows, meta } = await articleList(db, {
    query,
    lang,
    filters: [
      query.category_id === undefined ? undefined : related.links.categories.has(articles.id, query.category_id),
    ],
  });
  return {
    data: rows.map((r) => ({
      ...r,
      updated_at: r.updated_at.toISOString(),
      deleted_at: iso(r.deleted_at),
    })),
    meta,
  };
}

/** One article with both language versions and its links; a removed one has deleted_at. */
export async function getArticle(db: Db, id: number): Promise<ArticleRecord> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  if (!row) throw notFound();
  return {
    id: row.id,
    status: row.status,
    primary: row.primary,
    image: row.image,
    poster: row.poster,
    publish_up: iso(row.publish_up),
    publish_down: iso(row.publish_down),
    langs: await articleLangRows.read(db, id),
    ...(await related.read(db, id)),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
  };
}

/** Create, update, restore check and title_url check of news articles. */
export const articleWrites = titledResource({
  tr: articleLangRows,
  values: (input: ArticleInput) => ({ ...publishingValues(input), primary: input.primary }),
  errors: (tx, input, id) => related.errors(tx, input, id),
  details: (tx, id, input) => related.write(tx, id, input),
});

/** Article records as the operations write them (resources/operations.ts). */
export const articleResource = (db: Db): ContentWrites<ArticleInput> => ({
  db,
  image: { media: 'blog', fields: ['image', 'poster'] },
  table: articles,
  model: 'Blog',
  can: canArticle,
  read: getArticle,
  ...articleWrites,
});
