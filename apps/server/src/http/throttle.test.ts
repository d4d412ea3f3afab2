import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { loginAttempts } from '../db/schema.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { sha256 } from './crypto.js';
import { HttpError } from './errors.js';
import { attemptThrottle } from './throttle.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (err) => (err instanceof HttpError ? err.status : 500),
  );

describe('attemptThrottle', () => {
  it('counts attempts that arrive at once one after another: exactly max pass', async () => {
    const throttle = attemptThrottle(server.ctx.db, { max: 3, windowMs: 60_000 });
    const statuses = await Promise.all(Array.from({ length: 12 }, () => statusOf(throttle.hit('burst'))));
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  it('answers 429 with the seconds until the oldest attempt leaves the window', async () => {
    const throttle = attemptThrottle(server.ctx.db, { max: 1, windowMs: 60_000 });
    await throttle.hit('wait');
    const err = await throttle.hit('wait').catch((e: HttpError) => e);
    expect(err).toBeInstanceOf(HttpError);
    const seconds = Number((err as HttpError).headers['Retry-After']);
    expect(seconds).toBeGreaterThan(55);
    expect(seconds).toBeLessThanOrEqual(60);
  });

  // On PostgreSQL requests wait for the lock in transactions of their own: one that began before the attempt
  // ahead of it in the queue must still ask for no more than the window (it asked for 61 s when `now()` was used).
  it.runIf(process.env.TEST_DB === 'postgres')(
    'a request whose transaction began before the attempt it waits behind asks for at most the window',
    async () => {
      const other = await openDatabase({ url: server.config.databaseUrl, dataDir: 'memory://' });
      try {
        const err = await server.ctx.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await new Promise((resolve) => setTimeout(resolve, 30));
          await attemptThrottle(other.db, { max: 1, windowMs: 60_000 }).hit('begun-before');
          return attemptThrottle(server.ctx.db, { max: 1, windowMs: 60_000 })
            .hit('begun-before', tx)
            .catch((e: HttpError) => e);
        });
        expect(err).toBeInstanceOf(HttpError);
        expect(Number((err as HttpError).headers['Retry-After'])).toBeLessThanOrEqual(60);
      } finally {
        await other.close();
      }
    },
  );

  // The column keeps milliseconds; an attempt stored ahead of the clock that reads it (a time rounded up to them)
  // asked for 61 s.
  it('asks for at most the window even when the oldest attempt lies ahead of the clock', async () => {
    await server.ctx.db
      .insert(loginAttempts)
      .values({ key: sha256('ahead'), attempted_at: sql`clock_timestamp() + interval '400 milliseconds'` });
    const err = await attemptThrottle(server.ctx.db, { max: 1, windowMs: 60_000 })
      .hit('ahead')
      .catch((e: HttpError) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(Number((err as HttpError).headers['Retry-After'])).toBe(60);
  });

  it('lets a key in again once its attempts are older than the window, and clear forgets them', async () => {
    const throttle = attemptThrottle(server.ctx.db, { max: 1, windowMs: 60_000 });
    await throttle.hit('window');
    expect(await statusOf(throttle.hit('window'))).toBe(429);
    await server.ctx.db.update(loginAttempts).set({ attempted_at: sql`now() - interval '61 seconds'` });
    expect(await statusOf(throttle.hit('window'))).toBe(200);
    await throttle.clear('window');
    expect(await statusOf(throttle.hit('window'))).toBe(200);
  });

  it('several limits on a key make a back-off: each refuses with the wait of its own window', async () => {
    const throttle = attemptThrottle(server.ctx.db, [
      { max: 2, windowMs: 60_000 },
      { max: 3, windowMs: 3_600_000 },
    ]);
    const age = (seconds: number) =>
      server.ctx.db
        .update(loginAttempts)
        .set({ attempted_at: sql`${loginAttempts.attempted_at} - make_interval(secs => ${seconds})` })
        .where(eq(loginAttempts.key, sha256('stepped')));
    expect(await statusOf(throttle.hit('stepped'))).toBe(200);
    expect(await statusOf(throttle.hit('stepped'))).toBe(200);
    const minute = await throttle.hit('stepped').catch((e: HttpError) => e);
    expect(Number((minute as HttpError).headers['Retry-After'])).toBeLessThanOrEqual(60);
    await age(61);
    expect(await statusOf(throttle.hit('stepped'))).toBe(200);
    const hour = await throttle.hit('stepped').catch((e: HttpError) => e);
    expect(hour).toBeInstanceOf(HttpError);
    expect(Number((hour as HttpError).headers['Retry-After'])).toBeGreaterThan(3_500);
    // The attempts older than the shorter window are kept for the longer one.
    const rows = await server.ctx.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.key, sha256('stepped')));
    expect(rows).toHaveLength(3);
  });

  it('refund takes back the newest attempt only', async () => {
    const throttle = attemptThrottle(server.ctx.db, { max: 2, windowMs: 60_000 });
    await throttle.hit('refund');
    await throttle.hit('refund');
    await throttle.refund('refund');
    expect(await statusOf(throttle.hit('refund'))).toBe(200);
    expect(await statusOf(throttle.hit('refund'))).toBe(429);
  });

  it('stores keys hashed, and sweeps every key past the longest window now and then', async () => {
    await server.ctx.db
      .insert(loginAttempts)
      .values({ key: 'forgotten', attempted_at: new Date(Date.now() - 3 * 86_400_000) });
    await attemptThrottle(server.ctx.db, { max: 5, windowMs: 60_000 }, { sweepChance: 1 }).hit(
      'login|someone@example.com|1.2.3.4',
    );
    const keys = (await server.ctx.db.select({ key: loginAttempts.key }).from(loginAttempts)).map((r) => r.key);
    expect(keys).not.toContain('forgotten');
    expect(keys).toContain(sha256('login|someone@example.com|1.2.3.4'));
    expect(keys.some((k) => k.includes('someone@example.com'))).toBe(false);
  });
});
