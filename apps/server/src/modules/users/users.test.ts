import { ROLES } from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import { expectRefused, idsOf, useSignedInServer } from '../../test/content-cases.js';
import { buildUser } from '../../test/factories.js';
import { Agent } from '../../test/harness.js';
import { userCases, userInput } from '../../test/user-cases.js';
import { OWNER_ID } from './policy.js';

const BASE = '/api/user';
const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;

const { editBody, signedIn } = userCases(ctx);

const expectNoPassword = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/password|scrypt/i);

describe('users: access', () => {
  it('unauthenticated → 401 on every route', async () => {
    const anon = new Agent(ctx.server.app);
    await anon.get('/sanctum/csrf-cookie');
    for (const res of [
      await anon.get(`${BASE}/`),
      await anon.get(`${BASE}/1`),
      await anon.post(`${BASE}/`, userInput()),
      await anon.post(`${BASE}/2`, userInput()),
      await anon.delete(`${BASE}/2`),
      await anon.post(`${BASE}/2/restore`),
      await anon.post(`${BASE}/array/block`, { rows: [2] }),
      await anon.post(`${BASE}/validate/email`, { value: 'a@b.c' }),
      await anon.get('/api/role'),
      await anon.get('/api/country'),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('missing CSRF → 419', async () => {
    expect((await ctx.admin.post(`${BASE}/`, userInput(), { csrf: false })).statusCode).toBe(419);
  });

  it('the list answers abilities: create only for role 1; rows say who may be edited and removed', async () => {
    const member = await buildUser(db(), { role_id: ROLES.member, name: 'Row', surname: 'Member' });
    const other = await buildUser(db(), { role_id: ROLES.editor, name: 'Row', surname: 'Editor' });
    const admin = (await ctx.admin.get(`${BASE}/?search=Row&per_page=100`)).json();
    expect(admin.abilities).toEqual({ create: true, update: true, destroy: true, restore: true });
    const editor = (await ctx.editor.get(`${BASE}/?search=Row&per_page=100`)).json();
    expect(editor.abilities).toEqual({ create: false, update: true, destroy: false, restore: false });
    const rowOf = (body: { data: { id: number }[] }, id: number) => body.data.find((r) => r.id === id);
    expect(rowOf(editor, member.id)).toMatchObject({ abilities: { update: true, destroy: false } });
    expect(rowOf(editor, other.id)).toMatchObject({ abilities: { update: false, destroy: false } });
    expect(rowOf(admin, other.id)).toMatchObject({ abilities: { update: true, destroy: true } });
    const owner = (await ctx.admin.get(`${BASE}/?search=admin@example.com`)).json().data[0];
    expect(owner).toMatchObject({ id: OWNER_ID, abilities: { update: true, destroy: false } });
  });
});

describe('users: role 1', () => {
  it('creates a user with every field, never answers the password, logs it and mails user_created', async () => {
    const before = (await ctx.admin.get('/api/stats/totals')).json().data.User;
    const country = (await ctx.admin.get('/api/country')).json().data[0].id;
    const mails = ctx.server.mails.length;
    const input = userInput({ country_id: country, billing_name: 'Firma s.r.o.', shipping_city: 'Žilina' });
    const res = await ctx.admin.post(`${BASE}/`, input);
    expect(res.statusCode).toBe(201);
    expectNoPassword(res.json());
    const { id } = res.json().data;
    const record = (await ctx.admin.get(`${BASE}/${id}`)).json();
    expectNoPassword(record);
    expect(record.data).toMatchObject({
      id,
      role_id: 2,
      status: true,
      name: 'Jana',
      email: input.email,
      title_url: input.title_url,
      sex: 2,
      country_id: country,
      billing_name: 'Firma s.r.o.',
      shipping_city: 'Žilina',
      verified_at: null,
      deleted_at: null,
    });
    const [log] = (await ctx.admin.get('/api/user/logs/1')).json().data;
    expect(log).toMatchObject({ model: 'User', route: 'user', row_id: id, action: 'store' });
    expect((await ctx.admin.get('/api/stats/totals')).json().data.User).toBe(before + 1);
    // The new user signs in with the password that was set.
    const agent = new Agent(ctx.server.app);
    expect((await agent.login(input.email, 'secret')).id).toBe(id);
    const mail = ctx.server.mails.slice(mails).find((m) => m.to === input.email);
    expect(mail?.text).toContain('Jana');
    expect(mail?.text).toContain('http://backoffice.test/admin/login');
  });

  it('validation → 422 with the spec keys and nothing written', async () => {
    await expectRefused(
      ctx.admin,
      BASE,
      {
        ...userInput(),
        role_id: '',
        name: 'J',
        surname: '',
        email: 'not-an-email',
        password: 'abc',
        password_2: 'abd',
      },
      {
        role_id: ['errors.requiredOption'],
        name: ['errors.min2'],
        surname: ['errors.min2'],
        email: ['errors.email'],
        password: ['errors.min5'],
        password_2: ['errors.passwordEqual'],
      },
    );
    await expectRefused(
      ctx.admin,
      BASE,
      { ...userInput(), password: '', password_2: '' },
      {
        password: ['errors.min5'],
      },
    );
  });

  it('a taken title_url or e-mail → 422 nameUrlUnique / emailUnique (case-insensitive), nothing written', async () => {
    const first = userInput();
    expect((await ctx.admin.post(`${BASE}/`, first)).statusCode).toBe(201);
    await expectRefused(
      ctx.admin,
      BASE,
      { ...userInput(), title_url: first.title_url, email: first.email.toUpperCase() },
      { title_url: ['errors.nameUrlUnique'], email: ['errors.emailUnique'] },
    );
  });

  it('validate/title_url and validate/email answer true when free, false when taken, ignoring the own id', async () => {
    const input = userInput();
    const { id } = (await ctx.admin.post(`${BASE}/`, input)).json().data;
    const ask = async (field: string, body: Record<string, unknown>) =>
      (await ctx.editor.post(`${BASE}/validate/${field}`, body)).json();
    expect(await ask('title_url', { value: input.title_url })).toBe(false);
    expect(await ask('title_url', { value: input.title_url, id })).toBe(true);
    expect(await ask('title_url', { value: 'nobody-has-this' })).toBe(true);
    expect(await ask('email', { value: input.email })).toBe(false);
    expect(await ask('email', { value: input.email.toUpperCase(), id: String(id) })).toBe(true);
    expect(await ask('email', { value: 'free@example.com' })).toBe(true);
    const get = await ctx.editor.get(`${BASE}/validate/email?value=${encodeURIComponent(input.email)}`);
    expect(get.json()).toBe(false);
  });

  it('updates without a password keeps it; with one it checks min5 and passwordEqual', async () => {
    const { user, agent } = await signedIn();
    const body = await editBody(user.id, { city: 'Košice' });
    const res = await ctx.admin.post(`${BASE}/${user.id}`, body);
    expect(res.statusCode).toBe(200);
    expectNoPassword(res.json());
    expect(res.json().data.city).toBe('Košice');
    expect((await agent.get('/api/user/me')).statusCode).toBe(200);
    const bad = await ctx.admin.post(`${BASE}/${user.id}`, { ...body, password: 'abc', password_2: 'abcd' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ password: ['errors.min5'], password_2: ['errors.passwordEqual'] });
  });

  it('a stale update → 409; unknown → 404; malformed id → 404', async () => {
    const { user } = await signedIn();
    const body = await editBody(user.id);
    expect((await ctx.admin.post(`${BASE}/${user.id}`, { ...body, city: 'A' })).statusCode).toBe(200);
    expect((await ctx.admin.post(`${BASE}/${user.id}`, { ...body, city: 'B' })).statusCode).toBe(409);
    expect((await ctx.admin.get(`${BASE}/999999`)).statusCode).toBe(404);
    expect((await ctx.admin.get(`${BASE}/abc`)).statusCode).toBe(404);
  });

  it('removes softly and restores; both logged; the removed user is signed out', async () => {
    const { user, agent } = await signedIn();
    expect((await ctx.admin.delete(`${BASE}/${user.id}`)).statusCode).toBe(200);
    expect((await agent.get('/api/user/me')).statusCode).toBe(401);
    expect((await ctx.admin.get(`${BASE}/${user.id}`)).json().data.deleted_at).not.toBeNull();
    expect(idsOf(await ctx.admin.get(`${BASE}/?per_page=100&search=${user.email}`))).toEqual([]);
    expect(idsOf(await ctx.admin.get(`${BASE}/?trashed=only&search=${user.email}`))).toEqual([user.id]);
    const restored = await ctx.admin.post(`${BASE}/${user.id}/restore`);
    expect(restored.json().data).toMatchObject({ id: user.id, deleted_at: null });
    const log = (await ctx.admin.get('/api/user/logs/1')).json().data.slice(0, 2);
    expect(log.map((l: { action: string }) => l.action)).toEqual(['restore', 'destroy']);
    expect((await ctx.admin.delete(`${BASE}/999999`)).statusCode).toBe(404);
  });

  it('nobody deletes or blocks themselves or the owner (id 1) → 403', async () => {
    const other = await signedIn(ROLES.admin);
    expect((await ctx.admin.delete(`${BASE}/${OWNER_ID}`)).statusCode).toBe(403);
    expect((await other.agent.delete(`${BASE}/${OWNER_ID}`)).statusCode).toBe(403);
    expect((await other.agent.delete(`${BASE}/${other.user.id}`)).statusCode).toBe(403);
    const owner = await editBody(OWNER_ID);
    expect((await other.agent.post(`${BASE}/${OWNER_ID}`, { ...owner, status: false })).statusCode).toBe(403);
    expect((await other.agent.post(`${BASE}/${OWNER_ID}`, { ...owner, role_id: 2 })).statusCode).toBe(403);
    expect((await ctx.admin.post(`${BASE}/${OWNER_ID}`, { ...owner, status: false })).statusCode).toBe(403);
    const self = await editBody(other.user.id);
    expect((await other.agent.post(`${BASE}/${other.user.id}`, { ...self, status: false })).statusCode).toBe(403);
    expect((await other.agent.post(`${BASE}/${other.user.id}`, { ...self, role_id: 2 })).statusCode).toBe(403);
    for (const action of ['block', 'destroy']) {
      expect((await other.agent.post(`${BASE}/array/${action}`, { rows: [OWNER_ID] })).statusCode).toBe(403);
      expect((await other.agent.post(`${BASE}/array/${action}`, { rows: [other.user.id] })).statusCode).toBe(403);
    }
    const [owner1] = await db().select().from(users).where(eq(users.id, OWNER_ID));
    expect(owner1).toMatchObject({ status: true, role_id: 1, deleted_at: null });
    expect((await other.agent.get('/api/user/me')).statusCode).toBe(200);
  });
});

describe('users: sessions end at once', () => {
  it('blocking a user → their next request is 401, and they cannot sign in again', async () => {
    const { user, agent } = await signedIn();
    expect((await agent.get('/api/user/me')).statusCode).toBe(200);
    const res = await ctx.admin.post(`${BASE}/${user.id}`, await editBody(user.id, { status: false }));
    expect(res.statusCode).toBe(200);
    expect((await agent.get('/api/content/text/')).statusCode).toBe(401);
    const again = new Agent(ctx.server.app);
    await again.get('/sanctum/csrf-cookie');
    expect((await again.post('/api/login', { email: user.email, password: user.plainPassword })).statusCode).toBe(422);
  });

  it('a role change → 401 for that user', async () => {
    const { user, agent } = await signedIn(ROLES.admin);
    await ctx.admin.post(`${BASE}/${user.id}`, await editBody(user.id, { role_id: ROLES.editor }));
    expect((await agent.get('/api/user/me')).statusCode).toBe(401);
  });

  it("a password change by an administrator → 401 for that user; one's own change keeps one's session", async () => {
    const { user, agent } = await signedIn();
    await ctx.admin.post(
      `${BASE}/${user.id}`,
      await editBody(user.id, { password: 'new-secret', password_2: 'new-secret' }),
    );
    expect((await agent.get('/api/user/me')).statusCode).toBe(401);

    const self = await signedIn();
    const second = new Agent(ctx.server.app);
    await second.login(self.user.email, self.user.plainPassword);
    const saved = await self.agent.post(
      `${BASE}/${self.user.id}`,
      await editBody(self.user.id, { password: 'changed', password_2: 'changed' }),
    );
    expect(saved.statusCode).toBe(200);
    expect((await self.agent.get('/api/user/me')).statusCode).toBe(200);
    expect((await second.get('/api/user/me')).statusCode).toBe(401);
  });

  it('a blocked user whose session row somehow survived still gets 401 (the session lookup checks status)', async () => {
    const { user, agent } = await signedIn();
    await db().update(users).set({ status: false }).where(eq(users.id, user.id));
    expect((await agent.get('/api/user/me')).statusCode).toBe(401);
  });
});

describe('users: role 2', () => {
  it('edits itself (not its role or status) and role-3 rows; gets 403 on another role-2 or a role-1 row', async () => {
    const me = await signedIn();
    const member = await buildUser(db(), { role_id: ROLES.member });
    const peer = await buildUser(db(), { role_id: ROLES.editor });

    const own = await me.agent.get(`${BASE}/${me.user.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().abilities).toMatchObject({ update: true, destroy: false, create: false });
    const ownBody = await editBody(me.user.id, { phone: '123' });
    expect((await me.agent.post(`${BASE}/${me.user.id}`, ownBody)).statusCode).toBe(200);
    expect((await me.agent.post(`${BASE}/${me.user.id}`, await editBody(me.user.id, { role_id: 1 }))).statusCode).toBe(
      403,
    );
    expect(
      (await me.agent.post(`${BASE}/${me.user.id}`, await editBody(me.user.id, { status: false }))).statusCode,
    ).toBe(403);

    expect((await me.agent.get(`${BASE}/${member.id}`)).statusCode).toBe(200);
    const memberBody = await editBody(member.id, { city: 'Nitra' });
    expect((await me.agent.post(`${BASE}/${member.id}`, memberBody)).statusCode).toBe(200);
    const promote = await editBody(member.id, { role_id: ROLES.editor });
    expect((await me.agent.post(`${BASE}/${member.id}`, promote)).statusCode).toBe(403);
    const block = await editBody(member.id, { status: false });
    expect((await me.agent.post(`${BASE}/${member.id}`, block)).statusCode).toBe(403);

    expect((await me.agent.get(`${BASE}/${peer.id}`)).statusCode).toBe(403);
    expect((await me.agent.post(`${BASE}/${peer.id}`, await editBody(peer.id))).statusCode).toBe(403);
    expect((await me.agent.post(`${BASE}/${OWNER_ID}`, await editBody(OWNER_ID))).statusCode).toBe(403);

    const [stored] = await db().select().from(users).where(eq(users.id, member.id));
    expect(stored).toMatchObject({ role_id: ROLES.member, status: true, city: 'Nitra' });
  });

  it('cannot create, delete, restore or use the bulk actions (403), nothing changes', async () => {
    const target = await buildUser(db(), { role_id: ROLES.member });
    const before = (await ctx.admin.get(`${BASE}/?per_page=1`)).json().meta.total;
    expect((await ctx.editor.post(`${BASE}/`, userInput())).statusCode).toBe(403);
    expect((await ctx.editor.delete(`${BASE}/${target.id}`)).statusCode).toBe(403);
    expect((await ctx.editor.post(`${BASE}/${target.id}/restore`)).statusCode).toBe(403);
    for (const action of ['activate', 'block', 'destroy']) {
      expect((await ctx.editor.post(`${BASE}/array/${action}`, { rows: [target.id] })).statusCode).toBe(403);
    }
    expect((await ctx.admin.get(`${BASE}/?per_page=1`)).json().meta.total).toBe(before);
    const [stored] = await db().select().from(users).where(eq(users.id, target.id));
    expect(stored).toMatchObject({ status: true, deleted_at: null });
  });
});

describe('users: bulk', () => {
  it('activate, block and destroy answer the count changed; block and destroy end sessions; all logged', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const rows = [a.user.id, b.user.id];
    const blocked = await ctx.admin.post(`${BASE}/array/block`, { rows });
    expect(blocked.json()).toEqual({ message: 'Blocked: 2.', count: 2 });
    expect((await a.agent.get('/api/user/me')).statusCode).toBe(401);
    expect((await b.agent.get('/api/user/me')).statusCode).toBe(401);
    expect((await ctx.admin.post(`${BASE}/array/block`, { rows })).json().count).toBe(0);
    expect((await ctx.admin.post(`${BASE}/array/activate`, { rows })).json()).toEqual({
      message: 'Activated: 2.',
      count: 2,
    });
    const log = (await ctx.admin.get('/api/user/logs/1')).json().data.slice(0, 4);
    expect(log.map((l: { action: string }) => l.action)).toEqual(['activate', 'activate', 'block', 'block']);
    const c = await signedIn();
    expect((await ctx.admin.post(`${BASE}/array/destroy`, { rows: [c.user.id] })).json().count).toBe(1);
    expect((await c.agent.get('/api/user/me')).statusCode).toBe(401);
  });

  it('one refused row (the owner, oneself) refuses the whole request and changes nothing', async () => {
    const { user } = await signedIn();
    expect((await ctx.admin.post(`${BASE}/array/block`, { rows: [user.id, OWNER_ID] })).statusCode).toBe(403);
    const [stored] = await db().select().from(users).where(eq(users.id, user.id));
    expect(stored?.status).toBe(true);
  });

  it('an unknown action → 404, empty rows → 422', async () => {
    expect((await ctx.admin.post(`${BASE}/array/publish`, { rows: [2] })).statusCode).toBe(404);
    expect((await ctx.admin.post(`${BASE}/array/block`, { rows: [] })).statusCode).toBe(422);
  });
});

describe('users: list', () => {
  it('defaults to the full name ascending; searches name, surname, full name and e-mail; filters role and status', async () => {
    const made = [
      await buildUser(db(), { name: 'Zuzana', surname: 'Lst', role_id: ROLES.member }),
      await buildUser(db(), { name: 'Adam', surname: 'Lst', role_id: ROLES.editor, status: false }),
      await buildUser(db(), { name: 'Milan', surname: 'Lst', role_id: ROLES.editor }),
    ];
    const [zuzana, adam, milan] = made.map((u) => u.id);
    const res = await ctx.admin.get(`${BASE}/?search=Lst`);
    expect(idsOf(res)).toEqual([adam, milan, zuzana]);
    expect(res.json().data[0]).toMatchObject({
      fullname: 'Adam Lst',
      role_id: 2,
      role_title: 'Editor',
      status: false,
      verified_at: expect.any(String),
      online_at: null,
    });
    expectNoPassword(res.json());
    expect(idsOf(await ctx.admin.get(`${BASE}/?search=Lst&sort=fullname&order=desc`))).toEqual([zuzana, milan, adam]);
    expect(idsOf(await ctx.admin.get(`${BASE}/?search=Milan%20Lst`))).toEqual([milan]);
    expect(idsOf(await ctx.admin.get(`${BASE}/?search=${made[0]?.email}`))).toEqual([zuzana]);
    expect(idsOf(await ctx.admin.get(`${BASE}/?search=Lst&role_id=3`))).toEqual([zuzana]);
    expect(idsOf(await ctx.admin.get(`${BASE}/?search=Lst&status=0`))).toEqual([adam]);
    expect(idsOf(await ctx.admin.get(`${BASE}/?search=Lst&sort=role&order=asc`))[2]).toBe(zuzana);
    expect(idsOf(await ctx.admin.get(`${BASE}/?search=Lst&sort=bogus`))).toEqual([adam, milan, zuzana]);
    // Later pages (found by their keys first) hold what follows the first page, in the role's order too.
    expect(idsOf(await ctx.admin.get(`${BASE}/?search=Lst&per_page=1&page=2`))).toEqual([milan]);
    expect(idsOf(await ctx.admin.get(`${BASE}/?search=Lst&per_page=2&page=2&sort=fullname&order=desc`))).toEqual([
      adam,
    ]);
    const byRole = idsOf(await ctx.admin.get(`${BASE}/?search=Lst&sort=role&order=asc`));
    expect(idsOf(await ctx.admin.get(`${BASE}/?search=Lst&sort=role&order=asc&per_page=1&page=3`))).toEqual([
      byRole[2],
    ]);
    for (const sort of ['email', 'status', 'online_at']) {
      expect((await ctx.admin.get(`${BASE}/?search=Lst&sort=${sort}&order=desc`)).statusCode).toBe(200);
    }
  });

  it('online_at follows activity: set at sign-in, moved by a request once the last one is over a minute old', async () => {
    const { user, agent } = await signedIn();
    const row = (await ctx.admin.get(`${BASE}/?search=${user.email}`)).json().data[0];
    expect(row.online_at).not.toBeNull();
    const past = new Date(Date.now() - 10 * 60_000);
    await db().update(users).set({ online_at: past }).where(eq(users.id, user.id));
    await db().update(sessions).set({ last_seen_at: past }).where(eq(sessions.user_id, user.id));
    expect((await agent.get('/api/user/me')).statusCode).toBe(200);
    const [seen] = await db().select().from(users).where(eq(users.id, user.id));
    expect(seen?.online_at?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
