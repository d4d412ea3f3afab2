import { eq, getTableColumns, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { AuthUser } from '../../http/session.js';
import { keptTables, watchedTables } from '../../resources/kept-pages.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { buildUser } from '../../test/factories.js';
import { listUsers, PRESENCE, type UserListQuery } from './list.js';

// A user's presence (online_at, written once a minute while signed in) is noted apart from the user's other columns
// (migration 0028): a kept users' page lives through it and answers the new value, read again with its check
// (resources/live-columns.ts); a page ordered by it is retired by it; any other write to a user retires every page.

const ctx = useSignedInServer();

/** A write the triggers do not see: only a kept page can hide it, so its showing tells a page was read again. */
const unnoticed = (db: Db, statement: ReturnType<typeof sql>) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

describe('presence on kept users pages', () => {
  let db: Db;
  let viewer: AuthUser;
  let member: number;
  /** The list as a process that kept nothing answers it. */
  const fresh = () => Object.create(db) as Db;
  const rowOf = (answer: Awaited<ReturnType<typeof listUsers>>) => answer.data.find((r) => r.id === member);
  beforeAll(async () => {
    db = ctx.server.ctx.db;
    for (let i = 1; i <= 4; i++) await buildUser(db, { name: `Present${i}`, surname: 'Person' });
    member = (await buildUser(db, { name: 'Present0', surname: 'Person' })).id;
    const [admin] = await db.select().from(users).where(eq(users.role_id, 1)).limit(1);
    if (!admin) throw new Error('no administrator');
    viewer = { ...admin, sessionId: 'test' };
  });
  const at = (iso: string) => sql`${iso}::timestamptz`;

  it('a kept page answers a presence write without being read again', async () => {
    const query = { page: 1, per_page: 50, search: 'present' } as UserListQuery;
    await listUsers(db, query, 'en', viewer);
    await unnoticed(db, sql`update users set surname = 'Unnoticed' where id = ${member}`);
    await db
      .update(users)
      .set({ online_at: new Date('2026-11-28T08:00:00.123Z') })
      .where(eq(users.id, member));
    const kept = await listUsers(db, query, 'en', viewer);
    expect(rowOf(kept)?.online_at).toBe('2026-11-28T08:00:00.123Z');
    // Still the kept page: the write no trigger saw does not show.
    expect(rowOf(kept)?.surname).toBe('Person');
    expect(rowOf(await listUsers(fresh(), query, 'en', viewer))?.surname).toBe('Unnoticed');
    // A second presence write, to null, and the page asked for again without one: each answers what is stored.
    await db.execute(sql`update users set online_at = null where id = ${member}`);
    expect(rowOf(await listUsers(db, query, 'en', viewer))?.online_at).toBeNull();
    expect(rowOf(await listUsers(db, query, 'en', viewer))?.online_at).toBeNull();
    await db.execute(sql`update users set surname = 'Person' where id = ${member}`);
  });

  it("over HTTP, the session's own presence write leaves the list kept and shows in it", async () => {
    const url = '/api/user/?page=1&per_page=50&search=present&sort=email&order=asc';
    expect((await ctx.admin.get(url)).statusCode).toBe(200);
    await unnoticed(db, sql`update users set surname = 'Unnoticed' where id = ${member}`);
    // The administrator's session was last seen two minutes ago: the next request writes their presence.
    const [admin] = await db.select().from(users).where(eq(users.role_id, 1)).limit(1);
    await db.execute(sql`update sessions set last_seen_at = now() - interval '2 minutes'`);
    await db.execute(
      sql`update users set online_at = now() - interval '2 minutes', name = 'Present9' where id = ${admin?.id}`,
    );
    const read = (await ctx.admin.get(url)).json() as { data: { id: number; online_at: string | null }[] };
    expect(read.data.find((r) => r.id === admin?.id)?.online_at).not.toBeNull();
    const before = read.data.find((r) => r.id === admin?.id)?.online_at as string;
    await db.execute(sql`update sessions set last_seen_at = now() - interval '2 minutes'`);
    await db.execute(sql`update users set online_at = now() - interval '2 minutes' where id = ${admin?.id}`);
    await unnoticed(db, sql`update users set surname = 'Unnoticed again' where id = ${member}`);
    type Answer = { data: { id: number; surname: string; online_at: string }[] };
    // This request's session hook writes presence; its page's check was sent as it arrived, beside the look-up.
    expect((await ctx.admin.get(url)).statusCode).toBe(200);
    const kept = (await ctx.admin.get(url)).json() as Answer;
    const [stored] = await db
      .select({ at: users.online_at })
      .from(users)
      .where(eq(users.id, admin?.id as number));
    // The next answer holds the presence written, and is still the kept page: the write no trigger saw after the
    // page was read stays hidden.
    expect(kept.data.find((r) => r.id === admin?.id)?.online_at).toBe(stored?.at?.toISOString());
    expect(kept.data.find((r) => r.id === admin?.id)?.online_at).not.toBe(before);
    expect(kept.data.find((r) => r.id === member)?.surname).toBe('Unnoticed');
    await db.execute(sql`update users set surname = 'Person' where id = ${member}`);
  });

  it('a write of presence and another column retires the page', async () => {
    const query = { page: 1, per_page: 50, search: 'present', sort: 'email' } as UserListQuery;
    await listUsers(db, query, 'en', viewer);
    await unnoticed(db, sql`update users set surname = 'Unnoticed' where id = ${member}`);
    await db.execute(
      sql`update users set online_at = ${at('2026-11-28T09:00:00Z')}, status = status where id = ${member}`,
    );
    const answer = await listUsers(db, query, 'en', viewer);
    expect(rowOf(answer)?.surname).toBe('Unnoticed');
    expect(answer).toEqual(await listUsers(fresh(), query, 'en', viewer));
    await db.execute(sql`update users set surname = 'Person' where id = ${member}`);
  });

  it('a page ordered by presence is retired by a presence write', async () => {
    const query = { page: 1, per_page: 3, search: 'present', sort: 'online_at', order: 'desc' } as UserListQuery;
    await listUsers(db, query, 'en', viewer);
    await unnoticed(db, sql`update users set surname = 'Unnoticed' where id = ${member}`);
    await db.execute(sql`update users set online_at = ${at('2030-01-01T00:00:00Z')} where id = ${member}`);
    const answer = await listUsers(db, query, 'en', viewer);
    expect(answer.data[0]?.id).toBe(member);
    expect(answer.data[0]?.surname).toBe('Unnoticed');
    expect(answer).toEqual(await listUsers(fresh(), query, 'en', viewer));
    await db.execute(sql`update users set surname = 'Person' where id = ${member}`);
  });

  it('the trigger of the other columns names every column of users but online_at', async () => {
    const { rows } = (await db.execute(sql`select a.attname as name from pg_trigger t
      join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])
      where t.tgname = 'users_update_list_change'`)) as unknown as { rows: { name: string }[] };
    const columns = Object.values(getTableColumns(users)).map((c) => c.name);
    expect(rows.map((r) => r.name).sort()).toEqual(columns.filter((c) => c !== 'online_at').sort());
  });

  it('a statement naming presence is kept for its writes too, unless it keeps presence live', async () => {
    expect(await watchedTables(db)).toContain('users.online_at');
    const text = 'select "users"."id", "users"."online_at" from "users"';
    expect(await keptTables(db, text)).toEqual(['users', 'users.online_at']);
    expect(await keptTables(db, text, PRESENCE)).toEqual(['users']);
    expect(await keptTables(db, 'select "users"."id" from "users"')).toEqual(['users']);
    // Under an alias too.
    expect(await keptTables(db, 'select "u"."online_at" from "users" "u"')).toEqual(['users', 'users.online_at']);
  });
});
