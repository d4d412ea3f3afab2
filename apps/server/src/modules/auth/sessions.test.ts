import { ROLES } from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.js';
import { sha256 } from '../../http/crypto.js';
import { buildUser } from '../../test/factories.js';
import { Agent, startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** An agent whose every request names a browser, signed in as `user`. */
async function signIn(user: { email: string; plainPassword: string }, userAgent: string) {
  const agent = new Agent(server.app);
  const send = agent.request.bind(agent);
  agent.request = (opts) => send({ ...opts, headers: { ...(opts.headers as object), 'user-agent': userAgent } });
  await agent.login(user.email, user.plainPassword);
  return agent;
}

type Item = { id: string; browser: string; system: string; ip: string; current: boolean; user_agent: string };

describe('the signed-in sessions of the user', () => {
  it('lists every session with its browser, system, address and times, marking this device', async () => {
    const user = await buildUser(server.ctx.db, { role_id: ROLES.editor });
    const laptop = await signIn(user, FIREFOX);
    await signIn(user, SAFARI);
    const res = await laptop.get('/api/user/me/sessions');
    expect(res.statusCode).toBe(200);
    const items = res.json().data as Item[];
    expect(items).toHaveLength(2);
    const here = items.find((i) => i.current);
    expect(here).toMatchObject({ browser: 'Firefox 128', system: 'Windows 10', ip: '127.0.0.1', user_agent: FIREFOX });
    expect(items.find((i) => !i.current)).toMatchObject({ browser: 'Mobile Safari 17', system: 'iOS 17.5' });
    for (const item of items) {
      expect(item).toMatchObject({ created_at: expect.any(String), last_seen_at: expect.any(String) });
    }
  });

  it('names a session by an opaque id: neither the cookie nor its stored hash, and useless as a cookie', async () => {
    const user = await buildUser(server.ctx.db, { role_id: ROLES.editor });
    const agent = await signIn(user, FIREFOX);
    const [item] = (await agent.get('/api/user/me/sessions')).json().data as Item[];
    const rows = await server.ctx.db.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(rows.map((r) => r.id)).not.toContain(item?.id);
    // Nor is it a cookie whose hash is stored.
    expect(rows.map((r) => r.id)).not.toContain(sha256(item?.id ?? ''));
    const forged = await server.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { cookie: `bo_session=${item?.id}` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('signs one session out: its next request is 401, the others go on', async () => {
    const user = await buildUser(server.ctx.db, { role_id: ROLES.editor });
    const laptop = await signIn(user, FIREFOX);
    const phone = await signIn(user, SAFARI);
    const items = (await laptop.get('/api/user/me/sessions')).json().data as Item[];
    const other = items.find((i) => !i.current);
    const res = await laptop.delete(`/api/user/me/sessions/${other?.id}`);
    expect(res.statusCode).toBe(200);
    expect((await phone.get('/api/user/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/user/me')).statusCode).toBe(200);
    expect((await laptop.delete(`/api/user/me/sessions/${other?.id}`)).statusCode).toBe(404);
  });

  it('signing this very session out is a sign-out', async () => {
    const user = await buildUser(server.ctx.db, { role_id: ROLES.editor });
    const agent = await signIn(user, FIREFOX);
    const [item] = (await agent.get('/api/user/me/sessions')).json().data as Item[];
    expect((await agent.delete(`/api/user/me/sessions/${item?.id}`)).statusCode).toBe(200);
    expect((await agent.get('/api/user/me')).statusCode).toBe(401);
  });

  it("another user's session is a 404 and stays", async () => {
    const owner = await buildUser(server.ctx.db, { role_id: ROLES.editor });
    const stranger = await buildUser(server.ctx.db, { role_id: ROLES.admin });
    const victim = await signIn(owner, FIREFOX);
    const [item] = (await victim.get('/api/user/me/sessions')).json().data as Item[];
    const admin = await signIn(stranger, SAFARI);
    expect((await admin.delete(`/api/user/me/sessions/${item?.id}`)).statusCode).toBe(404);
    expect((await victim.get('/api/user/me')).statusCode).toBe(200);
  });

  it('signs out everywhere else, keeping this session', async () => {
    const user = await buildUser(server.ctx.db, { role_id: ROLES.editor });
    const here = await signIn(user, FIREFOX);
    const others = [await signIn(user, SAFARI), await signIn(user, SAFARI)];
    const res = await here.post('/api/user/me/sessions/revoke-others');
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
    for (const agent of others) expect((await agent.get('/api/user/me')).statusCode).toBe(401);
    expect((await here.get('/api/user/me/sessions')).json().data).toHaveLength(1);
  });

  it('unauthenticated → 401, and writes need the CSRF token', async () => {
    const anonymous = new Agent(server.app);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.get('/api/user/me/sessions')).statusCode).toBe(401);
    expect((await anonymous.delete('/api/user/me/sessions/abc')).statusCode).toBe(401);
    expect((await anonymous.post('/api/user/me/sessions/revoke-others')).statusCode).toBe(401);
    const user = await buildUser(server.ctx.db, { role_id: ROLES.editor });
    const agent = await signIn(user, FIREFOX);
    expect((await agent.post('/api/user/me/sessions/revoke-others', undefined, { csrf: false })).statusCode).toBe(419);
  });
});
