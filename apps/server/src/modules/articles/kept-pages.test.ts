import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../../db/client.js';
import { keptPageCount, keptTables } from '../../resources/kept-pages.js';
import { pruneListCaches } from '../../resources/marks.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { buildArticle, buildCategory, buildText, buildUser, contactForm } from '../../test/factories.js';
import { Agent } from '../../test/harness.js';
import { withStatements } from '../../test/statements.js';
import { type ArticleFilters, listArticles } from './service.js';

// A page read once is answered again from memory while none of the tables its statement reads was written since
// (resources/kept-pages.ts, docs/features/lists.md "Pages kept until a write"). Every answer must still be what the
// database holds: each kind of write below must retire the kept page, in this process and in another one.

const ctx = useSignedInServer();

/** A write the triggers do not see (as if `list_changes` missed it): only a kept page can hide it. */
const unnoticedWrite = (db: Db, statement: ReturnType<typeof sql>) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
const QUERY = { page: 1, per_page: 10 } as ArticleFilters;

describe('pages kept until a write', () => {
  let db: Db;
  let category: number;
  let article: number;
  beforeAll(async () => {
    db = ctx.server.ctx.db;
    category = await buildCategory(db, { title: 'Kept category' });
    for (let i = 1; i <= 5; i++) {
      const id = await buildArticle(db, { title: `Kept article ${i}`, categories: [category] });
      article = id;
    }
  });

  /** The list as a process that kept nothing answers it. */
  const fresh = () => Object.create(db) as Db;
  const unnoticed = (statement: ReturnType<typeof sql>) => unnoticedWrite(db, statement);

  it('a page asked for again is the kept one: a write no trigger noted does not show in it', async () => {
    const first = await listArticles(db, QUERY, 'en');
    expect(keptPageCount(db)).toBeGreaterThan(0);
    await unnoticed(sql`update article_langs set title = 'Unnoticed' where article_id = ${article}`);
    expect(await listArticles(db, QUERY, 'en')).toEqual(first);
    const read = await listArticles(fresh(), QUERY, 'en');
    expect(read.data.find((r) => r.id === article)?.title).toBe('Unnoticed');
    // Noted, the same kind of write retires it.
    await db.execute(sql`update article_langs set title = 'Kept article 5' where article_id = ${article}`);
    expect((await listArticles(db, QUERY, 'en')).data.find((r) => r.id === article)?.title).toBe('Kept article 5');
  });

  it('every table the page reads retires it: the record, its language rows, a linked category and the link', async () => {
    const writes = [
      sql`update articles set status = not status where id = ${article}`,
      sql`update article_langs set title = 'Renamed' where article_id = ${article} and language_code = 'en'`,
      sql`update category_langs set title = 'Renamed category' where category_id = ${category}`,
      sql`delete from article_categories where article_id = ${article}`,
      sql`update categories set deleted_at = now() where id = ${category}`,
      sql`update articles set deleted_at = now() where id = ${article}`,
    ];
    for (const write of writes) {
      const before = await listArticles(db, QUERY, 'en');
      expect(await listArticles(db, QUERY, 'en')).toEqual(before);
      await db.execute(write);
      const after = await listArticles(db, QUERY, 'en');
      expect(after, String(write.queryChunks[0])).toEqual(await listArticles(fresh(), QUERY, 'en'));
      expect(after).not.toEqual(before);
    }
  });

  it('two lists asked for in the same way answer their own pages, kept or read', async () => {
    await buildText(db, { title: 'Kept text' });
    const query = 'page=1&per_page=10&sort=id&order=desc';
    for (let round = 0; round < 2; round++) {
      const news = await ctx.admin.get(`/api/blog/?${query}`);
      const texts = await ctx.admin.get(`/api/content/text/?${query}`);
      expect([news.statusCode, texts.statusCode]).toEqual([200, 200]);
      expect(news.json().data[0]).toHaveProperty('primary');
      expect(texts.json().data[0]).not.toHaveProperty('primary');
      expect(texts.json().data[0].title).toMatch(/^Kept text/);
    }
  });

  it('a kept page whose changes were pruned is read again', async () => {
    const query = { ...QUERY, sort: 'id', order: 'asc' } as ArticleFilters;
    await listArticles(db, query, 'en');
    await unnoticed(
      sql`update article_langs set title = 'Pruned' where article_id = (select min(article_id) from article_langs)`,
    );
    expect((await listArticles(db, query, 'en')).data[0]?.title).not.toBe('Pruned');
    // A noted write of a table the page does not read, then pruning every change (no mark or total holds one back):
    // the kept page can no longer be checked.
    await db.execute(sql`delete from list_counts`);
    await db.execute(sql`delete from list_marks`);
    await buildCategory(db);
    expect(await pruneListCaches(db)).toBeGreaterThan(0);
    expect((await listArticles(db, query, 'en')).data[0]?.title).toBe('Pruned');
  });

  it('a rolled-back write leaves the page kept', async () => {
    const query = { ...QUERY, sort: 'title' } as ArticleFilters;
    const first = await listArticles(db, query, 'sk');
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update article_langs set title = 'Rolled back'`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await unnoticed(sql`update article_langs set title = title || '!' where language_code = 'sk'`);
    expect(await listArticles(db, query, 'sk')).toEqual(first);
  });

  it('keeps no page of a statement that reads the clock or a table whose writes are not noted', async () => {
    expect(await keptTables(db, 'select * from "articles" where "publish_up" < now()')).toBeUndefined();
    expect(await keptTables(db, 'select * from "articles" inner join "settings" on true')).toBeUndefined();
    expect(await keptTables(db, 'select * from "articles" inner join "article_langs" on true')).toEqual([
      'article_langs',
      'articles',
    ]);
  });
});

describe('pages kept until a write, over HTTP', () => {
  /** What a list request sent, in order (the background jobs' statements, which can come meanwhile, left out). */
  const sent = (statements: string[]) =>
    statements
      .map((text) =>
        /"list_pruned"/.test(text)
          ? 'check'
          : /from "sessions"/.test(text)
            ? 'session'
            : /"list_counts"|count\(/.test(text)
              ? 'total'
              : /from "(form_contacts|users)"/.test(text)
                ? 'page'
                : undefined,
      )
      .filter((kind) => kind !== undefined);

  it('a kept page and its total wait for one check, sent before the session look-up as the request arrives', async () => {
    const db = ctx.server.ctx.db;
    expect(
      (await ctx.server.app.inject({ method: 'POST', url: '/api/public/form/contact', payload: contactForm() }))
        .statusCode,
    ).toBe(201);
    for (const url of ['/api/form/contact?page=1&per_page=5', '/api/user/?page=1&per_page=5&sort=email&order=asc']) {
      expect((await ctx.admin.get(url)).statusCode).toBe(200);
      const { result, statements } = await withStatements(db, () => ctx.admin.get(url));
      expect(result.statusCode).toBe(200);
      // No count and no read of the kept total (list_counts): the page's check covers both.
      expect(sent(statements), url).toEqual(['check', 'session']);
    }
  });

  it('the kept total is checked with its page: a write no trigger noted leaves both, a noted one retires both', async () => {
    const db = ctx.server.ctx.db;
    const url = '/api/blog/?page=1&per_page=2&sort=id&order=desc';
    const first = (await ctx.admin.get(url)).json();
    await unnoticedWrite(db, sql`insert into articles (status) values (true)`);
    expect((await ctx.admin.get(url)).json()).toEqual(first);
    const id = await buildArticle(db, { title: 'Counted' });
    const after = (await ctx.admin.get(url)).json();
    expect(after.meta.total).toBe(first.meta.total + 2);
    expect(after.data[0].id).toBe(id);
  });

  it('a kept page is answered to a live session only: not to a made-up cookie, nor once the session is gone', async () => {
    const db = ctx.server.ctx.db;
    const url = '/api/user/?page=1&per_page=5';
    const user = await buildUser(db, { role_id: 1 });
    const agent = new Agent(ctx.server.app, 'en');
    await agent.login(user.email, user.plainPassword);
    expect((await agent.get(url)).statusCode).toBe(200);
    expect((await agent.get(url)).statusCode).toBe(200);
    const stranger = await ctx.server.app.inject({
      url,
      headers: { cookie: 'bo_session=not-a-session', 'accept-language': 'en' },
    });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.body).not.toContain('@');
    // A cookie but no session's: nothing is looked up, and nothing is answered.
    const anonymous = await ctx.server.app.inject({
      url,
      headers: { cookie: 'XSRF-TOKEN=x', 'accept-language': 'en' },
    });
    expect(anonymous.statusCode).toBe(401);
    // Signed out on another device (every session of the user gone): the page stays kept for the others, not this one.
    await db.execute(sql`delete from sessions where user_id = ${user.id}`);
    expect((await agent.get(url)).statusCode).toBe(401);
    expect((await ctx.admin.get(url)).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('pages kept until a write, two processes', () => {
  let other: Database;
  afterAll(() => other?.close());

  it("another process's write retires this process's kept page at once", async () => {
    const db = ctx.server.ctx.db;
    other = await openDatabase({ url: ctx.server.config.databaseUrl, dataDir: ctx.server.config.dataDir });
    const id = await buildArticle(db, { title: 'Seen by both' });
    const query = { ...QUERY, sort: 'id', order: 'desc' } as ArticleFilters;
    expect((await listArticles(db, query, 'en')).data[0]?.title).toMatch(/^Seen by both/);
    expect((await listArticles(other.db, query, 'en')).data[0]?.title).toMatch(/^Seen by both/);
    await other.db.execute(sql`update article_langs set title = 'Changed elsewhere' where article_id = ${id}`);
    expect((await listArticles(db, query, 'en')).data[0]?.title).toBe('Changed elsewhere');
    await db.execute(sql`update article_langs set title = 'Changed here' where article_id = ${id}`);
    expect((await listArticles(other.db, query, 'en')).data[0]?.title).toBe('Changed here');
  });
});
