import { ARTICLE_SORTS, type Locale, TRANSLATION_FILTERS } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { mulberry32 } from '../../seed/random.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { buildArticle, buildCategory } from '../../test/factories.js';
import { pick } from '../../test/random.js';
import { type ArticleFilters, listArticles } from './service.js';

// A translated list (resources/list.ts) finds a page's ids on the records or on their language rows alone, by an
// offset or from a cursor: whichever way, it answers what one plain statement with OFFSET gives for the same
// filters and order, in a seeded sample of requests.

const ctx = useSignedInServer();

describe('the news list against plain SQL', () => {
  let db: Db;
  let categories: number[];
  beforeAll(async () => {
    db = ctx.server.ctx.db;
    categories = [await buildCategory(db), await buildCategory(db)];
    for (let i = 1; i <= 24; i++) {
      await buildArticle(db, {
        title: `Article ${i}${i % 3 === 0 ? ' zebra' : ''}`,
        status: i % 4 !== 1,
        categories: [categories[i % 2] as number],
      });
    }
    await db.execute(sql`update articles set deleted_at = now() where id % 7 = 0`);
    await db.execute(sql`update articles set translation_outdated = true, translation_missing_en = id % 2 = 0
      where id % 5 = 0`);
    await db.execute(sql`update article_langs set translation_outdated = true, translation_missing_en = article_id % 2 = 0
      where article_id % 5 = 0`);
  });

  /** The ids of a page by one plain statement: the records joined to their language rows, filtered, in order. */
  const expected = async (query: ArticleFilters, lang: Locale) => {
    const sorts: Record<string, string> = {
      updated_at: 'a.updated_at',
      title: 'l.title',
      status: 'a.status',
      id: 'a.id',
    };
    const [sort, order] =
      query.sort && query.sort in sorts ? [sorts[query.sort], query.order ?? 'asc'] : ['a.updated_at', 'desc'];
    const where = [
      query.trashed === 'only'
        ? 'a.deleted_at is not null'
        : query.trashed === 'with'
          ? 'true'
          : 'a.deleted_at is null',
      query.status === undefined ? 'true' : `a.status = ${query.status}`,
      query.search ? `l.title ilike '%${query.search}%'` : 'true',
      query.translation ? `a.translation_${query.translation}` : 'true',
      query.category_id === undefined
        ? 'true'
        : `exists (select 1 from article_categories c where c.article_id = a.id and c.category_id = ${query.category_id})`,
    ].join(' and ');
    const { rows } = (await db.execute(
      sql.raw(`select a.id from articles a join article_langs l on l.article_id = a.id and l.language_code = '${lang}'
        where ${where} order by ${sort} ${order}, a.id ${order}
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`),
    )) as unknown as { rows: { id: number }[] };
    return rows.map((r) => Number(r.id));
  };
  const ids = (page: { data: { id: number }[] }) => page.data.map((r) => r.id);

  it('every page, by number and by cursor both ways, holds the rows plain SQL gives (a seeded sample of 120)', async () => {
    const random = mulberry32(17);
    for (let n = 0; n < 120; n++) {
      const lang = pick<Locale>(random, ['sk', 'en']);
      const query: ArticleFilters = {
        page: 1,
        per_page: pick(random, [3, 5]),
        sort: pick(random, [...ARTICLE_SORTS, undefined, 'unknown']),
        order: pick(random, ['asc', 'desc', undefined] as const),
        status: pick(random, [undefined, true, false]),
        trashed: pick(random, [undefined, 'only', 'with'] as const),
        search: pick(random, [undefined, undefined, 'zebra', 'article 1']),
        translation: pick(random, [undefined, undefined, ...TRANSLATION_FILTERS]),
        category_id: pick(random, [undefined, undefined, ...categories]),
      } as ArticleFilters;
      const label = JSON.stringify({ lang, query });
      const first = await listArticles(db, query, lang);
      expect(ids(first), label).toEqual(await expected(query, lang));
      // The next page by its number, then by the cursor, and back by the cursor.
      const byNumber = await listArticles(db, { ...query, page: 2 }, lang);
      expect(ids(byNumber), label).toEqual(await expected({ ...query, page: 2 }, lang));
      const after = first.meta.cursors?.after;
      if (!after) continue;
      const second = await listArticles(db, { ...query, page: 2, after }, lang);
      expect(ids(second), label).toEqual(ids(byNumber));
      const before = second.meta.cursors?.before;
      if (!before) continue;
      expect(ids(await listArticles(db, { ...query, page: 1, before }, lang)), label).toEqual(ids(first));
    }
  });

  it('each category answers its own articles', async () => {
    const [a, b] = categories as [number, number];
    const query = { page: 1, per_page: 50 } as ArticleFilters;
    const inA = await listArticles(db, { ...query, category_id: a }, 'en');
    const inB = await listArticles(db, { ...query, category_id: b }, 'en');
    expect(inA.data.length).toBeGreaterThan(0);
    expect(inB.data.length).toBeGreaterThan(0);
    expect(inA.data.every((r) => r.categories.some((c) => c.id === a))).toBe(true);
    expect(inB.data.every((r) => r.categories.some((c) => c.id === b))).toBe(true);
  });
});
