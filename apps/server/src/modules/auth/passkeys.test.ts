import { PASSKEYS, ROLES, TWO_FACTOR } from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInPolicy, userPasskeys, webauthnChallenges } from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { Agent, startTestServer, type TestServer } from '../../test/harness.js';
import { SoftAuthenticator } from '../../test/passkey-authenticator.js';
import { totpCode } from './totp.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

/** The harness's APP_URL is http://backoffice.test: its host is the RP ID, its origin the only one accepted. */
const ORIGIN = 'http://backoffice.test';
const RP_ID = 'backoffice.test';

async function signedIn(role: number = ROLES.editor) {
  const user = await buildUser(server.ctx.db, { role_id: role });
  const agent = new Agent(server.app);
  await agent.login(user.email, user.plainPassword);
  return { user, agent };
}

/** Adds a passkey of a new software authenticator for a signed-in agent; answers both and the server's answer. */
async function addPasskey(agent: Agent, name = 'Laptop') {
  const authenticator = new SoftAuthenticator();
  const options = await agent.post('/api/user/me/passkeys/options');
  expect(options.statusCode, options.body).toBe(200);
  const { challenge } = options.json().data;
  const res = await agent.post('/api/user/me/passkeys', {
    name,
    response: authenticator.register({ challenge, origin: ORIGIN, rpId: RP_ID }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { authenticator, res };
}

async function passwordStep(email: string, password: string) {
  const agent = new Agent(server.app);
  await agent.get('/sanctum/csrf-cookie');
  const res = await agent.post('/api/login', { email, password });
  return { agent, res };
}

/** The sign-in options' challenge of a waiting password step. */
async function signInChallenge(agent: Agent): Promise<string> {
  const res = await agent.post('/api/login/passkey/options');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.challenge;
}

async function setRequired(required: boolean) {
  await server.ctx.db
    .insert(signInPolicy)
    .values({ id: 1, two_factor_required: required })
    .onConflictDoUpdate({ target: signInPolicy.id, set: { two_factor_required: required } });
}

describe('adding passkeys', () => {
  it('the options name the RP of APP_URL; the first passkey turns two-factor sign-in on and answers recovery codes once', async () => {
    const { user, agent } = await signedIn();
    const options = (await agent.post('/api/user/me/passkeys/options')).json().data;
    expect(options.rp.id).toBe(RP_ID);
    expect(options.user.name).toBe(user.email);
    // The user handle is opaque: 32 bytes of a keyed hash, neither the id nor the e-mail.
    expect(Buffer.from(options.user.id, 'base64url')).toHaveLength(32);
    expect(Buffer.from(options.user.id, 'base64url').toString('latin1')).not.toContain(user.email);
    expect(options.excludeCredentials).toEqual([]);
    const authenticator = new SoftAuthenticator();
    const res = await agent.post('/api/user/me/passkeys', {
      name: '  Work laptop ',
      response: authenticator.register({ challenge: options.challenge, origin: ORIGIN, rpId: RP_ID }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('The passkey has been added.');
    expect(res.json().data).toMatchObject({ name: 'Work laptop', last_used_at: null });
    expect(res.json().recovery_codes).toHaveLength(TWO_FACTOR.recoveryCodes);
    expect((await agent.get('/api/user/me')).json().data.two_factor).toBe(true);
    expect((await agent.get('/api/user/me/two-factor')).json().data).toEqual({
      enabled: true,
      totp: false,
      required: false,
      recovery_codes_left: TWO_FACTOR.recoveryCodes,
    });
    // The credential, its key and counter are stored; the list shows the name and the dates only.
    const [row] = await server.ctx.db.select().from(userPasskeys).where(eq(userPasskeys.user_id, user.id));
    expect(row).toMatchObject({ credential_id: authenticator.id, counter: 0, transports: ['internal'] });
    expect(row?.public_key.length).toBeGreaterThan(50);
    const list = (await agent.get('/api/user/me/passkeys')).json().data;
    expect(list).toEqual([{ id: row?.id, name: 'Work laptop', created_at: expect.any(String), last_used_at: null }]);
  });

  it('a second passkey answers no recovery codes; the options exclude the passkeys the user has', async () => {
    const { agent } = await signedIn();
    const { authenticator } = await addPasskey(agent, 'Phone');
    const options = (await agent.post('/api/user/me/passkeys/options')).json().data;
    expect(options.excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);
    const second = new SoftAuthenticator();
    const res = await agent.post('/api/user/me/passkeys', {
      name: 'Key',
      response: second.register({ challenge: options.challenge, origin: ORIGIN, rpId: RP_ID }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().recovery_codes).toBeUndefined();
    const names = (await agent.get('/api/user/me/passkeys')).json().data.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Key', 'Phone']);
  });

  it('a replayed answer, another origin, another RP ID or an expired challenge is refused and nothing is stored', async () => {
    const { user, agent } = await signedIn();
    const authenticator = new SoftAuthenticator();
    const challenge = (await agent.post('/api/user/me/passkeys/options')).json().data.challenge;
    const foreign = await agent.post('/api/user/me/passkeys', {
      name: 'Evil',
      response: authenticator.register({ challenge, origin: 'http://evil.test', rpId: RP_ID }),
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.response).toEqual(['passkey.invalid']);
    // The challenge was spent by that answer: the right one with it comes too late.
    const replay = await agent.post('/api/user/me/passkeys', {
      name: 'Laptop',
      response: authenticator.register({ challenge, origin: ORIGIN, rpId: RP_ID }),
    });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors.response).toEqual(['passkey.expired']);

    const next = (await agent.post('/api/user/me/passkeys/options')).json().data.challenge;
    const otherRp = await agent.post('/api/user/me/passkeys', {
      name: 'Laptop',
      response: authenticator.register({ challenge: next, origin: ORIGIN, rpId: 'evil.test' }),
    });
    expect(otherRp.json().errors.response).toEqual(['passkey.invalid']);

    // A challenge lives five minutes.
    const late = (await agent.post('/api/user/me/passkeys/options')).json().data.challenge;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + PASSKEYS.challengeMinutes * 60_000 + 1000);
    const expired = await agent.post('/api/user/me/passkeys', {
      name: 'Laptop',
      response: authenticator.register({ challenge: late, origin: ORIGIN, rpId: RP_ID }),
    });
    expect(expired.json().errors.response).toEqual(['passkey.expired']);
    vi.useRealTimers();
    expect(await server.ctx.db.select().from(userPasskeys).where(eq(userPasskeys.user_id, user.id))).toEqual([]);
  });

  it("a challenge is the session's own: another session of the same user cannot answer it", async () => {
    const { user, agent } = await signedIn();
    const other = new Agent(server.app);
    await other.login(user.email, user.plainPassword);
    const challenge = (await agent.post('/api/user/me/passkeys/options')).json().data.challenge;
    const res = await other.post('/api/user/me/passkeys', {
      name: 'Laptop',
      response: new SoftAuthenticator().register({ challenge, origin: ORIGIN, rpId: RP_ID }),
    });
    expect(res.json().errors.response).toEqual(['passkey.expired']);
    const [row] = await server.ctx.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, challenge));
    expect(row?.purpose).toBe('register');
  });

  it('a credential already registered (to anyone) is a 409', async () => {
    const first = await signedIn();
    const { authenticator } = await addPasskey(first.agent);
    const second = await signedIn();
    const challenge = (await second.agent.post('/api/user/me/passkeys/options')).json().data.challenge;
    const res = await second.agent.post('/api/user/me/passkeys', {
      name: 'Copy',
      response: authenticator.register({ challenge, origin: ORIGIN, rpId: RP_ID }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This passkey is already registered.');
  });

  it('bad input is a 422 keyed by field: no name, a long name, no answer, an answer of the wrong shape', async () => {
    const { agent } = await signedIn();
    const challenge = (await agent.post('/api/user/me/passkeys/options')).json().data.challenge;
    const response = new SoftAuthenticator().register({ challenge, origin: ORIGIN, rpId: RP_ID });
    const empty = await agent.post('/api/user/me/passkeys', { name: '  ', response });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.name).toEqual(['errors.required']);
    const long = await agent.post('/api/user/me/passkeys', { name: 'x'.repeat(61), response });
    expect(long.json().errors.name).toEqual(['errors.max60']);
    const none = await agent.post('/api/user/me/passkeys', { name: 'Laptop' });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toContain('response');
    const broken = await agent.post('/api/user/me/passkeys', {
      name: 'Laptop',
      response: { ...response, response: { ...response.response, clientDataJSON: 'not base64url!' } },
    });
    expect(broken.statusCode).toBe(422);
    expect(Object.keys(broken.json().errors)).toContain('response.response.clientDataJSON');
    const garbage = await agent.post('/api/user/me/passkeys', {
      name: 'Laptop',
      response: { ...response, response: { ...response.response, clientDataJSON: 'e30' } },
    });
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json().errors.response).toEqual(['passkey.invalid']);
  });

  it('unauthenticated is 401 on every route of one’s own passkeys; a write without the CSRF header is 419', async () => {
    const anonymous = new Agent(server.app);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.get('/api/user/me/passkeys')).statusCode).toBe(401);
    expect((await anonymous.post('/api/user/me/passkeys/options')).statusCode).toBe(401);
    expect((await anonymous.post('/api/user/me/passkeys', { name: 'x' })).statusCode).toBe(401);
    expect((await anonymous.delete('/api/user/me/passkeys/1')).statusCode).toBe(401);
    const { agent } = await signedIn();
    expect((await agent.post('/api/user/me/passkeys/options', undefined, { csrf: false })).statusCode).toBe(419);
    expect((await agent.delete('/api/user/me/passkeys/1', { csrf: false })).statusCode).toBe(419);
  });
});

describe('signing in with a passkey', () => {
  it('the password step offers a passkey; its answer signs in on a new session, keeping the counter and the time', async () => {
    const { user, agent } = await signedIn();
    const { authenticator } = await addPasskey(agent);
    const { agent: next, res } = await passwordStep(user.email, user.plainPassword);
    expect(res.json()).toEqual({ two_factor: true, passkey: true });
    expect((await next.get('/api/user/me')).statusCode).toBe(401);
    const options = (await next.post('/api/login/passkey/options')).json().data;
    expect(options.rpId).toBe(RP_ID);
    expect(options.allowCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);
    const before = next.xsrf;
    const done = await next.post('/api/login/passkey', {
      response: authenticator.authenticate({ challenge: options.challenge, origin: ORIGIN, rpId: RP_ID }),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ id: user.id, two_factor: true, token: expect.any(String) });
    expect(next.xsrf).not.toBe(before);
    expect((await next.get('/api/user/me')).statusCode).toBe(200);
    const [row] = await server.ctx.db.select().from(userPasskeys).where(eq(userPasskeys.user_id, user.id));
    expect(row?.counter).toBe(1);
    expect(row?.last_used_at).toBeInstanceOf(Date);
    expect((await next.get('/api/user/me/passkeys')).json().data[0].last_used_at).toEqual(expect.any(String));
  });

  it('a replayed answer is refused: its challenge was spent by the first sign-in', async () => {
    const { user, agent } = await signedIn();
    const { authenticator } = await addPasskey(agent);
    const first = await passwordStep(user.email, user.plainPassword);
    const answer = authenticator.authenticate({
      challenge: await signInChallenge(first.agent),
      origin: ORIGIN,
      rpId: RP_ID,
    });
    expect((await first.agent.post('/api/login/passkey', { response: answer })).statusCode).toBe(200);
    const second = await passwordStep(user.email, user.plainPassword);
    await signInChallenge(second.agent);
    const replay = await second.agent.post('/api/login/passkey', { response: answer });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors.response).toEqual(['passkey.expired']);
    expect((await second.agent.get('/api/user/me')).statusCode).toBe(401);
  });

  it('another origin, a counter that goes back, or a bad signature is refused', async () => {
    const { user, agent } = await signedIn();
    const { authenticator } = await addPasskey(agent);
    const { agent: next } = await passwordStep(user.email, user.plainPassword);
    const foreign = await next.post('/api/login/passkey', {
      response: authenticator.authenticate({
        challenge: await signInChallenge(next),
        origin: 'http://evil.test',
        rpId: RP_ID,
      }),
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.response).toEqual(['passkey.invalid']);
    // A cloned authenticator shows as a counter that does not move on.
    expect(
      (
        await next.post('/api/login/passkey', {
          response: authenticator.authenticate(
            { challenge: await signInChallenge(next), origin: ORIGIN, rpId: RP_ID },
            { counter: 5 },
          ),
        })
      ).statusCode,
    ).toBe(200);
    const again = await passwordStep(user.email, user.plainPassword);
    const cloned = await again.agent.post('/api/login/passkey', {
      response: authenticator.authenticate(
        { challenge: await signInChallenge(again.agent), origin: ORIGIN, rpId: RP_ID },
        { counter: 3 },
      ),
    });
    expect(cloned.statusCode).toBe(422);
    const answer = authenticator.authenticate({
      challenge: await signInChallenge(again.agent),
      origin: ORIGIN,
      rpId: RP_ID,
    });
    const tampered = await again.agent.post('/api/login/passkey', {
      response: { ...answer, response: { ...answer.response, signature: Buffer.alloc(70, 1).toString('base64url') } },
    });
    expect(tampered.statusCode).toBe(422);
    expect((await again.agent.get('/api/user/me')).statusCode).toBe(401);
  });

  it("another user's passkey does not sign this user in", async () => {
    const owner = await signedIn();
    const { authenticator } = await addPasskey(owner.agent);
    const victim = await signedIn();
    await addPasskey(victim.agent);
    const { agent: next } = await passwordStep(victim.user.email, victim.user.plainPassword);
    const res = await next.post('/api/login/passkey', {
      response: authenticator.authenticate({ challenge: await signInChallenge(next), origin: ORIGIN, rpId: RP_ID }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.response).toEqual(['passkey.invalid']);
    expect((await next.get('/api/user/me')).statusCode).toBe(401);
  });

  it('without a waiting password step the routes are 401; a user without a passkey gets no options (422)', async () => {
    const anonymous = new Agent(server.app);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.post('/api/login/passkey/options')).statusCode).toBe(401);
    const answer = new SoftAuthenticator().authenticate({ challenge: 'x', origin: ORIGIN, rpId: RP_ID });
    expect((await anonymous.post('/api/login/passkey', { response: answer })).statusCode).toBe(401);
    // A signed-in session is no waiting one either.
    const { agent } = await signedIn();
    expect((await agent.post('/api/login/passkey/options')).statusCode).toBe(401);
    // A password step of a user with the authenticator app only.
    const { user, agent: owner } = await signedIn();
    const setup = (await owner.post('/api/user/me/two-factor')).json();
    await owner.post('/api/user/me/two-factor/enable', { code: totpCode(setup.secret, Date.now()) });
    const { agent: next, res } = await passwordStep(user.email, user.plainPassword);
    expect(res.json()).toEqual({ two_factor: true });
    const none = await next.post('/api/login/passkey/options');
    expect(none.statusCode).toBe(422);
    expect((await next.post('/api/login/passkey', { response: { id: 1 } })).statusCode).toBe(422);
  });

  it('the recovery codes of a passkey-only user sign in too', async () => {
    const { user, agent } = await signedIn();
    const { res } = await addPasskey(agent);
    const codes = res.json().recovery_codes as string[];
    const { agent: next } = await passwordStep(user.email, user.plainPassword);
    expect((await next.post('/api/login/two-factor', { recovery_code: codes[0] })).statusCode).toBe(200);
  });

  it('a passkey-only user makes new recovery codes with the password (no app code to type); the old ones stop', async () => {
    const { user, agent } = await signedIn();
    const { res } = await addPasskey(agent);
    const codes = res.json().recovery_codes as string[];
    const wrong = await agent.post('/api/user/me/two-factor/recovery-codes', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: ['auth.failed'] });
    const none = await agent.post('/api/user/me/two-factor/recovery-codes', {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ code: ['errors.required'] });

    const renewed = await agent.post('/api/user/me/two-factor/recovery-codes', { password: user.plainPassword });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json().recovery_codes as string[];
    expect(fresh).toHaveLength(TWO_FACTOR.recoveryCodes);
    const { agent: old } = await passwordStep(user.email, user.plainPassword);
    expect((await old.post('/api/login/two-factor', { recovery_code: codes[0] })).statusCode).toBe(422);
    expect((await old.post('/api/login/two-factor', { recovery_code: fresh[0] })).statusCode).toBe(200);
  });

  it('a user with the authenticator app still needs its code: the password alone makes no new codes', async () => {
    const { user, agent } = await signedIn();
    const setup = (await agent.post('/api/user/me/two-factor')).json();
    const on = await agent.post('/api/user/me/two-factor/enable', { code: totpCode(setup.secret, Date.now()) });
    expect(on.statusCode, on.body).toBe(200);
    const res = await agent.post('/api/user/me/two-factor/recovery-codes', { password: user.plainPassword });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: ['errors.required'] });
  });
});

describe('removing passkeys', () => {
  it("removes one's own; another user's is a 404; the last one turns two-factor sign-in off with its recovery codes", async () => {
    const { user, agent } = await signedIn();
    await addPasskey(agent, 'Phone');
    await addPasskey(agent, 'Key');
    const [key, phone] = (await agent.get('/api/user/me/passkeys')).json().data as { id: number }[];
    const stranger = await signedIn();
    expect((await stranger.agent.delete(`/api/user/me/passkeys/${key?.id}`)).statusCode).toBe(404);
    expect((await agent.delete('/api/user/me/passkeys/abc')).statusCode).toBe(404);
    const removed = await agent.delete(`/api/user/me/passkeys/${key?.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('The passkey has been removed.');
    expect((await agent.get('/api/user/me/two-factor')).json().data.recovery_codes_left).toBe(10);
    expect((await agent.delete(`/api/user/me/passkeys/${phone?.id}`)).statusCode).toBe(200);
    expect((await agent.get('/api/user/me/two-factor')).json().data).toMatchObject({
      enabled: false,
      recovery_codes_left: 0,
    });
    const { res } = await passwordStep(user.email, user.plainPassword);
    expect(res.json().data).toMatchObject({ id: user.id, two_factor: false });
  });

  it('while two-factor sign-in is required: a passkey meets the rule, and the last factor cannot be removed (409)', async () => {
    const { user, agent } = await signedIn();
    await addPasskey(agent, 'Phone');
    const [phone] = (await agent.get('/api/user/me/passkeys')).json().data as { id: number }[];
    await setRequired(true);
    try {
      const { res } = await passwordStep(user.email, user.plainPassword);
      expect(res.json()).toEqual({ two_factor: true, passkey: true });
      const refused = await agent.delete(`/api/user/me/passkeys/${phone?.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/required for all staff/);
      // With the authenticator app on too, the passkey may go; then the app may not.
      const setup = (await agent.post('/api/user/me/two-factor')).json();
      const now = Date.now();
      expect(
        (await agent.post('/api/user/me/two-factor/enable', { code: totpCode(setup.secret, now) })).statusCode,
      ).toBe(200);
      expect((await agent.delete(`/api/user/me/passkeys/${phone?.id}`)).statusCode).toBe(200);
      const off = await agent.post('/api/user/me/two-factor/disable', {
        password: user.plainPassword,
        code: totpCode(setup.secret, now + TWO_FACTOR.periodSeconds * 1000),
      });
      expect(off.json().errors.code).toEqual(['twoFactor.required']);
    } finally {
      await setRequired(false);
    }
  });

  it('with a passkey left, turning the authenticator app off keeps two-factor sign-in and the recovery codes', async () => {
    const { user, agent } = await signedIn();
    const setup = (await agent.post('/api/user/me/two-factor')).json();
    const now = Date.now();
    await agent.post('/api/user/me/two-factor/enable', { code: totpCode(setup.secret, now) });
    const { res } = await addPasskey(agent);
    expect(res.json().recovery_codes).toBeUndefined();
    const off = await agent.post('/api/user/me/two-factor/disable', {
      password: user.plainPassword,
      code: totpCode(setup.secret, now + TWO_FACTOR.periodSeconds * 1000),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe('The authenticator app is off; your passkeys still sign you in.');
    expect((await agent.get('/api/user/me/two-factor')).json().data).toEqual({
      enabled: true,
      totp: false,
      required: false,
      recovery_codes_left: TWO_FACTOR.recoveryCodes,
    });
  });

  it("role 1's reset forgets the passkeys too; a role-2 editor gets 403 resetting another user's", async () => {
    const { user, agent } = await signedIn();
    await addPasskey(agent);
    const editor = await signedIn();
    expect((await editor.agent.delete(`/api/user/${user.id}/two-factor`)).statusCode).toBe(403);
    const admin = await signedIn(ROLES.admin);
    expect((await admin.agent.get(`/api/user/${user.id}`)).json().data.two_factor).toBe(true);
    expect((await admin.agent.delete(`/api/user/${user.id}/two-factor`)).statusCode).toBe(200);
    expect(await server.ctx.db.select().from(userPasskeys).where(eq(userPasskeys.user_id, user.id))).toEqual([]);
    expect((await agent.get('/api/user/me')).statusCode).toBe(401);
  });
});
