import { ROLES } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../../db/schema.js';
import { sha256 } from '../../http/crypto.js';
import { buildUser } from '../../test/factories.js';
import { Agent, startTestServer, type TestServer } from '../../test/harness.js';
import { CODE_LIMITS, DEVICE_COOKIE, PASSWORD_LIMITS } from './guesses.js';
import { totpCode } from './totp.js';

/**
 * The sign-in limits across addresses (guesses.ts, SECURITY.md): per account, with a known device's own allowance and
 * the owner's alert.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PASSWORDS = PASSWORD_LIMITS[0]?.max as number;
const CODES = CODE_LIMITS[0]?.max as number;
let addresses = 0;
/** A new address for each request that should not meet the per-address limit. */
const nextAddress = () => `10.${Math.floor(++addresses / 250) % 250}.${addresses % 250}.7`;

const post = (agent: Agent, url: string, payload: Record<string, unknown>, remoteAddress: string) =>
  agent.request({ method: 'POST', url, payload, remoteAddress });

/** A browser that has not signed in before: a session and its CSRF token, nothing more. */
async function newBrowser() {
  const agent = new Agent(server.app);
  await agent.get('/sanctum/csrf-cookie');
  return agent;
}

const mailsTo = (email: string) => server.mails.filter((m) => m.to === email);

/** Runs the jobs (the alerts) and answers the mails sent to `email` since `before`. */
async function alertsTo(email: string, before: number) {
  await server.app.jobs.drain();
  return mailsTo(email).slice(before);
}

describe('passwords across addresses', () => {
  it(`${PASSWORDS} wrong passwords an hour from unknown browsers lock the account for them; the owner is mailed once`, async () => {
    const user = await buildUser(server.ctx.db, { role_id: ROLES.editor, language_code: 'en' });
    // The owner signed in from this browser before: it carries the known-device cookie.
    const owner = new Agent(server.app);
    await owner.login(user.email, user.plainPassword);
    expect(owner.rawHeaders().cookie).toContain(`${DEVICE_COOKIE}=`);
    const before = mailsTo(user.email).length;

    // Credential stuffing from many addresses, a few tries each (under the per-address limit of 5 a minute).
    const statuses = await Promise.all(
      Array.from({ length: PASSWORDS + 5 }, async (_, i) => {
        const agent = await newBrowser();
        const res = await post(agent, '/api/login', { email: user.email, password: `guess-${i}` }, nextAddress());
        return res.statusCode;
      }),
    );
    expect(statuses.filter((s) => s === 422)).toHaveLength(PASSWORDS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);

    // The right password from an unknown browser is refused too, with the wait until the oldest guess leaves.
    const stranger = await newBrowser();
    const refused = await post(
      stranger,
      '/api/login',
      { email: user.email, password: user.plainPassword },
      nextAddress(),
    );
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.json().message).toBe('Too many attempts. Try again in 60 minutes.');

    // The owner's browser keeps its own allowance: the owner signs in.
    await owner.get('/sanctum/csrf-cookie');
    const signedIn = await post(
      owner,
      '/api/login',
      { email: user.email, password: user.plainPassword },
      nextAddress(),
    );
    expect(signedIn.statusCode).toBe(200);

    // One alert, in the owner's language, however long the attack goes on.
    const alerts = await alertsTo(user.email, before);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.subject).toBe('Sign-ins to your account have been paused');
    expect(alerts[0]?.text).toContain(`${PASSWORDS} times within an hour`);
    expect(
      await post(await newBrowser(), '/api/login', { email: user.email, password: 'x1' }, nextAddress()),
    ).toMatchObject({ statusCode: 429 });
    expect(await alertsTo(user.email, before)).toHaveLength(1);
  });

  it("a device cookie of another account, or a forged one, counts as an unknown browser's", async () => {
    const user = await buildUser(server.ctx.db, { role_id: ROLES.editor });
    const other = await buildUser(server.ctx.db, { role_id: ROLES.editor });
    const otherBrowser = new Agent(server.app);
    await otherBrowser.login(other.email, other.plainPassword);
    const device = /bo_device=([^;]+)/.exec(otherBrowser.rawHeaders().cookie)?.[1] as string;
    await server.ctx.db.insert(loginAttempts).values(
      Array.from({ length: PASSWORDS }, () => ({
        key: sha256(`login|${user.email.toLowerCase()}`),
        attempted_at: sql`clock_timestamp()`,
      })),
    );
    for (const cookie of [device, `${device.split('.')[0]}.forged`, 'x']) {
      const agent = await newBrowser();
      const res = await agent.request({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: user.plainPassword },
        remoteAddress: nextAddress(),
        headers: { cookie: `${agent.rawHeaders().cookie}; ${DEVICE_COOKIE}=${cookie}` },
      });
      expect(res.statusCode, cookie).toBe(429);
    }
    // The other account's own browser is not limited by this account's count.
    await otherBrowser.get('/sanctum/csrf-cookie');
    expect(
      (await otherBrowser.post('/api/login', { email: other.email, password: other.plainPassword })).statusCode,
    ).toBe(200);
  });

  it('an unknown e-mail is limited the same way and mails nobody', async () => {
    const email = 'nobody-here@example.com';
    await server.app.jobs.drain();
    const mails = server.mails.length;
    const statuses = await Promise.all(
      Array.from(
        { length: PASSWORDS + 2 },
        async (_, i) =>
          (await post(await newBrowser(), '/api/login', { email, password: `guess-${i}` }, nextAddress())).statusCode,
      ),
    );
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    await server.app.jobs.drain();
    expect(server.mails.length).toBe(mails);
  });
});

