import { ROLES } from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, sessions, users } from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { ADMIN, Agent, startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const _resetLink = (mailText: string) => {
  const url = new URL(/https?:\/\/\S+reset-password\S+/.exec(mailText)?.[0] ?? '');
  return { token: url.searchParams.get('token') ?? '', email: url.searchParams.get('email') ?? '' };
};

describe('session and CSRF', () => {
  it('csrf-cookie answers 204 and sets the session and XSRF cookies', async () => {
    const res = await new Agent(server.app).get('/sanctum/csrf-cookie');
    expect(res.statusCode).toBe(204);
    const names = (res.cookies as { name: string; httpOnly?: boolean }[]).map((c) => [c.name, Boolean(c.httpOnly)]);
    expect(names).toEqual(
      expect.arrayContaining([
        ['bo_session', true],
        ['XSRF-TOKEN', false],
      ]),
    );
  });

  it('a POST without the CSRF header is refused with 419', async () => {
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    const res = await agent.post('/api/login', ADMIN, { csrf: false });
    expect(res.statusCode).toBe(419);
    expect(res.json().message).toBeTruthy();
  });

  it('a POST with a token of another session is refused with 419', async () => {
    const a = new Agent(server.app);
    const b = new Agent(server.app);
    await a.get('/sanctum/csrf-cookie');
    await b.get('/sanctum/csrf-cookie');
    const res = await a.request({
      method: 'POST',
      url: '/api/login',
      payload: ADMIN,
      csrf: false,
      headers: { 'x-xsrf-token': b.xsrf ?? '' },
    });
    expect(res.statusCode).toBe(419);
  });

  it('login rotates the session id and returns the stored user with a token, never the password', async () => {
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    const before = agent.xsrf;
    const res = await agent.post('/api/login', ADMIN);
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({ email: ADMIN.email, role_id: 1, name: 'Admin' });
    expect(user.token).toEqual(expect.any(String));
    expect(JSON.stringify(user)).not.toContain('scrypt');
    expect(agent.xsrf).not.toBe(before);
    const me = await agent.get('/api/user/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(ADMIN.email);
  });

  it('/api/user/me without a session is 401', async () => {
    expect((await new Agent(server.app).get('/api/user/me')).statusCode).toBe(401);
  });

  it('logout ends the session', async () => {
    const agent = new Agent(server.app);
    await agent.login();
    expect((await agent.post('/api/logout')).statusCode).toBe(200);
    expect((await agent.get('/api/user/me')).statusCode).toBe(401);
  });

  it('passwords are stored as scrypt hashes with a salt', async () => {
    const a = await buildUser(server.ctx.db, { password: 'same-password' });
    const b = await buildUser(server.ctx.db, { password: 'same-password' });
    expect(a.password).toMatch(/^scrypt\$/);
    expect(a.password).not.toBe(b.password);
  });
});

describe('login rules', () => {
  it('wrong credentials answer 422 with auth.failed in errors.email, in the request language', async () => {
    const agent = new Agent(server.app, 'sk');
    await agent.get('/sanctum/csrf-cookie');
    const res = await agent.post('/api/login', { email: ADMIN.email, password: 'wrong-one' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['auth.failed']);
    expect(res.json().message).toBe('Nesprávny e-mail alebo heslo.');
  });

  it('an invalid e-mail is a 422 with errors.email', async () => {
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    const res = await agent.post('/api/login', { email: 'nope', password: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['errors.email']);
  });

  it('a blocked user cannot sign in', async () => {
    const user = await buildUser(server.ctx.db, { status: false });
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    const res = await agent.post('/api/login', { email: user.email, password: user.plainPassword });
    expect(res.statusCode).toBe(422);
  });

  it('a site member (role 3) cannot sign in', async () => {
    const user = await buildUser(server.ctx.db, { role_id: ROLES.member });
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    const res = await agent.post('/api/login', { email: user.email, password: user.plainPassword });
    expect(res.statusCode).toBe(422);
  });

  it('a user blocked while signed in gets 401 at once', async () => {
    const user = await buildUser(server.ctx.db);
    const agent = new Agent(server.app);
    await agent.login(user.email, user.plainPassword);
    await server.ctx.db.update(users).set({ status: false }).where(eq(users.id, user.id));
    expect((await agent.get('/api/user/me')).statusCode).toBe(401);
  });

  it('the sixth failed login within a minute is 429 with Retry-After, even with the right password', async () => {
    const user = await buildUser(server.ctx.db);
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    for (let i = 0; i < 5; i++) {
      const res = await agent.post('/api/login', { email: user.email.toUpperCase(), password: 'bad' });
      expect(res.statusCode).toBe(422);
    }
    const sixth = await agent.post('/api/login', { email: user.email, password: user.plainPassword });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the sign-in throttle holds however the requests arrive', () => {
  it('25 wrong passwords sent at once get at most 5 checked; the correct one that follows is 429', async () => {
    const user = await buildUser(server.ctx.db);
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    const burst = await Promise.all(
      Array.from({ length: 25 }, () => agent.post('/api/login', { email: user.email, password: 'wrong-guess' })),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    for (const r of burst.filter((r) => r.statusCode === 429)) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    const correct = await agent.post('/api/login', { email: user.email, password: user.plainPassword });
    expect(correct.statusCode).toBe(429);
  });

  it('a burst that mixes the right password in cannot get more than 5 checks', async () => {
    const user = await buildUser(server.ctx.db);
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    const guesses = Array.from({ length: 20 }, (_, i) => (i === 19 ? user.plainPassword : `guess-${i}`));
    const burst = await Promise.all(
      guesses.map((password) => agent.post('/api/login', { email: user.email, password })),
    );
    expect(burst.filter((r) => r.statusCode !== 429)).toHaveLength(5);
  });

  it('the limit is shared by every server on the database', async () => {
    const user = await buildUser(server.ctx.db);
    const { buildApp } = await import('../../app.js');
    const second = await buildApp(server.ctx, { logger: false });
    try {
      const agents = [new Agent(server.app), new Agent(second)];
      for (const a of agents) await a.get('/sanctum/csrf-cookie');
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (agents[i % 2] as Agent).post('/api/login', { email: user.email, password: 'wrong-guess' }),
        ),
      );
      expect(burst.filter((r) => r.statusCode === 422)).toHaveLength(5);
    } finally {
      await second.close();
    }
  });

  it('an unknown e-mail still costs a password hash, as long as a wrong password does', async () => {
    const user = await buildUser(server.ctx.db);
    const timeOf = async (email: string) => {
      const agent = new Agent(server.app);
      await agent.get('/sanctum/csrf-cookie');
      const started = performance.now();
      expect((await agent.post('/api/login', { email, password: 'wrong-guess' })).statusCode).toBe(422);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await timeOf(user.email));
      unknown.push(await timeOf(`nobody-${i}@example.com`));
    }
    // An unknown e-mail answered without a hash would take a fraction of a known one's (scrypt is the bulk). The
    // fastest of each: a busy machine only adds time, and a median of four once took a slow known sign-in (108 ms
    // against 43) as the known one's time.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.5);
  });
});

describe('activity log', () => {
  it('lists the latest items of oneself mapped to route, icon, title and action label', async () => {
    const agent = new Agent(server.app, 'en');
    const me = await agent.login();
    const created = await agent.post('/api/content/text/', {
      langs: { sk: { title: 'Logovaný text', content: '' }, en: { title: 'Logged text', content: '' } },
      positions: [1],
    });
    const res = await agent.get(`/api/user/logs/${me.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      model: 'Text',
      route: 'contentText',
      route_params: { id: created.json().data.id },
      row_id: created.json().data.id,
      action: 'store',
      action_label: 'created',
      icon: 'file-text',
      title: 'Text',
    });
  });

  it('in Slovak the action agrees with the gender of the model: Partner upravený, Stránka upravená, Nastavenia upravené', async () => {
    const editor = await buildUser(server.ctx.db);
    await server.ctx.db.insert(activityLogs).values(
      (['Partner', 'Page', 'Settings'] as const).map((model) => ({
        user_id: editor.id,
        model,
        row_id: 1,
        action: 'update',
      })),
    );
    const agent = new Agent(server.app, 'sk');
    await agent.login(editor.email, editor.plainPassword);
    const items = (await agent.get(`/api/user/logs/${editor.id}`)).json().data;
    expect(items.map((i: { title: string; action_label: string }) => `${i.title} ${i.action_label}`)).toEqual([
      'Nastavenia upravené',
      'Stránka upravená',
      'Partner upravený',
    ]);
    const english = new Agent(server.app, 'en');
    await english.login(editor.email, editor.plainPassword);
    const labels = (await english.get(`/api/user/logs/${editor.id}`))
      .json()
      .data.map((i: { action_label: string }) => i.action_label);
    expect(labels).toEqual(['edited', 'edited', 'edited']);
  });

  it("another user's log is 403 for role 2 and readable for role 1", async () => {
    const editor = await buildUser(server.ctx.db);
    const agent = new Agent(server.app);
    await agent.login(editor.email, editor.plainPassword);
    expect((await agent.get('/api/user/logs/1')).statusCode).toBe(403);
    const admin = new Agent(server.app);
    await admin.login();
    expect((await admin.get(`/api/user/logs/${editor.id}`)).statusCode).toBe(200);
  });

  it('unauthenticated → 401', async () => {
    expect((await new Agent(server.app).get('/api/user/logs/1')).statusCode).toBe(401);
  });
});

describe('sessions table', () => {
  it('stores only a hash of the session id', async () => {
    const agent = new Agent(server.app);
    await agent.login();
    const rows = await server.ctx.db.select().from(sessions);
    const cookie = (agent as unknown as { cookies: Map<string, string> }).cookies.get('bo_session');
    expect(rows.some((r) => r.id === cookie)).toBe(false);
  });
});

describe("the sign-in answer's token (the file manager's, docs/features/file-manager.md)", () => {
  const anonymous = async () => {
    const anon = new Agent(server.app);
    await anon.get('/sanctum/csrf-cookie');
    return anon;
  };

  it('opens the file manager, and /api/user/me answers a renewed one of the same session', async () => {
    const agent = new Agent(server.app);
    const { id, token } = await agent.login();
    expect(token).toMatch(new RegExp(`^${id}\\.\\d{13}\\.[A-Za-z0-9_-]{43}$`));
    const anon = await anonymous();
    expect((await anon.get(`/api/files?token=${encodeURIComponent(token)}`)).statusCode).toBe(200);
    const renewed = (await agent.get('/api/user/me')).json().data.token as string;
    expect(renewed).toMatch(new RegExp(`^${id}\\.\\d{13}\\.[A-Za-z0-9_-]{43}$`));
    expect((await anon.get(`/api/files?token=${encodeURIComponent(renewed)}`)).statusCode).toBe(200);
  });

  it('is no credential anywhere else: not in the query, a header or the session cookie', async () => {
    const { token } = await new Agent(server.app).login();
    const anon = await anonymous();
    for (const url of ['/api/user/me', '/api/user/logs/1', '/api/content/text/', '/api/user/', '/api/files/token']) {
      expect((await anon.get(`${url}?token=${encodeURIComponent(token)}`)).statusCode, url).toBe(401);
      const bearer = await anon.request({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(bearer.statusCode, url).toBe(401);
    }
    const asCookie = await server.app.inject({ method: 'GET', url: '/api/user/me', cookies: { bo_session: token } });
    expect(asCookie.statusCode).toBe(401);
  });

  it('dies with its session: logout, a block, the removal of the session rows (password reset, role change)', async () => {
    const anon = await anonymous();
    const opens = async (token: string) => (await anon.get(`/api/files?token=${encodeURIComponent(token)}`)).statusCode;

    const loggingOut = new Agent(server.app);
    const first = await loggingOut.login();
    expect(await opens(first.token)).toBe(200);
    await loggingOut.post('/api/logout');
    expect(await opens(first.token)).toBe(401);

    const user = await buildUser(server.ctx.db, { role_id: ROLES.editor });
    const blocked = await new Agent(server.app).login(user.email, user.plainPassword);
    expect(await opens(blocked.token)).toBe(200);
    await server.ctx.db.update(users).set({ status: false }).where(eq(users.id, user.id));
    expect(await opens(blocked.token)).toBe(401);
    await server.ctx.db.update(users).set({ status: true }).where(eq(users.id, user.id));
    expect(await opens(blocked.token)).toBe(200);
    await server.ctx.db.delete(sessions).where(eq(sessions.user_id, user.id));
    expect(await opens(blocked.token)).toBe(401);
  });
});
