import { type Locale, USER_SORTS } from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { AuthUser } from '../../http/session.js';
import { mulberry32 } from '../../seed/random.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { buildUser } from '../../test/factories.js';
import { pick } from '../../test/random.js';
import { listSubmissions } from '../forms/service.js';
import { listUsers, type UserListQuery } from './list.js';

// The users' and the submissions' lists keep their statements per shape (resources/kept.ts): a kept statement must
// answer what one built for the request alone answers, whatever shapes came before it. Their pages are kept until a
// write too (resources/kept-pages.ts).

const ctx = useSignedInServer();

describe('user and submission list statements kept per shape', () => {
  let db: Db;
  let viewer: AuthUser;
  /** The list as a server that kept no statement yet answers it: the same database under a new identity. */
  const fresh = () => Object.create(db) as Db;
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

  it('the user list answers alike from kept and from fresh statements (a seeded sample of 80)', async () => {
    const random = mulberry32(23);
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
      expect(await listUsers(db, query, lang, viewer), JSON.stringify({ lang, query })).toEqual(
        await listUsers(fresh(), query, lang, viewer),
      );
    }
  });

  it('each submission list answers alike from kept and from fresh statements (a seeded sample of 60)', async () => {
    const random = mulberry32(29);
    for (let n = 0; n < 60; n++) {
      const kind = pick(random, ['contact', 'price', 'registration'] as const);
      const query = {
        page: pick(random, [1, 1, 2, 3]),
        per_page: pick(random, [3, 5]),
        sort: pick(random, ['created_at', 'name', 'email', 'id', undefined]),
        order: pick(random, ['asc', 'desc', undefined] as const),
        search: pick(random, [undefined, 'zebra', 'firm 2', 'sender1']),
      } as Parameters<typeof listSubmissions>[2];
      const answer = await listSubmissions(db, kind, query);
      expect(answer, JSON.stringify({ kind, query })).toEqual(await listSubmissions(fresh(), kind, query));
    }
    // A search kept for one kind runs on its own table: each kind answers its own rows.
    for (const [kind, table] of [
      ['contact', 'form_contacts'],
      ['price', 'form_prices'],
      ['registration', 'form_registrations'],
    ] as const) {
      const answer = await listSubmissions(db, kind, { page: 1, per_page: 50, search: 'zebra' } as never);
      const { rows } = (await db.execute(
        sql.raw(
          `select id from ${table} where deleted_at is null and name ilike '%zebra%' order by created_at desc, id desc`,
        ),
      )) as unknown as { rows: { id: number }[] };
      expect(answer.data.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    }
  });

  it("a kept page is retired by a write to a table it reads: a role's title, a new submission", async () => {
    const query = { page: 1, per_page: 50, sort: 'role' } as UserListQuery;
    const before = await listUsers(db, query, 'en', viewer);
    expect(await listUsers(db, query, 'en', viewer)).toEqual(before);
    await db.execute(
      sql`update role_langs set title = title || ' (renamed)' where language_code = 'en' and role_id = 2`,
    );
    const after = await listUsers(db, query, 'en', viewer);
    expect(after).toEqual(await listUsers(fresh(), query, 'en', viewer));
    expect(after.data.some((r) => r.role_title.endsWith('(renamed)'))).toBe(true);
    const newest = { page: 1, per_page: 5 } as Parameters<typeof listSubmissions>[2];
    const kept = await listSubmissions(db, 'contact', newest);
    expect(await listSubmissions(db, 'contact', newest)).toEqual(kept);
    await db.execute(
      sql`insert into form_contacts (name, email, company) values ('Newest', 'newest@example.com', 'Firm')`,
    );
    expect((await listSubmissions(db, 'contact', newest)).data[0]?.name).toBe('Newest');
  });
});
