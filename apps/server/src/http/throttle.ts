import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginAttempts } from '../db/schema.js';
import { sha256 } from './crypto.js';
import { throttled } from './errors.js';

/** The share of counted attempts that also sweep the rows of every key past the longest window (one day). */
const SWEEP_CHANCE = 0.01;

/**
 * A window of attempts per key, kept in the database so every server process shares it (docs/DEPLOY.md).
 *
 * `hit` counts an attempt before the work it guards is done (the password check, the reset mail) and throws 429
 * with Retry-After once `max` attempts fall inside the window. The count and the insert happen under a
 * transaction-level advisory lock on the key, so requests that arrive at once, on one process or several, are
 * counted one after another: no burst gets more than `max` attempts checked. Times are the database's, so
 * servers with different clocks agree. Keys are stored hashed (they hold e-mail addresses).
 *
 * The times are read once the lock is held (`clock_timestamp()`), not at the transaction's start (`now()`): a
 * transaction that began before the one ahead of it in the lock's queue would otherwise see that attempt in its
 * future and answer a Retry-After one second longer than the window. The column keeps milliseconds: a time rounded up
 * to them could lie ahead of the next request's clock too (61 s again), so times are truncated, and the answer is
 * never more than the window.
 */
export function attemptThrottle(db: Db, max: number, windowMs: number, { sweepChance = SWEEP_CHANCE } = {}) {
  const windowSql = sql`make_interval(secs => ${windowMs / 1000})`;
  const windowSeconds = sql.raw(String(Math.ceil(windowMs / 1000)));
  // Truncated, not rounded, to the column's milliseconds: a stored attempt is never later than the clock that reads it.
  const clock = sql`date_trunc('milliseconds', clock_timestamp())`;
  return {
    async hit(key: string) {
      const hashed = sha256(key);
      const waitSeconds = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login_attempts'), hashtext(${hashed}))`);
        await tx
          .delete(loginAttempts)
          .where(and(eq(loginAttempts.key, hashed), lte(loginAttempts.attempted_at, sql`${clock} - ${windowSql}`)));
        const [row] = await tx
          .select({
            n: sql<number>`count(*)::int`,
            wait: sql<number>`least(${windowSeconds}, ceil(extract(epoch from min(${loginAttempts.attempted_at}) + ${windowSql} - ${clock})))::int`,
          })
          .from(loginAttempts)
          .where(eq(loginAttempts.key, hashed));
        if (row && row.n >= max) return Math.max(1, row.wait ?? 1);
        await tx.insert(loginAttempts).values({ key: hashed, attempted_at: clock });
        // Keys that are never counted again (a spray of e-mails) would stay for good: now and then, every row
        // older than the longest window goes.
        if (Math.random() < sweepChance) {
          await tx.delete(loginAttempts).where(lte(loginAttempts.attempted_at, sql`${clock} - interval '2 days'`));
        }
        return 0;
      });
      if (waitSeconds > 0) throw throttled(waitSeconds);
    },
    /** Forgets the attempts of a key (a successful sign-in). */
    async clear(key: string) {
      await db.delete(loginAttempts).where(eq(loginAttempts.key, sha256(key)));
    },
  };
}
