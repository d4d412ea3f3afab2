import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { articles } from '../db/schema.js';
import { RECORD_KEY_TABLES, recordKeysDrift, useSignedInServer } from '../test/content-cases.js';
import { type CursoredPage, expectCursorWalk } from '../test/cursor-walk.js';
import { captureStatements, type SentStatement } from '../test/statements.js';
import { EXACT_TOTAL_LIMIT, listTotal, SEARCH_EXACT_TOTAL_LIMIT } from './total.js';

// The list queries on a large list (docs/features/lists.md): the total turns approximate past EXACT_TOTAL_LIMIT, a
// search and a deep page are served from indexes.

const ctx = useSignedInServer();
const ARTICLES = EXACT_TOTAL_LIMIT + 500;
/** Every hundredth title holds the search word: 1 % of the list. */
const WORD = 'zebra';

/** ARTICLES news articles with both language rows, straight in SQL (the factories would take minutes). */
async function seedArticles(db: Db) {
  await db.execute(sql`insert into articles (status, updated_at)
    select g % 2 = 0, now() - g * interval '1 minute' from generate_series(1, ${ARTICLES}) g`);
  await db.execute(sql`insert into article_langs (article_id, language_code, title, title_url)
    select a.id, l.code, 'Article ' || a.id || case when a.id % 100 = 0 then ${` ${WORD}`} else '' end,
      'article-' || a.id
    from articles a cross join (values ('sk'), ('en')) l(code)`);
  await db.execute(sql`analyze`);
}

/** The statements the driver receives while `fn` runs (nothing else may be in flight). */
const captured = async (db: Db, fn: () => Promise<unknown>) => (await captureStatements(db, fn)).statements;
type Statement = SentStatement;

