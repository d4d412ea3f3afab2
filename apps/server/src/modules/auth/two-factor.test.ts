import { ROLES, TWO_FACTOR } from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityLogs, userTwoFactor } from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { ADMIN, Agent, startTestServer, type TestServer } from '../../test/harness.js';
import { open } from './secret-box.js';
import { totpCode } from './totp.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

const STEP = TWO_FACTOR.periodSeconds * 1000;
/** The server's clock, set by the test: only Date is faked (timers and the database's clock run as ever). */
let clock = 0;
function setClock(at: number) {
  clock = at;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}
/** The start of a time step a little ahead of now, so each test has fresh steps to spend. */
const freshStep = () => (Math.floor(Date.now() / STEP) + 2) * STEP + 1000;

async function signedIn(role: number = ROLES.editor) {
  const user = await buildUser(server.ctx.db, { role_id: role });
  const agent = new Agent(server.app);
  await agent.login(user.email, user.plainPassword);
  return { user, agent };
}

/** Sets two-factor sign-in up for a signed-in agent with a code computed like an authenticator app would. */
async function enableTwoFactor(agent: Agent) {
  const setup = await agent.post('/api/user/me/two-factor');
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_url } = setup.json() as { secret: string; otpauth_url: string };
  const res = await agent.post('/api/user/me/two-factor/enable', { code: totpCode(secret, clock) });
  expect(res.statusCode).toBe(200);
  return { secret, otpauth_url, codes: res.json().recovery_codes as string[] };
}

async function passwordStep(email: string, password: string) {
  const agent = new Agent(server.app);
  await agent.get('/sanctum/csrf-cookie');
  const res = await agent.post('/api/login', { email, password });
  return { agent, res };
}

describe('setting two-factor sign-in up', () => {
  it('gives a secret and its otpauth address, and turns on with a valid code only, answering 10 recovery codes', async () => {
    setClock(freshStep());
    const { user, agent } = await signedIn();
    const setup = (await agent.post('/api/user/me/two-factor')).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_url).toContain('otpauth://totp/');
    expect(setup.otpauth_url).toContain(`secret=${setup.secret}`);
    expect(setup.otpauth_url).toContain(encodeURIComponent(user.email));
    const wrong = await agent.post('/api/user/me/two-factor/enable', {
      code: '000000' === totpCode(setup.secret, clock) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual(['twoFactor.codeInvalid']);
    expect((await agent.get('/api/user/me')).json().data.two_factor).toBe(false);
    const res = await agent.post('/api/user/me/two-factor/enable', { code: totpCode(setup.secret, clock) });
    expect(res.statusCode).toBe(200);
    const codes = res.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect((await agent.get('/api/user/me')).json().data.two_factor).toBe(true);
    // A second set-up while it is on is refused: another device comes after turning it off.
    expect((await agent.post('/api/user/me/two-factor')).statusCode).toBe(409);
  });

  it('keeps the secret sealed under the server secret, never in clear', async () => {
    setClock(freshStep());
    const { user, agent } = await signedIn();
    const { secret } = await enableTwoFactor(agent);
    const [row] = await server.ctx.db.select().from(userTwoFactor).where(eq(userTwoFactor.user_id, user.id));
    expect(row?.secret).toBeTruthy();
    expect(row?.secret).not.toContain(secret);
    expect(row?.secret?.startsWith('v1.')).toBe(true);
    expect(open(server.config.sessionSecret, 'totp', row?.secret ?? '')).toBe(secret);
    expect(open('another-secret', 'totp', row?.secret ?? '')).toBeNull();
  });

  it('enabling without a set-up started is a 422; unauthenticated is 401', async () => {
    const { agent } = await signedIn();
    const res = await agent.post('/api/user/me/two-factor/enable', { code: '123456' });
    expect(res.statusCode).toBe(422);
    const anonymous = new Agent(server.app);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.post('/api/user/me/two-factor')).statusCode).toBe(401);
    expect((await anonymous.post('/api/user/me/two-factor/enable', { code: '123456' })).statusCode).toBe(401);
    expect(
      (await anonymous.post('/api/user/me/two-factor/disable', { password: 'x', code: '123456' })).statusCode,
    ).toBe(401);
  });
});

