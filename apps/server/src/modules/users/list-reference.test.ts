import { type Locale, USER_SORTS } from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { AuthUser } from '../../http/session.js';
import { mulberry32 } from '../../seed/random.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { type CursoredPage, expectCursorWalk } from '../../test/cursor-walk.js';
import { buildUser } from '../../test/factories.js';
import { pick } from '../../test/random.js';
import { listSubmissions } from '../forms/service.js';
import { listUsers, type UserListQuery } from './list.js';

// The users' and the submissions' lists answer what one plain statement with OFFSET gives for the same filters and
// order (resources/list.ts finds a page's ids first), in a seeded sample of requests, and any write shows at once.

const ctx = useSignedInServer();

describe('user and submission lists against plain SQL', () => {
  let db: Db;
  let viewer: AuthUser;
  const ids = async (text: string) =>
    ((await db.execute(sql.raw(text))) as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  beforeAll(async () => {
    db = ctx.server.ctx.db;
    for (let i = 1; i <= 18; i++) {
      await buildUser(db, {
        name: `Name${i}${i % 3 === 0 ? ' zebra' : ''}`,
        surname: `Surname${i % 4}`,
        role_id: (i % 3) + 1,
        status: i % 5 !== 0,
      });
    }
    await db.execute(sql`update users set deleted_at = now() where id % 7 = 0 and role_id <> 1`);
    const [admin] = await db.select().from(users).where(eq(users.role_id, 1)).limit(1);
    if (!admin) throw new Error('no administrator');
    viewer = { ...admin, sessionId: 'test' };
    // A different number of submissions of each kind, so that one kind's rows are never another's.
    for (const [kind, rows] of [
      ['contacts', 17],
      ['prices', 13],
      ['registrations', 10],
    ] as const) {
      await db.execute(
        sql.raw(`insert into form_${kind} (name, email, ${kind === 'contacts' ? 'company' : 'contact'})
        select 'Sender ' || g || case when g % 3 = 0 then ' zebra' else '' end, 'sender' || g || '@example.com',
          'Firm ' || g % 4 from generate_series(1, ${rows}) g`),
      );
      await db.execute(sql.raw(`update form_${kind} set deleted_at = now() where id % 6 = 0`));
    }
  });

  it('the user list pages as plain SQL does (a seeded sample of 80)', async () => {
    const random = mulberry32(23);
    const orders: Record<string, string> = {
      fullname: 'u.name {o}, u.surname {o}',
      email: 'lower(u.email) {o}',
      status: 'u.status {o}',
      online_at: 'u.online_at {n}',
      role: 'r.title {o}',
      id: '',
    };
    for (let n = 0; n < 80; n++) {
      const lang = pick<Locale>(random, ['sk', 'en']);
      const query = {
        page: pick(random, [1, 1, 2, 3]),
        per_page: pick(random, [3, 5]),
        sort: pick(random, [...USER_SORTS, undefined]),
        order: pick(random, ['asc', 'desc', undefined] as const),
        status: pick(random, [undefined, true, false]),
        role_id: pick(random, [undefined, undefined, 1, 2, 3]),
        trashed: pick(random, [undefined, 'only', 'with'] as const),
        search: pick(random, [undefined, undefined, 'zebra', 'surname1']),
      } as UserListQuery;
      const sort = query.sort ?? 'fullname';
      const o = query.sort ? (query.order ?? 'asc') : 'asc';
      const order = (orders[sort] ?? '')
        .replaceAll('{o}', o)
        .replace('{n}', o === 'asc' ? 'asc nulls first' : 'desc nulls last');
      const where = [
        query.trashed === 'only'
          ? 'u.deleted_at is not null'
          : query.trashed === 'with'
            ? 'true'
            : 'u.deleted_at is null',
        query.status === undefined ? 'true' : `u.status = ${query.status}`,
        query.role_id === undefined ? 'true' : `u.role_id = ${query.role_id}`,
        query.search
          ? `(u.email ilike '%${query.search}%' or u.name || ' ' || u.surname ilike '%${query.search}%')`
          : 'true',
      ].join(' and ');
      const expected = await ids(`select u.id from users u
        left join role_langs r on r.role_id = u.role_id and r.language_code = '${lang}' where ${where}
        order by ${order ? `${order}, ` : ''}u.id ${o} limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`);
      const answer = await listUsers(db, query, lang, viewer);
      expect(
        answer.data.map((r) => r.id),
        JSON.stringify({ lang, query }),
      ).toEqual(expected);
      const [total] = await ids(`select count(*)::int as id from users u where ${where}`);
      expect(answer.meta.total).toBe(total);
    }
  });

  it('each submission list pages as plain SQL does (a seeded sample of 60)', async () => {
    const random = mulberry32(29);
    const tables = { contact: 'form_contacts', price: 'form_prices', registration: 'form_registrations' } as const;
    for (let n = 0; n < 60; n++) {
      const kind = pick(random, ['contact', 'price', 'registration'] as const);
      const query = {
        page: pick(random, [1, 1, 2, 3]),
        per_page: pick(random, [3, 5]),
        sort: pick(random, ['created_at', 'name', 'email', 'id', undefined]),
        order: pick(random, ['asc', 'desc', undefined] as const),
        search: pick(random, [undefined, 'zebra', 'firm 2', 'sender1']),
      } as Parameters<typeof listSubmissions>[2];
      const [sort, o] = query.sort ? [query.sort, query.order ?? 'asc'] : ['created_at', 'desc'];
      const company = kind === 'contact' ? 'company' : 'contact';
      const search = query.search
        ? `and (name ilike '%${query.search}%' or email ilike '%${query.search}%' or ${company} ilike '%${query.search}%')`
        : '';
      const expected = await ids(`select id from ${tables[kind]} where deleted_at is null ${search}
        order by ${sort} ${o}, id ${o} limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`);
      const answer = await listSubmissions(db, kind, query);
      expect(
        answer.data.map((r) => r.id),
        JSON.stringify({ kind, query }),
      ).toEqual(expected);
    }
  });

  it('next and previous step by cursors where the sort is one column: submissions by date (tied), name, id; users by status, id', async () => {
    const at = (path: string) => async (query: string) =>
      (await ctx.admin.get(`${path}?${query}`)).json() as CursoredPage;
    // The contacts were inserted by one statement: they share one created_at, and only the id orders them.
    for (const sort of [
      'sort=created_at&order=desc',
      'sort=created_at&order=asc',
      'sort=name&order=asc',
      'order=desc&sort=id',
    ])
      await expectCursorWalk(at('/api/form/contact/'), `${sort}&per_page=3`, 4);
    for (const sort of ['sort=status&order=desc', 'sort=status&order=asc', 'sort=id&order=asc'])
      await expectCursorWalk(at('/api/user/'), `${sort}&per_page=3`, 4);
    // The names, the e-mail, the last visit and the role go by number alone.
    for (const sort of ['fullname', 'email', 'online_at', 'role'])
      expect((await at('/api/user/')(`sort=${sort}&per_page=3&page=1`)).meta.cursors, sort).toBeUndefined();
  });

  it("a write shows in the next page at once: a role's title, a new submission", async () => {
    const query = { page: 1, per_page: 50, sort: 'role' } as UserListQuery;
    await db.execute(
      sql`update role_langs set title = title || ' (renamed)' where language_code = 'en' and role_id = 2`,
    );
    const after = await listUsers(db, query, 'en', viewer);
    expect(after.data.some((r) => r.role_title.endsWith('(renamed)'))).toBe(true);
    const newest = { page: 1, per_page: 5 } as Parameters<typeof listSubmissions>[2];
    await db.execute(
      sql`insert into form_contacts (name, email, company) values ('Newest', 'newest@example.com', 'Firm')`,
    );
    expect((await listSubmissions(db, 'contact', newest)).data[0]?.name).toBe('Newest');
  });
});