describe('two-factor codes across addresses', () => {
  /** A user with two-factor sign-in on, enabled from `owner` (which is then a known device), and the secret. */
  async function withTwoFactor() {
    const user = await buildUser(server.ctx.db, { role_id: ROLES.editor, language_code: 'sk' });
    const owner = new Agent(server.app);
    await owner.login(user.email, user.plainPassword);
    const { secret } = (await owner.post('/api/user/me/two-factor')).json() as { secret: string };
    const enabled = await owner.post('/api/user/me/two-factor/enable', { code: totpCode(secret, Date.now()) });
    expect(enabled.statusCode).toBe(200);
    return { user, owner, secret, recovery: enabled.json().recovery_codes as string[] };
  }

  /** The password step from a new browser at `address`: the browser then waits for its code. */
  async function passwordStep(user: { email: string; plainPassword: string }, address: string, agent?: Agent) {
    const browser = agent ?? (await newBrowser());
    await browser.get('/sanctum/csrf-cookie');
    const res = await post(browser, '/api/login', { email: user.email, password: user.plainPassword }, address);
    expect(res.json()).toEqual({ two_factor: true });
    return browser;
  }

  it(`wrong codes from six addresses: ${CODES} are checked, the rest refused; the owner is mailed once`, async () => {
    const { user, owner, secret } = await withTwoFactor();
    const before = mailsTo(user.email).length;
    const statuses: number[] = [];
    for (let a = 0; a < 6; a++) {
      const address = nextAddress();
      const browser = await passwordStep(user, address);
      for (let i = 0; i < 5; i++) {
        const wrong = totpCode(secret, Date.now()) === '000000' ? '111111' : '000000';
        statuses.push((await post(browser, '/api/login/two-factor', { code: wrong }, address)).statusCode);
      }
    }
    expect(statuses.filter((s) => s === 422)).toHaveLength(CODES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - CODES);

    // Recovery codes count the same: refused unchecked.
    const address = nextAddress();
    const stranger = await passwordStep(user, address);
    const recovery = await post(stranger, '/api/login/two-factor', { recovery_code: 'aaaaa-aaaaa' }, address);
    expect(recovery.statusCode).toBe(429);
    expect(Number(recovery.headers['retry-after'])).toBeLessThanOrEqual(60);

    // The owner's browser signs in with its code all the same.
    const ownerAddress = nextAddress();
    await passwordStep(user, ownerAddress, owner);
    const code = await post(
      owner,
      '/api/login/two-factor',
      { code: totpCode(secret, Date.now() + 30_000) },
      ownerAddress,
    );
    expect(code.statusCode).toBe(200);

    const alerts = await alertsTo(user.email, before);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.subject).toBe('Nesprávne overovacie kódy k vášmu účtu');
    expect(alerts[0]?.html).toContain('lang="sk"');
  });

  it('after the first minute the back-off holds: 30 codes an hour, then 100 a day', async () => {
    const { user, secret } = await withTwoFactor();
    const wrong = () => (totpCode(secret, Date.now()) === '000000' ? '111111' : '000000');
    /** Sends codes from new addresses until one is refused; answers how many were checked and the wait. */
    async function guessUntilRefused() {
      let checked = 0;
      for (;;) {
        const address = nextAddress();
        const browser = await passwordStep(user, address);
        const res = await post(browser, '/api/login/two-factor', { code: wrong() }, address);
        if (res.statusCode === 429) return { checked, wait: Number(res.headers['retry-after']) };
        expect(res.statusCode).toBe(422);
        checked++;
      }
    }
    /** Moves the account's counted codes back in time, as if `seconds` had passed. */
    const age = (seconds: number) =>
      server.ctx.db.execute(
        sql`update login_attempts set attempted_at = attempted_at - make_interval(secs => ${seconds})
            where key = ${sha256(`two_factor|${user.id}`)}`,
      );
    expect(await guessUntilRefused()).toMatchObject({ checked: 10 });
    await age(61);
    expect(await guessUntilRefused()).toMatchObject({ checked: 10 });
    await age(61);
    const hourly = await guessUntilRefused();
    expect(hourly.checked).toBe(10);
    await age(61);
    const third = await guessUntilRefused();
    expect(third.checked).toBe(0);
    expect(third.wait).toBeGreaterThan(3300);
  });

  it('turning two-factor sign-in off counts its codes against the account too', async () => {
    const { user, owner, secret, recovery } = await withTwoFactor();
    // A second session of the user in a browser without the device cookie (a stolen session, say).
    const second = await passwordStep(user, nextAddress());
    const signedIn = await second.post('/api/login/two-factor', { recovery_code: recovery[0] });
    expect(signedIn.statusCode).toBe(200);
    second.forget(DEVICE_COOKIE);
    await server.ctx.db.insert(loginAttempts).values(
      Array.from({ length: CODES }, () => ({
        key: sha256(`two_factor|${user.id}`),
        attempted_at: sql`clock_timestamp()`,
      })),
    );
    const input = { password: user.plainPassword, code: totpCode(secret, Date.now() + 30_000) };
    expect((await second.post('/api/user/me/two-factor/disable', input)).statusCode).toBe(429);
    // The owner's browser is a known device, with an allowance of its own.
    expect((await owner.post('/api/user/me/two-factor/disable', input)).statusCode).toBe(200);
  });
});
