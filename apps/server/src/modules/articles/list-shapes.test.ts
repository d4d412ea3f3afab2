import { ARTICLE_SORTS, type Locale, TRANSLATION_FILTERS } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.js';
import { mulberry32 } from '../../seed/random.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { buildArticle, buildCategory } from '../../test/factories.js';
import { pick } from '../../test/random.js';
import { type ArticleFilters, listArticles } from './service.js';

// A list's statements are built once per shape and kept (resources/list.ts, docs/features/lists.md "Statements kept
// per shape"). A kept statement must answer what a statement built for the request alone answers, whatever shapes
// came before it: a shape that left out something its text depends on would hand one request another's statement.

const ctx = useSignedInServer();

describe('list statements kept per shape', () => {
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

  /** The list as a server that kept no statement yet answers it: the same database under a new identity. */
  const fresh = () => Object.create(db) as Db;

  it('a kept statement answers what one built for the request answers, in every shape (a seeded sample of 120)', async () => {
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
      const first = await listArticles(fresh(), query, lang);
      expect(await listArticles(db, query, lang), JSON.stringify({ lang, query })).toEqual(first);
      // The next page by its number, then by the cursor, and back by the cursor.
      const byNumber = { ...query, page: 2 };
      expect(await listArticles(db, byNumber, lang)).toEqual(await listArticles(fresh(), byNumber, lang));
      const after = first.meta.cursors?.after;
      if (!after) continue;
      const next = { ...query, page: 2, after };
      const second = await listArticles(fresh(), next, lang);
      expect(await listArticles(db, next, lang), JSON.stringify({ lang, next })).toEqual(second);
      const before = second.meta.cursors?.before;
      if (!before) continue;
      const back = { ...query, page: 1, before };
      expect(await listArticles(db, back, lang)).toEqual(await listArticles(fresh(), back, lang));
    }
  });

  it('a filter value is part of the shape: each category answers its own articles', async () => {
    const [a, b] = categories as [number, number];
    const query = { page: 1, per_page: 50 } as ArticleFilters;
    const inA = await listArticles(db, { ...query, category_id: a }, 'en');
    const inB = await listArticles(db, { ...query, category_id: b }, 'en');
    expect(inA.data.length).toBeGreaterThan(0);
    expect(inB.data.length).toBeGreaterThan(0);
    expect(inA.data.every((r) => r.categories.some((c) => c.id === a))).toBe(true);
    expect(inB.data.every((r) => r.categories.some((c) => c.id === b))).toBe(true);
  });

  it('a shape asked for again prints no list statement: its page runs kept, with the new values', async () => {
    const printed = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    const texts = () => printed.mock.results.map((r) => (r.value as { sql: string }).sql);
    try {
      const query = { page: 1, per_page: 3, search: 'article', sort: 'title', order: 'desc' } as ArticleFilters;
      const page1 = await listArticles(db, query, 'sk');
      expect(texts().some((text) => text.includes('"article_langs"'))).toBe(true);
      printed.mockClear();
      // The next page by its number: the same shape with another offset, and the same total (kept in list_counts).
      const page2 = await listArticles(db, { ...query, page: 2 }, 'sk');
      expect(texts().filter((text) => text.includes('"article_langs"'))).toEqual([]);
      expect(page2.data.length).toBe(3);
      expect(page2.data.map((r) => r.id)).not.toEqual(page1.data.map((r) => r.id));
      expect(page2).toEqual(await listArticles(fresh(), { ...query, page: 2 }, 'sk'));
    } finally {
      printed.mockRestore();
    }
  });
});
