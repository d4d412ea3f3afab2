import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, passwordResets } from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { ADMIN, Agent, startTestServer, type TestServer } from '../../test/harness.js';
import { withStatements } from '../../test/statements.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const resetLink = (mailText: string) => {
  const url = new URL(/https?:\/\/\S+reset-password\S+/.exec(mailText)?.[0] ?? '');
  return { token: url.searchParams.get('token') ?? '', email: url.searchParams.get('email') ?? '' };
};

describe('password reset', () => {
  it('the request does the same work for known and unknown e-mails: one job, no token and no mail yet', async () => {
    const user = await buildUser(server.ctx.db);
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    await server.app.jobs.drain();
    await server.app.jobs.stop();
    try {
      const tokensBefore = (await server.ctx.db.select().from(passwordResets)).length;
      const sent = server.mails.length;
      for (const email of [user.email, 'nobody-at-all@example.com']) {
        expect((await agent.post('/api/password', { email })).statusCode).toBe(200);
      }
      const queued = await server.ctx.db.select().from(jobs);
      expect(queued.map((j) => j.kind)).toEqual(['password_reset', 'password_reset']);
      expect((await server.ctx.db.select().from(passwordResets)).length).toBe(tokensBefore);
      expect(server.mails.length).toBe(sent);
      server.app.jobs.start();
      await server.app.jobs.drain();
      expect(server.mails.slice(sent).map((m) => m.to)).toEqual([user.email]);
      expect(await server.ctx.db.select().from(jobs)).toEqual([]);
    } finally {
      server.app.jobs.start();
    }
  });

  it('known and unknown e-mails are answered in the same time, with the same statements', async () => {
    // One user and one unknown e-mail per try: each is asked once, far below its throttle.
    const tries = 10;
    const users = await Promise.all(Array.from({ length: tries }, () => buildUser(server.ctx.db)));
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    await server.app.jobs.drain();
    // The runner stays still meanwhile: its statements are the job's, not the request's.
    await server.app.jobs.stop();
    const known: number[] = [];
    const unknown: number[] = [];
    const sent = { known: [] as string[][], unknown: [] as string[][] };
    try {
      for (let i = 0; i < tries; i++) {
        for (const [side, email, times] of [
          ['known', users[i]?.email ?? '', known],
          ['unknown', `nobody-${i}@example.net`, unknown],
        ] as const) {
          const started = performance.now();
          const { statements } = await withStatements(server.ctx.db, () => agent.post('/api/password', { email }));
          times.push(performance.now() - started);
          sent[side].push(statements);
        }
      }
    } finally {
      server.app.jobs.start();
    }
    await server.app.jobs.drain();
    // In every try the database sees the same statements whichever the e-mail (the lookup is the job's).
    expect(sent.known).toEqual(sent.unknown);
    // A busy machine only ever adds time, so each side's fastest try is its own cost. A password hash (scrypt,
    // about 30 ms here) on one side only would move that side's fastest by its time; noise in some tries would not.
    const fastest = (xs: number[]) => Math.min(...xs);
    expect(Math.abs(fastest(known) - fastest(unknown))).toBeLessThan(Math.max(15, fastest(unknown)));
  });

  it('reset requests are throttled per e-mail and address like sign-ins', async () => {
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => agent.post('/api/password', { email: 'flood@example.com' })),
    );
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });

  it('answers the same message for known and unknown e-mails and mails only the known one', async () => {
    const user = await buildUser(server.ctx.db, { language_code: 'en' });
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    const sent = server.mails.length;
    const known = await agent.post('/api/password', { email: user.email });
    await server.app.jobs.drain();
    const unknown = await agent.post('/api/password', { email: 'nobody@example.com' });
    await server.app.jobs.drain();
    expect(known.statusCode).toBe(200);
    expect(known.json().message).toBe(unknown.json().message);
    expect(server.mails.length).toBe(sent + 1);
    expect(server.mails.at(-1)?.to).toBe(user.email);
  });

  it('the mailed link resets the password once, in the user language, and ends the other sessions', async () => {
    const user = await buildUser(server.ctx.db, { language_code: 'sk' });
    const signedIn = new Agent(server.app);
    await signedIn.login(user.email, user.plainPassword);

    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    await agent.post('/api/password', { email: user.email });
    await server.app.jobs.drain();
    const mail = server.mails.at(-1);
    expect(mail?.subject).toBe('Obnovenie hesla');
    const { token, email } = resetLink(mail?.text ?? '');
    expect(email).toBe(user.email);

    const res = await agent.post('/api/password/reset', {
      token,
      email,
      password: 'brand-new',
      password_2: 'brand-new',
    });
    expect(res.statusCode).toBe(200);
    expect((await signedIn.get('/api/user/me')).statusCode).toBe(401);
    const again = await agent.post('/api/password/reset', {
      token,
      email,
      password: 'other-one',
      password_2: 'other-one',
    });
    expect(again.statusCode).toBe(422);
    await agent.login(user.email, 'brand-new');
  });

  it('an expired token is refused', async () => {
    const user = await buildUser(server.ctx.db);
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    await agent.post('/api/password', { email: user.email });
    await server.app.jobs.drain();
    const { token } = resetLink(server.mails.at(-1)?.text ?? '');
    await server.ctx.db
      .update(passwordResets)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.user_id, user.id));
    const res = await agent.post('/api/password/reset', {
      token,
      email: user.email,
      password: 'brand-new',
      password_2: 'brand-new',
    });
    expect(res.statusCode).toBe(422);
  });

  it('a token that is an object or an array is a 422, not a pass', async () => {
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    for (const token of [{ $ne: '' }, ['a'], 12]) {
      const res = await agent.post('/api/password/reset', {
        token,
        email: ADMIN.email,
        password: 'abcde',
        password_2: 'abcde',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.token).toBeDefined();
    }
  });

  it('mismatched passwords answer errors.passwordEqual, short ones errors.min5', async () => {
    const agent = new Agent(server.app);
    await agent.get('/sanctum/csrf-cookie');
    const res = await agent.post('/api/password/reset', {
      token: 'x',
      email: ADMIN.email,
      password: 'abc',
      password_2: 'abd',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ password: ['errors.min5'], password_2: ['errors.passwordEqual'] });
  });
});