/** Page `offset / 20` of the news joined to their titles in `lang`, by plain SQL: what a list's page must equal. */
async function sqlPage(db: Db, where: string, order: string, offset: number, lang = 'sk'): Promise<number[]> {
  const result = (await db.execute(
    sql.raw(`select a.id from articles a join article_langs l on l.article_id = a.id and l.language_code = '${lang}'
      where ${where} order by ${order} limit 20 offset ${offset}`),
  )) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

const literal = (v: unknown) =>
  typeof v === 'number' || typeof v === 'boolean' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

/**
 * The plan of a statement with sequential scans priced out (`enable_seqscan = off`): a plan that still reads a table
 * from end to end has no index that serves it.
 */
async function planOf(db: Db, s: Statement): Promise<string> {
  const text = s.text.replace(/\$(\d+)/g, (_, i: string) => literal(s.params[Number(i) - 1]));
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql.raw(`explain ${text}`))) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('large lists', () => {
  beforeAll(async () => {
    await seedArticles(ctx.server.ctx.db);
  });

  it('a list past the exact limit says its total is approximate; a narrower one counts exactly', async () => {
    const all = (await ctx.admin.get('/api/blog/?page=3&per_page=20')).json();
    expect(all.meta.total_approximate).toBe(true);
    expect(all.meta.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(all.meta.last_page).toBe(Math.ceil(all.meta.total / 20));
    expect(all.data).toHaveLength(20);

    const found = (await ctx.admin.get(`/api/blog/?search=${WORD}`)).json();
    expect(found.meta).toMatchObject({ current_page: 1, per_page: 20, total: 105, last_page: 6, from: 1, to: 20 });
    expect(found.meta).not.toHaveProperty('total_approximate');
    // A search matching more than SEARCH_EXACT_TOTAL_LIMIT rows (1,612 titles hold "Article 1") is estimated.
    const many = (await ctx.admin.get('/api/blog/?search=Article 1')).json();
    expect(many.meta.total_approximate).toBe(true);
    expect(many.meta.total).toBeGreaterThan(SEARCH_EXACT_TOTAL_LIMIT);
  });

  it('a search is paged and counted exactly, in every order, as the SQL pages it, and past its matches', async () => {
    const { db } = ctx.server.ctx;
    type Page = { data: { id: number }[]; meta: { total: number; total_approximate?: boolean } };
    const expected = (order: string, offset: number) =>
      sqlPage(db, `a.deleted_at is null and l.title ilike '%${WORD}%'`, order, offset);
    for (const [query, order] of [
      ['sort=updated_at&order=desc', 'a.updated_at desc, a.id desc'],
      ['sort=title&order=asc', 'l.title asc, a.id asc'],
      ['sort=status&order=asc', 'a.status asc, a.id asc'],
    ]) {
      // 105 matches: pages 1–6, and page 7 past them (answered the usual way, with the count).
      for (const page of [1, 2, 6, 7]) {
        const got = (await ctx.admin.get(`/api/blog/?search=${WORD}&${query}&per_page=20&page=${page}`)).json() as Page;
        expect(
          got.data.map((r) => r.id),
          `${query} page ${page}`,
        ).toEqual(await expected(order, (page - 1) * 20));
        expect(got.meta.total).toBe(105);
        expect(got.meta).not.toHaveProperty('total_approximate');
      }
    }
    const none = (await ctx.admin.get('/api/blog/?search=no-such-word-anywhere')).json() as Page;
    expect(none.data).toEqual([]);
    expect(none.meta.total).toBe(0);
  });

  it('a search reads few matches once, found, sorted and counted in its page; many again in the list order', async () => {
    const { db } = ctx.server.ctx;
    const read = async (query: string) => {
      const { result, statements } = await captureStatements(db, () => ctx.admin.get(`/api/blog/?${query}`));
      const own = statements.filter((s) => /\bfrom "article(s|_langs)"/.test(s.text));
      return {
        body: result.json() as {
          data: { id: number }[];
          meta: { total: number; total_approximate?: boolean; cursors?: { after: string } };
        },
        count: own.find((s) => s.text.startsWith('select count(*)')),
        pages: own.filter((s) => s.text.startsWith('select "articles"."id"')),
      };
    };
    const expected = (word: string, offset: number) =>
      sqlPage(db, `a.deleted_at is null and l.title ilike '%${word}%'`, 'a.updated_at desc, a.id desc', offset);

    // 105 matches: the page is read from them, sorted once found (foundFirst), each key carrying how many matched:
    // one statement, no count beside it.
    const fromFound = /count\(\*\) over \(\) .*limit \$\d+\) "found" order by "found"\."record_updated_at" desc/;
    for (const page of [1, 3]) {
      const few = await read(`search=${WORD}&page=${page}&per_page=20`);
      expect(few.body.meta).toMatchObject({ total: 105, last_page: 6 });
      expect(few.body.meta).not.toHaveProperty('total_approximate');
      expect(few.body.data.map((r) => r.id)).toEqual(await expected(WORD, (page - 1) * 20));
      expect(few.body.data[0]).not.toHaveProperty('found_total');
      expect(few.pages).toHaveLength(1);
      expect(few.pages[0]?.text).toMatch(fromFound);
      expect(few.count).toBeUndefined();
    }
    // Past the matches the page has no row to carry them: they are counted after it.
    const past = await read(`search=${WORD}&page=7&per_page=20`);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.total).toBe(105);
    expect(past.count?.after).toContain(past.pages[0]);
    // From a cursor the matches start there, so the count is read beside the page, as it was.
    const after = (few: { body: { meta: { cursors?: { after: string } } } }) => few.body.meta.cursors?.after ?? '';
    const first = await read(`search=${WORD}&page=1&per_page=20`);
    const second = await read(`search=${WORD}&page=2&per_page=20&after=${encodeURIComponent(after(first))}`);
    expect(second.body.data.map((r) => r.id)).toEqual(await expected(WORD, 20));
    expect(second.body.meta.total).toBe(105);
    expect(second.pages[0]?.text).not.toMatch(/over \(\)/);
    expect(second.count?.after).not.toContain(second.pages[0]);
    // Thousands of matches ("Article 1…"): more than the limit found, so the total is the planner's estimate and the
    // page is read again in the list's order; nothing counts them.
    const many = await read('search=Article%201&page=3&per_page=20');
    expect(many.body.meta.total).toBeGreaterThan(SEARCH_EXACT_TOTAL_LIMIT);
    expect(many.body.meta.total_approximate).toBe(true);
    expect(many.body.data.map((r) => r.id)).toEqual(await expected('Article 1', 40));
    expect(many.pages).toHaveLength(2);
    expect(many.pages[0]?.text).toMatch(fromFound);
    expect(many.pages[1]?.text).not.toMatch(/"found"/);
    expect(many.count).toBeUndefined();
    expect(many.pages[1]?.after).toContain(many.pages[0]);
  });

  it("a search filters and orders by the record's keys its language rows keep, whatever wrote the records", async () => {
    const { db } = ctx.server.ctx;
    const kept = (await db.execute(sql`select table_name as name from information_schema.columns
      where column_name = 'record_updated_at' and table_schema = current_schema() order by 1`)) as unknown as {
      rows: { name: string }[];
    };
    expect(kept.rows.map((r) => r.name)).toEqual(RECORD_KEY_TABLES.map(([, langs]) => langs).sort());
    // Statements that write the records alone, as an operator's script would: the triggers write the rows too.
    await db.execute(sql`create table kept_keys as select id, status, updated_at, deleted_at from articles`);
    try {
      await db.execute(sql`update articles set status = not status,
        updated_at = updated_at - (id % 97) * interval '1 hour' where id % 3 = 0`);
      await db.execute(sql`update articles set deleted_at = now() where id % 7 = 0`);
      expect(await recordKeysDrift(db)).toEqual([]);
      const expected = (where: string, order: string, offset: number) =>
        sqlPage(db, `${where} and l.title ilike '%${WORD}%'`, order, offset, 'en');
      for (const [query, where, order] of [
        ['trashed=only&sort=updated_at&order=desc', 'a.deleted_at is not null', 'a.updated_at desc, a.id desc'],
        ['trashed=with&status=0&sort=status&order=asc', 'not a.status', 'a.status asc, a.id asc'],
        ['status=1&sort=updated_at&order=asc', 'a.deleted_at is null and a.status', 'a.updated_at asc, a.id asc'],
        ['sort=title&order=desc', 'a.deleted_at is null', 'l.title desc, a.id desc'],
      ]) {
        for (const page of [1, 2]) {
          const got = (await ctx.admin.get(`/api/blog/?search=${WORD}&${query}&per_page=20&page=${page}`)).json();
          expect(
            got.data.map((r: { id: number }) => r.id),
            `${query} page ${page}`,
          ).toEqual(await expected(where, order, (page - 1) * 20));
        }
      }
    } finally {
      await db.execute(sql`update articles a set status = k.status, updated_at = k.updated_at,
        deleted_at = k.deleted_at from kept_keys k where k.id = a.id`);
      await db.execute(sql`drop table kept_keys`);
      // The planner's statistics as the other tests found them (their estimates read the table's size).
      await db.execute(sql`vacuum analyze articles, article_langs`);
    }
    expect(await recordKeysDrift(db)).toEqual([]);
  });

  it('listTotal counts exactly up to its limit and estimates past it', async () => {
    const { db } = ctx.server.ctx;
    const rows = () => db.select({ one: sql`1` }).from(articles).$dynamic();
    const exact = { limit: ARTICLES, estimateFirst: false };
    expect(await listTotal(db, rows, exact)).toEqual({ total: ARTICLES, approximate: false });
    const estimated = await listTotal(db, rows, { limit: 100, estimateFirst: false });
    expect(estimated.approximate).toBe(true);
    // ANALYZE ran: the estimate is close to the truth.
    expect(Math.abs(estimated.total - ARTICLES)).toBeLessThan(ARTICLES * 0.1);
  });

  it('search, deep pages and sorts are served from indexes, joining the titles only when needed', async () => {
    const { db } = ctx.server.ctx;
    const listSql = async (query: string) => {
      const statements = await captured(db, () => ctx.admin.get(`/api/blog/?${query}`));
      return statements.filter((s) => /\bfrom "article(s|_langs)"/.test(s.text) && !/explain/i.test(s.text));
    };
    const cases = {
      search: `search=${WORD}`,
      deep: 'page=400&per_page=20&sort=updated_at&order=desc',
      title: 'page=200&per_page=20&sort=title&order=asc',
      status: 'page=100&per_page=20&sort=status&order=desc',
      first: 'page=1&per_page=20&sort=status&order=asc&translation=outdated',
    };
    const plans: Record<string, string[]> = {};
    for (const [name, query] of Object.entries(cases)) {
      const statements = await listSql(query);
      // The page and its count; a search's few matches are counted in its page.
      expect(statements.length).toBeGreaterThanOrEqual(name === 'search' ? 1 : 2);
      plans[name] = await Promise.all(statements.map((s) => planOf(db, s)));
      for (const plan of plans[name]) expect(plan, `${name}:\n${plan}`).not.toMatch(/Seq Scan on "?article/);
    }
    // PostgreSQL takes the locale's trigram index; PGlite's planner, at this size (10,500 rows), walks the locale's
    // rows in a btree instead (about a millisecond here; bench/lists.bench.ts measures both at scale).
    if (process.env.TEST_DB === 'postgres') {
      expect(plans.search.join('\n')).toMatch(/article_langs_title_trgm_(sk|en)_idx/);
      // A deep page by number skips the entries of the live rows' index in the list's order, reading no row.
      expect(plans.deep.join('\n')).toMatch(/Index Only Scan.*articles_live_updated_at_idx/);
    }
    // A deep page by title walks the live titles' index alone (migration 0030), the records joined for its 20 rows.
    expect(plans.title.join('\n')).toMatch(/article_langs_live_title_idx/);
    const titleKeys = (await listSql(cases.title)).find((s) => /page_keys/.test(s.text));
    expect(titleKeys?.text.match(/join \(select .*? "page_keys"/)?.[0]).not.toMatch(/"articles"/);
    // A sort by a column of the record walks that column's index without the language rows; the page's rows
    // then join their titles.
    const pageKeys = (await listSql(cases.deep)).find((s) => /page_keys/.test(s.text));
    expect(pageKeys?.text.match(/join \(select .*? "page_keys"/)?.[0]).not.toMatch(/article_langs/);
    // It selects what that index holds, in its order (keyColumns), so the walk passes each skipped entry on as stored.
    expect(pageKeys?.text).toMatch(/join \(select "updated_at", "id" from "articles"/);
    // A search, in every order, finds its page's keys and counts its matches among the language rows alone, which
    // keep the record's status, last change and removal (migration 0025): no match's record is read. The few
    // matches are counted in the page's own statement (foundFirst); a page past them counts them apart.
    for (const sort of ['updated_at', 'status', 'title', 'id']) {
      for (const page of [1, 7]) {
        const statements = await listSql(`search=${WORD}&sort=${sort}&order=asc&status=1&page=${page}`);
        const keys = statements.filter((s) => /page_keys/.test(s.text));
        expect(keys, sort).toHaveLength(1);
        expect(keys[0]?.text.match(/join \(select .*? "page_keys"/)?.[0], sort).not.toMatch(/"articles"/);
        expect(keys[0]?.text, sort).toMatch(/count\(\*\) over \(\)/);
        const counts = statements.filter((s) => s.text.startsWith('select count('));
        expect(counts, sort).toHaveLength(page === 1 ? 0 : 1);
        for (const count of counts) expect(count.text, sort).not.toMatch(/"articles"/);
        for (const s of statements) expect(await planOf(db, s), sort).not.toMatch(/Seq Scan on "?article/);
      }
    }
    // Filtered by a category (a table the language rows know nothing of), a search's keys are found on the records.
    const linked = await listSql(`search=${WORD}&category_id=1`);
    const linkedKeys = linked.find((s) => /page_keys/.test(s.text));
    expect(linkedKeys?.text.match(/join \(select .*? "page_keys"/)?.[0]).toMatch(/"articles"/);
    if (linkedKeys) expect(await planOf(db, linkedKeys)).not.toMatch(/Seq Scan on "?article/);
  });

  it('pages reached by their cursors hold the rows the page numbers do, ties included, both ways', async () => {
    const { db } = ctx.server.ctx;
    // Ties: 30 articles share one updated_at and status, so only the id orders them.
    await db.execute(sql`update articles set updated_at = '2020-01-01T00:00:00.123456Z', status = true
      where id in (select id from articles order by id limit 30)`);
    const get = async (query: string) => (await ctx.admin.get(`/api/blog/?${query}`)).json() as CursoredPage;
    const ids = (page: CursoredPage) => page.data.map((r) => r.id);
    for (const base of ['sort=updated_at&order=asc', 'sort=status&order=desc', 'sort=title&order=desc'])
      await expectCursorWalk(get, `${base}&search=Article 1&per_page=7`, 6);
    // The sort value keeps the database's precision (microseconds): the tied rows are neither lost nor repeated.
    const query = 'sort=updated_at&order=asc&per_page=20';
    const first = await get(`${query}&page=1`);
    const second = await get(`${query}&page=2&after=${first.meta.cursors?.after}`);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(40);
    expect(ids(second)).toEqual(ids(await get(`${query}&page=2`)));
    // …found from the cursor's row through the sort column's index, not by skipping the rows before it.
    const keyed = await captured(db, () =>
      ctx.admin.get(`/api/blog/?${query}&page=2&after=${first.meta.cursors?.after}`),
    );
    const pageKeys = keyed.find((s) => /page_keys/.test(s.text));
    expect(pageKeys?.text).toMatch(/\) > \(/);
    if (pageKeys) expect(await planOf(db, pageKeys)).not.toMatch(/Seq Scan on "?article/);
    // A cursor of another sort, a forged one or garbage is ignored: the page is found by its number.
    const byNumber = ids(await get(`${query}&page=3`));
    const forged = Buffer.from(JSON.stringify(['updated_at', 'asc', "x') or 1=1 --", 1])).toString('base64url');
    for (const cursor of [first.meta.cursors?.after, forged, 'not-a-cursor', '%00'].map((c) =>
      encodeURIComponent(c ?? ''),
    )) {
      const res = await ctx.admin.get(`/api/blog/?sort=title&order=asc&per_page=20&page=3&after=${cursor}`);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(ids(await get(`${query}&page=3&after=${encodeURIComponent(forged)}`))).not.toEqual([]);
    expect(byNumber).toHaveLength(20);
  });

  it('deep pages by number hold the rows an offset does, and move with a write', async () => {
    const { db } = ctx.server.ctx;
    type Page = { data: { id: number }[] };
    const apiIds = async (query: string) =>
      ((await ctx.admin.get(`/api/blog/?${query}`)).json() as Page).data.map((r) => r.id);
    const rows = async (statement: ReturnType<typeof sql>) =>
      ((await db.execute(statement)) as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    const byDate = (offset: number, limit: number) =>
      rows(sql`select id from articles where deleted_at is null order by updated_at desc, id desc
        limit ${limit} offset ${offset}`);
    const byTitle = (offset: number, limit: number) =>
      rows(sql`select a.id from articles a join article_langs l on l.article_id = a.id and l.language_code = 'sk'
        where a.deleted_at is null order by l.title asc, a.id asc limit ${limit} offset ${offset}`);

    expect(await apiIds('page=101&per_page=20')).toEqual(await byDate(2_000, 20));
    expect(await apiIds('page=501&per_page=20')).toEqual(await byDate(10_000, 20));
    expect(await apiIds('page=788&per_page=13')).toEqual(await byDate(10_231, 13));
    expect(await apiIds('page=601&per_page=17&sort=title&order=asc')).toEqual(await byTitle(10_200, 17));
    // Past the end: an empty page, no error.
    expect(await apiIds('page=2000&per_page=20')).toEqual([]);
    expect(await apiIds('page=9000000000000000&per_page=100')).toEqual([]);

    // A write from another connection moves the page at once: nothing answers from before it.
    const [moved] = await byDate(10_010, 1);
    expect(await apiIds('page=501&per_page=20')).toContain(moved);
    await db.execute(sql`update articles set updated_at = now() + interval '1 day' where id = ${moved}`);
    expect(await apiIds('page=501&per_page=20')).toEqual(await byDate(10_000, 20));
    expect(await apiIds('page=501&per_page=20')).not.toContain(moved);
    expect(await apiIds('page=1&per_page=1')).toEqual([moved]);
  });

  it('a translation filter reads its page from an index of the flagged records in the list order, few or many', async () => {
    const { db } = ctx.server.ctx;
    // The English rows of the first `n` articles outdated, and the record's flags translations().write keeps beside.
    const flag = async (n: number) => {
      await db.execute(sql`update article_langs set outdated = (article_id <= ${n} and language_code = 'en'),
        translation_outdated = (article_id <= ${n})`);
      await db.execute(sql`update articles set translation_outdated = (id <= ${n})`);
      await db.execute(sql`analyze articles`);
      await db.execute(sql`analyze article_langs`);
    };
    // What the list should hold, by the language rows' state alone.
    const expected = (order: string, offset: number) =>
      sqlPage(
        db,
        'a.deleted_at is null and exists (select 1 from article_langs o where o.article_id = a.id and o.outdated)',
        order,
        offset,
        'en',
      );
    const cases = [
      ['sort=updated_at&order=desc', 'a.updated_at desc, a.id desc', 'articles_updated_outdated_idx'],
      ['sort=title&order=asc', 'l.title asc, a.id asc', 'article_langs_title_outdated_idx'],
      ['sort=status&order=desc', 'a.status desc, a.id desc', 'articles_status_outdated_idx'],
      ['sort=id&order=asc', 'a.id asc', 'articles_id_outdated_idx'],
    ] as const;
    for (const n of [300, 8000]) {
      await flag(n);
      for (const [query, order, index] of cases) {
        let page: { data: { id: number }[]; meta: { total: number; cursors?: { after: string } } } | undefined;
        const statements = await captured(db, async () => {
          page = (await ctx.admin.get(`/api/blog/?${query}&page=2&per_page=20&translation=outdated`)).json();
        });
        expect(
          page?.data.map((r) => r.id),
          `${n} ${query}`,
        ).toEqual(await expected(order, 20));
        // Exact up to SEARCH_EXACT_TOTAL_LIMIT, then the planner's estimate.
        if (n <= SEARCH_EXACT_TOTAL_LIMIT) expect(page?.meta.total).toBe(n);
        else expect(page?.meta.total).toBeGreaterThan(SEARCH_EXACT_TOTAL_LIMIT);
        const next = (
          await ctx.admin.get(
            `/api/blog/?${query}&page=3&per_page=20&translation=outdated&after=${page?.meta.cursors?.after}`,
          )
        ).json() as { data: { id: number }[] };
        expect(
          next.data.map((r) => r.id),
          `${n} ${query} next`,
        ).toEqual(await expected(order, 40));
        // The page's keys walk the flag's partial index in the list's order: 40 rows read, not every flagged one.
        const keys = statements.find((st) => /page_keys/.test(st.text));
        expect(keys).toBeDefined();
        if (keys) expect(await planOf(db, keys), `${n} ${query}`).toMatch(new RegExp(`Index .*Scan.* using ${index}`));
      }
    }
    await flag(0);
    // Two flag states × four sorts, each with ANALYZE and two pages: 9 s idle on PGlite, 55 s seen under heavy load.
  }, 120_000);
});
