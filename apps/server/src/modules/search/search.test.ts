import { ROLES, SEARCH, type SearchHit, searchUrl, slugify } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { formContacts, formPrices, formRegistrations } from '../../db/schema.js';
import type { AuthUser } from '../../http/session.js';
import { useSignedInServer } from '../../test/content-cases.js';
import {
  buildArticle,
  buildCategory,
  buildGallery,
  buildPage,
  buildPanel,
  buildPartner,
  buildReference,
  buildText,
  buildUser,
  pageInput,
} from '../../test/factories.js';
import { Agent } from '../../test/harness.js';
import { canEditUser } from '../users/policy.js';
import { PLANNER_SETTINGS, searchStatement } from './service.js';

// GET /api/search (docs/features/search.md): ranking, accents, both locales, the roles, bad input, the indexes.

const ctx = useSignedInServer();
const PAGES = 5000;
const db = () => ctx.server.ctx.db;

/** Both locales' rows of a page or a category with these titles (every other field as the factory fills it). */
function langs(sk: string, en: string) {
  const { langs: filled } = pageInput();
  return {
    sk: { ...filled.sk, title: sk, title_url: slugify(`${sk} sk`) },
    en: { ...filled.en, title: en, title_url: slugify(`${en} en`) },
  };
}

async function find(agent: Agent, q: string, limit?: number): Promise<SearchHit[]> {
  const res = await agent.get(`/api/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const keys = (hits: SearchHit[]) => hits.map((h) => `${h.type}:${h.id}`);

/** One submission of each kind, straight in SQL (the public forms are throttled per address). */
async function buildSubmissions(database: Db, word: string) {
  const [contact] = await database
    .insert(formContacts)
    .values({ name: `Ján ${word}`, email: 'jan@example.com', company: 'Acme' })
    .returning({ id: formContacts.id });
  const [price] = await database
    .insert(formPrices)
    .values({ name: `${word} s.r.o.`, email: 'offer@example.com', contact: 'Eva' })
    .returning({ id: formPrices.id });
  const [registration] = await database
    .insert(formRegistrations)
    .values({ name: 'Firma', email: 'reg@example.com', contact: `Peter ${word}` })
    .returning({ id: formRegistrations.id });
  return { contact: contact.id, price: price.id, registration: registration.id };
}

describe('GET /api/search', () => {
  it('an anonymous caller gets 401', async () => {
    const anonymous = new Agent(ctx.server.app);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.get('/api/search?q=test')).statusCode).toBe(401);
  });

  it('a missing, blank, too long or NUL query and a limit out of range are 422 naming the field', async () => {
    const cases: [string, string][] = [
      ['', 'q'],
      ['q=', 'q'],
      ['q=%20%20', 'q'],
      [`q=${'a'.repeat(SEARCH.queryMax + 1)}`, 'q'],
      ['q=a%00b', 'q'],
      ['q=abc&limit=0', 'limit'],
      [`q=abc&limit=${SEARCH.limitMax + 1}`, 'limit'],
      ['q=abc&limit=ten', 'limit'],
      ['q=abc&limit=1.5', 'limit'],
    ];
    for (const [query, field] of cases) {
      const res = await ctx.admin.get(`/api/search?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().message, query).toBeTruthy();
      expect(Object.keys(res.json().errors ?? {}), query).toContain(field);
    }
    // Wildcards are plain characters: nothing is matched by "%" alone.
    expect(await find(ctx.admin, '%_%')).toEqual([]);
  });

  it('ranks the exact title first, then a prefix, a word start, anywhere; accents and case are ignored', async () => {
    const exact = await buildPage(db(), { langs: langs('Cestná', 'Road') });
    const prefix = await buildPage(db(), { langs: langs('Cestná doprava', 'Road transport') });
    const word = await buildText(db(), {
      langs: { sk: { title: 'Stará CESTNÁ sieť', content: '' }, en: { title: 'Old roads', content: '' } },
    });
    const inside = await buildCategory(db(), { langs: langs('Nadcestná lávka', 'Footbridge') });
    const expected = [`page:${exact}`, `page:${prefix}`, `text:${word}`, `category:${inside}`];
    for (const q of ['cestna', 'CESTNÁ', 'Cestná', 'céstna']) {
      const hits = await find(ctx.admin, q);
      expect(keys(hits), q).toEqual(expected);
    }
    const [first] = await find(ctx.admin, 'cestna');
    expect(first).toEqual({
      type: 'page',
      id: exact,
      title: 'Cestná',
      locale: 'sk',
      url: `/admin/app/content/page/${exact}`,
    });
    // The English title finds the same record, in English.
    const english = await find(ctx.admin, 'road transport');
    expect(english[0]).toMatchObject({ type: 'page', id: prefix, title: 'Road transport', locale: 'en' });
    // Two spaces are one; several words are found in any order, after the hits of the words as typed.
    expect(keys(await find(ctx.admin, 'road   transport'))[0]).toBe(`page:${prefix}`);
    const yellow = await buildPage(db(), { langs: langs('Položka Žltá', 'Item yellow') });
    expect(keys(await find(ctx.admin, 'zlta polozka'))).toEqual([`page:${yellow}`]);
    expect(keys(await find(ctx.admin, 'yellow it'))).toEqual([`page:${yellow}`]);
    expect(keys(await find(ctx.admin, 'zlta modra'))).toEqual([]);
    // One or two characters find the values that start with them, neither a word inside nor anywhere.
    const short = keys(await find(ctx.admin, 'ce'));
    expect(short).toEqual(expect.arrayContaining([`page:${exact}`, `page:${prefix}`]));
    expect(short).not.toContain(`text:${word}`);
    expect(short).not.toContain(`category:${inside}`);
  });

  it('one hit per record, in the request locale when both titles match equally', async () => {
    const page = await buildPage(db(), { langs: langs('Zelený dom', 'Zeleny dom') });
    const hits = (await find(ctx.admin, 'zeleny dom')).filter((h) => h.id === page && h.type === 'page');
    expect(hits).toHaveLength(1);
    expect(hits[0].locale).toBe('en');
  });

  it('finds every kind of record, users by name or e-mail and submissions by name, e-mail or company', async () => {
    const w = 'Quokkaslovo';
    const made = {
      page: await buildPage(db(), { title: `${w} page` }),
      text: await buildText(db(), { title: `${w} text` }),
      category: await buildCategory(db(), { title: `${w} category` }),
      panel: await buildPanel(db(), { title: `${w} panel` }),
      news: await buildArticle(db(), { title: `${w} news` }),
      gallery: await buildGallery(db(), { title: `${w} gallery` }),
      reference: await buildReference(db(), { title: `${w} reference` }),
      partner: await buildPartner(db(), { title: `${w} partner` }),
      user: (await buildUser(db(), { name: 'Ľubomír', surname: w, email: 'lubo@example.com' })).id,
      ...(await buildSubmissions(db(), w)),
    };
    const hits = await find(ctx.admin, w.toLowerCase(), SEARCH.limitMax);
    for (const [type, id] of Object.entries(made)) expect(keys(hits), type).toContain(`${type}:${id}`);
    expect(hits.find((h) => h.type === 'news')?.url).toBe(`/admin/app/news/${made.news}`);
    for (const hit of hits) expect(hit.url).toBe(searchUrl(hit.type, hit.id));
    // A user by the e-mail and by the accent-free first name; a submission by its e-mail and its contact person.
    expect(keys(await find(ctx.admin, 'lubo@example'))).toContain(`user:${made.user}`);
    expect(keys(await find(ctx.admin, 'lubomir'))).toContain(`user:${made.user}`);
    expect(keys(await find(ctx.admin, 'offer@example.com'))).toContain(`price:${made.price}`);
    expect(keys(await find(ctx.admin, 'peter'))).toContain(`registration:${made.registration}`);
    expect(keys(await find(ctx.admin, 'acme'))).toContain(`contact:${made.contact}`);
    const user = hits.find((h) => h.type === 'user');
    expect(user).toMatchObject({ title: `Ľubomír ${w} · lubo@example.com`, locale: null });
    // The seeded mail templates by their titles.
    const [mail] = await find(ctx.admin, 'kontaktny formular');
    expect(mail).toMatchObject({ type: 'mail', title: 'Kontaktný formulár', locale: 'sk' });
  });

  it('a removed record is not found; restored, it is again', async () => {
    const page = await buildPage(db(), { langs: langs('Odstránená stránka', 'Removed page') });
    expect(keys(await find(ctx.admin, 'odstranena'))).toContain(`page:${page}`);
    expect((await ctx.admin.delete(`/api/content/page/${page}`)).statusCode).toBe(200);
    expect(keys(await find(ctx.admin, 'odstranena'))).not.toContain(`page:${page}`);
    expect((await ctx.admin.post(`/api/content/page/${page}/restore`)).statusCode).toBe(200);
    expect(keys(await find(ctx.admin, 'odstranena'))).toContain(`page:${page}`);
  });

  it('takes at most `limit` hits', async () => {
    for (let i = 0; i < 4; i++) await buildPanel(db(), { title: `Limitword ${i}` });
    expect(await find(ctx.admin, 'limitword', 3)).toHaveLength(3);
    expect(await find(ctx.admin, 'limitword')).toHaveLength(4);
  });

  it('a role-2 editor finds only the users whose form they may open: themselves and site members', async () => {
    const word = 'Vydrovsky';
    const admin = await buildUser(db(), { name: 'Admin', surname: word, role_id: ROLES.admin });
    const editor = await buildUser(db(), { name: 'Editor', surname: word, role_id: ROLES.editor });
    const member = await buildUser(db(), { name: 'Member', surname: word, role_id: ROLES.member });
    const me = await buildUser(db(), { name: 'Self', surname: word, role_id: ROLES.editor });
    const agent = new Agent(ctx.server.app);
    await agent.login(me.email, me.plainPassword);
    const all = [admin, editor, member, me];
    const found = new Set(keys(await find(agent, word.toLowerCase())));
    const asUser = { id: me.id, role_id: ROLES.editor, name: me.name } as Parameters<typeof canEditUser>[0];
    for (const user of all) {
      expect(found.has(`user:${user.id}`), user.name).toBe(canEditUser(asUser, user));
      // What the search offers, the user's form opens; what it hides, the form refuses.
      expect((await agent.get(`/api/user/${user.id}`)).statusCode).toBe(found.has(`user:${user.id}`) ? 200 : 403);
    }
    expect(found).toEqual(new Set([`user:${member.id}`, `user:${me.id}`]));
    // The administrator finds all four.
    expect(keys(await find(ctx.admin, word.toLowerCase())).filter((k) => k.startsWith('user:'))).toHaveLength(4);
  });

  it('every part of the search is served by an index (no sequential scan, EXPLAIN with seqscan off)', async () => {
    // Enough pages that reading them all costs more than their indexes (a handful of rows is read either way).
    await db().execute(sql`insert into pages (status) select true from generate_series(1, ${PAGES})`);
    await db().execute(sql`insert into page_langs (page_id, language_code, title, title_url)
      select p.id, l.code, 'Stránka ' || p.id, 'stranka-' || p.id || '-' || l.code
      from pages p cross join (values ('sk'), ('en')) l(code)
      where not exists (select 1 from page_langs x where x.page_id = p.id)`);
    await db().execute(sql`vacuum analyze page_langs`);
    await db().execute(sql`analyze`);
    const admin = { id: 1, role_id: ROLES.admin } as AuthUser;
    const statement = searchStatement(admin, { q: 'cestna', limit: 20 }, 'en');
    if (!statement) throw new Error('no statement');
    const plan = await planOf(db(), new PgDialect().sqlToQuery(statement));
    const short = plan.replace(/'[^']{40,}'::text/g, '…');
    expect(short).not.toMatch(/Seq Scan/);
    // The pages: their prefixes in the folded btree, a word or a part through the folded trigram index.
    for (const index of ['page_langs_title_fold_idx', 'page_langs_title_fold_trgm_idx']) {
      expect(short, short).toContain(index);
    }
    // Several words: the trigram index serves them too.
    const words = searchStatement(admin, { q: 'doprava cestna', limit: 20 }, 'en');
    if (!words) throw new Error('no statement');
    const wordsPlan = await planOf(db(), new PgDialect().sqlToQuery(words));
    expect(wordsPlan).not.toMatch(/Seq Scan/);
    expect(wordsPlan).toContain('page_langs_title_fold_trgm_idx');
  });
});

type Statement = { sql: string; params: unknown[] };

const literal = (v: unknown) =>
  typeof v === 'number' || typeof v === 'boolean' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

/** The plan with sequential scans priced out: a plan that still reads a table end to end has no index for it. */
async function planOf(database: Db, s: Statement): Promise<string> {
  const text = s.sql.replace(/\$(\d+)/g, (_, i: string) => literal(s.params[Number(i) - 1]));
  return database.transaction(async (tx) => {
    await tx.execute(PLANNER_SETTINGS);
    const result = (await tx.execute(sql.raw(`explain ${text}`))) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}