describe('signing in with two-factor sign-in', () => {
  it('the password step answers {two_factor: true} and signs nobody in; a code signs in on a new session id', async () => {
    setClock(freshStep());
    const { user, agent } = await signedIn();
    const { secret } = await enableTwoFactor(agent);
    setClock(clock + STEP);
    const { agent: next, res } = await passwordStep(user.email, user.plainPassword);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ two_factor: true });
    expect((await next.get('/api/user/me')).statusCode).toBe(401);
    expect((await next.get('/api/content/text')).statusCode).toBe(401);
    const before = next.xsrf;
    const done = await next.post('/api/login/two-factor', { code: totpCode(secret, clock) });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ id: user.id, two_factor: true, token: expect.any(String) });
    expect(next.xsrf).not.toBe(before);
    expect((await next.get('/api/user/me')).statusCode).toBe(200);
  });

  it('a code is accepted once: the same code, or an earlier one, is refused within its window', async () => {
    setClock(freshStep());
    const { user, agent } = await signedIn();
    const { secret } = await enableTwoFactor(agent);
    setClock(clock + 2 * STEP);
    const code = totpCode(secret, clock);
    const first = await passwordStep(user.email, user.plainPassword);
    expect((await first.agent.post('/api/login/two-factor', { code })).statusCode).toBe(200);
    const again = await passwordStep(user.email, user.plainPassword);
    const replay = await again.agent.post('/api/login/two-factor', { code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors.code).toEqual(['twoFactor.codeInvalid']);
    // The previous step's code is still inside the window, but older than the one used.
    const older = await again.agent.post('/api/login/two-factor', { code: totpCode(secret, clock - STEP) });
    expect(older.statusCode).toBe(422);
    setClock(clock + STEP);
    expect((await again.agent.post('/api/login/two-factor', { code: totpCode(secret, clock) })).statusCode).toBe(200);
  });

  it('accepts the neighbouring steps of a clock that differs a little, not further', async () => {
    setClock(freshStep());
    const { user, agent } = await signedIn();
    const { secret } = await enableTwoFactor(agent);
    setClock(clock + 10 * STEP);
    const { agent: next } = await passwordStep(user.email, user.plainPassword);
    expect((await next.post('/api/login/two-factor', { code: totpCode(secret, clock - 3 * STEP) })).statusCode).toBe(
      422,
    );
    expect((await next.post('/api/login/two-factor', { code: totpCode(secret, clock + STEP) })).statusCode).toBe(200);
  });

  it('wrong codes are throttled like passwords: 5 a minute per account and address, then 429 even for the right one', async () => {
    setClock(freshStep());
    const { user, agent } = await signedIn();
    const { secret } = await enableTwoFactor(agent);
    setClock(clock + STEP);
    const { agent: next } = await passwordStep(user.email, user.plainPassword);
    const right = totpCode(secret, clock);
    const wrong = right === '000000' ? '000001' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => next.post('/api/login/two-factor', { code: wrong })),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const blocked = await next.post('/api/login/two-factor', { code: right });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a recovery code signs in once; a used one is gone', async () => {
    setClock(freshStep());
    const { user, agent } = await signedIn();
    const { codes } = await enableTwoFactor(agent);
    const [code] = codes;
    const first = await passwordStep(user.email, user.plainPassword);
    // Case and the dash do not matter.
    const ok = await first.agent.post('/api/login/two-factor', {
      recovery_code: code?.toUpperCase().replace('-', ' '),
    });
    expect(ok.statusCode).toBe(200);
    const second = await passwordStep(user.email, user.plainPassword);
    const again = await second.agent.post('/api/login/two-factor', { recovery_code: code });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.recovery_code).toEqual(['twoFactor.codeInvalid']);
    expect((await second.agent.post('/api/login/two-factor', { recovery_code: codes[1] })).statusCode).toBe(200);
  });

  it('says how many recovery codes are left, and a current code makes ten new ones (the old stop working)', async () => {
    setClock(freshStep());
    const { user, agent } = await signedIn();
    expect((await agent.get('/api/user/me/two-factor')).json().data).toEqual({
      enabled: false,
      totp: false,
      required: false,
      recovery_codes_left: 0,
    });
    const { secret, codes } = await enableTwoFactor(agent);
    const first = await passwordStep(user.email, user.plainPassword);
    expect((await first.agent.post('/api/login/two-factor', { recovery_code: codes[0] })).statusCode).toBe(200);
    expect((await agent.get('/api/user/me/two-factor')).json().data).toMatchObject({
      enabled: true,
      recovery_codes_left: TWO_FACTOR.recoveryCodes - 1,
    });

    const wrong = await agent.post('/api/user/me/two-factor/recovery-codes', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    setClock(clock + STEP);
    const renewed = await agent.post('/api/user/me/two-factor/recovery-codes', { code: totpCode(secret, clock) });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json().recovery_codes as string[];
    expect(fresh).toHaveLength(TWO_FACTOR.recoveryCodes);
    expect(fresh).not.toContain(codes[1]);
    expect((await agent.get('/api/user/me/two-factor')).json().data.recovery_codes_left).toBe(TWO_FACTOR.recoveryCodes);
    const old = await passwordStep(user.email, user.plainPassword);
    expect((await old.agent.post('/api/login/two-factor', { recovery_code: codes[1] })).statusCode).toBe(422);
    expect((await old.agent.post('/api/login/two-factor', { recovery_code: fresh[0] })).statusCode).toBe(200);

    const anonymous = await server.app.inject({ method: 'GET', url: '/api/user/me/two-factor' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("the authenticator app lists the account under the site's name from the settings", async () => {
    setClock(freshStep());
    await server.ctx.db.execute(sql`insert into setting_values (setting_id, key, language_code, value)
      values (2, 'contact_name', 'sk', 'Mostáreň Žilina s.r.o.')
      on conflict (setting_id, key, language_code) do update set value = excluded.value`);
    const { agent } = await signedIn();
    const setup = (await agent.post('/api/user/me/two-factor')).json();
    const url = new URL(setup.otpauth_url);
    expect(url.searchParams.get('issuer')).toBe('Mostáreň Žilina s.r.o.');
    expect(decodeURIComponent(url.pathname)).toContain('Mostáreň Žilina s.r.o.:');
  });

  it('the second step needs a password step of this session: without one it is 401, a bad body 422', async () => {
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    expect((await agent.post('/api/login/two-factor', { code: '123456' })).statusCode).toBe(401);
    expect((await agent.post('/api/login/two-factor', {})).statusCode).toBe(422);
    expect((await agent.post('/api/login/two-factor', { code: '12345x' })).statusCode).toBe(422);
  });

  it('a waiting password step expires', async () => {
    setClock(freshStep());
    const { user, agent } = await signedIn();
    const { secret } = await enableTwoFactor(agent);
    const { agent: next } = await passwordStep(user.email, user.plainPassword);
    setClock(clock + (TWO_FACTOR.pendingMinutes * 60_000 + STEP));
    expect((await next.post('/api/login/two-factor', { code: totpCode(secret, clock) })).statusCode).toBe(401);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password and a code', async () => {
    setClock(freshStep());
    const { user, agent } = await signedIn();
    const { secret } = await enableTwoFactor(agent);
    setClock(clock + STEP);
    const code = totpCode(secret, clock);
    const badPassword = await agent.post('/api/user/me/two-factor/disable', { password: 'wrong', code });
    expect(badPassword.statusCode).toBe(422);
    const res = await agent.post('/api/user/me/two-factor/disable', { password: user.plainPassword, code });
    expect(res.statusCode).toBe(200);
    expect((await agent.get('/api/user/me')).json().data.two_factor).toBe(false);
    const { res: login } = await passwordStep(user.email, user.plainPassword);
    expect(login.json().data.id).toBe(user.id);
  });
});

describe('requiring two-factor sign-in of all staff (role 1)', () => {
  it('only role 1 changes the rule, and only with its own two-factor sign-in on; every staff member reads it', async () => {
    const { agent: editor } = await signedIn(ROLES.editor);
    expect((await editor.get('/api/user/two-factor/policy')).json()).toEqual({
      data: { required: false },
      abilities: { update: false },
    });
    expect((await editor.post('/api/user/two-factor/policy', { required: true })).statusCode).toBe(403);
    const { agent: admin } = await signedIn(ROLES.admin);
    const refused = await admin.post('/api/user/two-factor/policy', { required: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.required).toEqual(['twoFactor.enableFirst']);
    const anonymous = new Agent(server.app);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.get('/api/user/two-factor/policy')).statusCode).toBe(401);
    expect((await anonymous.post('/api/user/two-factor/policy', { required: true })).statusCode).toBe(401);
  });

  it('leads a user without it to the set-up right after the password, and nothing else works before', async () => {
    setClock(freshStep());
    const { agent: admin } = await signedIn(ROLES.admin);
    await enableTwoFactor(admin);
    const editor = await signedIn(ROLES.editor);
    const saved = await admin.post('/api/user/two-factor/policy', { required: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.required).toBe(true);
    try {
      // The sessions of users without it end; the administrator's goes on.
      expect((await editor.agent.get('/api/user/me')).statusCode).toBe(401);
      expect((await admin.get('/api/user/me')).statusCode).toBe(200);
      const { agent, res } = await passwordStep(editor.user.email, editor.user.plainPassword);
      expect(res.json()).toEqual({ two_factor_setup: true });
      expect((await agent.get('/api/user/me')).statusCode).toBe(401);
      expect((await agent.get('/api/content/text')).statusCode).toBe(401);
      expect((await agent.get('/api/user/me/sessions')).statusCode).toBe(401);
      const { secret } = (await agent.post('/api/user/me/two-factor')).json();
      const done = await agent.post('/api/user/me/two-factor/enable', { code: totpCode(secret, clock) });
      expect(done.statusCode).toBe(200);
      expect(done.json().recovery_codes).toHaveLength(10);
      expect(done.json().data).toMatchObject({ id: editor.user.id, two_factor: true });
      expect((await agent.get('/api/content/text')).statusCode).toBe(200);
      // Turning it off is refused while it is required.
      setClock(clock + STEP);
      const off = await agent.post('/api/user/me/two-factor/disable', {
        password: editor.user.plainPassword,
        code: totpCode(secret, clock),
      });
      expect(off.statusCode).toBe(422);
      expect(off.json().errors.code).toEqual(['twoFactor.required']);
    } finally {
      await admin.post('/api/user/two-factor/policy', { required: false });
    }
  });
});

describe("role 1 resets another user's two-factor sign-in", () => {
  it("forgets it, ends their sessions and logs it; others get 403, an unknown one 404, one's own 403", async () => {
    setClock(freshStep());
    const editor = await signedIn(ROLES.editor);
    await enableTwoFactor(editor.agent);
    const other = await signedIn(ROLES.editor);
    expect((await other.agent.delete(`/api/user/${editor.user.id}/two-factor`)).statusCode).toBe(403);
    const { user: adminUser, agent: admin } = await signedIn(ROLES.admin);
    expect((await admin.get(`/api/user/${editor.user.id}`)).json().data.two_factor).toBe(true);
    const res = await admin.delete(`/api/user/${editor.user.id}/two-factor`);
    expect(res.statusCode).toBe(200);
    expect((await editor.agent.get('/api/user/me')).statusCode).toBe(401);
    expect((await admin.get(`/api/user/${editor.user.id}`)).json().data.two_factor).toBe(false);
    const logged = await server.ctx.db.select().from(activityLogs).where(eq(activityLogs.user_id, adminUser.id));
    expect(logged).toEqual([
      expect.objectContaining({ model: 'User', row_id: editor.user.id, action: 'two_factor_reset' }),
    ]);
    const { res: login } = await passwordStep(editor.user.email, editor.user.plainPassword);
    expect(login.json().data.two_factor).toBe(false);
    expect((await admin.delete(`/api/user/${editor.user.id}/two-factor`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/user/${adminUser.id}/two-factor`)).statusCode).toBe(403);
    const anonymous = new Agent(server.app);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.delete(`/api/user/${editor.user.id}/two-factor`)).statusCode).toBe(401);
  });
});

it('the owner signs in as before while nothing is set up', async () => {
  const { res } = await passwordStep(ADMIN.email, ADMIN.password);
  expect(res.json().data).toMatchObject({ email: ADMIN.email, two_factor: false });
});
