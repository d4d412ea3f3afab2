import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { loginAttempts } from '../db/schema.js';
import { sha256 } from './crypto.js';
import { throttled } from './errors.js';

/** The share of counted attempts that also sweep the rows of every key past the longest window (one day). */
const SWEEP_CHANCE = 0.01;

/** At most `max` attempts within `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Windows of attempts per key, kept in the database so every server process shares them (docs/DEPLOY.md).
 *
 * `hit` counts an attempt before the work it guards is done (the password check, the reset mail) and throws 429
 * with Retry-After once any of `limits` is met: several limits on one key make a back-off (10 a minute, then 30 an
 * hour, …), each answering the wait until its own oldest attempt leaves its window. The count and the insert happen
 * under a transaction-level advisory lock on the key, so requests that arrive at once, on one process or several, are
 * counted one after another: no burst gets more than `max` attempts checked. Times are the database's, so
 * servers with different clocks agree. Keys are stored hashed (they hold e-mail addresses). No window may be longer
 * than a day: rows older than two days are swept.
 *
 * The times are read once the lock is held (`clock_timestamp()`), not at the transaction's start (`now()`): a
 * transaction that began before the one ahead of it in the lock's queue would otherwise see that attempt in its
 * future and answer a Retry-After one second longer than the window. The column keeps milliseconds: a time rounded up
 * to them could lie ahead of the next request's clock too (61 s again), so times are truncated, and the answer is
 * never more than the window.
 */
export function attemptThrottle(db: Db, limits: Limit | readonly Limit[], { sweepChance = SWEEP_CHANCE } = {}) {
  const all = Array.isArray(limits) ? limits : [limits as Limit];
  // Truncated, not rounded, to the column's milliseconds: a stored attempt is never later than the clock that reads it.
  const clock = sql`date_trunc('milliseconds', clock_timestamp())`;
  const windowOf = (limit: Limit) => sql`make_interval(secs => ${limit.windowMs / 1000})`;
  const longest = windowOf(all.reduce((a, b) => (b.windowMs > a.windowMs ? b : a)));
  // Per limit: the attempts inside its window, and the seconds until the oldest of them leaves it.
  const figures = Object.fromEntries(
    all.flatMap((limit, i) => {
      const inside = sql`${loginAttempts.attempted_at} > ${clock} - ${windowOf(limit)}`;
      const seconds = sql.raw(String(Math.ceil(limit.windowMs / 1000)));
      const oldest = sql`min(${loginAttempts.attempted_at}) filter (where ${inside})`;
      return [
        [`n${i}`, sql<number>`count(*) filter (where ${inside})::int`],
        [
          `wait${i}`,
          sql<
            number | null
          >`least(${seconds}, ceil(extract(epoch from ${oldest} + ${windowOf(limit)} - ${clock})))::int`,
        ],
      ];
    }),
  );
  return {
    /**
     * Counts an attempt of `key`, or refuses it (429) when a limit is reached. Given `within` (the caller's
     * transaction), the attempt is counted there and undone with it.
     */
    async hit(key: string, within?: Tx) {
      const hashed = sha256(key);
      const count = async (tx: Tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login_attempts'), hashtext(${hashed}))`);
        await tx
          .delete(loginAttempts)
          .where(and(eq(loginAttempts.key, hashed), lte(loginAttempts.attempted_at, sql`${clock} - ${longest}`)));
        const [row] = await tx.select(figures).from(loginAttempts).where(eq(loginAttempts.key, hashed));
        const waits = all.map((limit, i) =>
          Number(row?.[`n${i}`] ?? 0) >= limit.max ? Math.max(1, Number(row?.[`wait${i}`] ?? 1)) : 0,
        );
        const wait = Math.max(0, ...waits);
        if (wait > 0) return wait;
        await tx.insert(loginAttempts).values({ key: hashed, attempted_at: clock });
        // Keys that are never counted again (a spray of e-mails) would stay for good: now and then, every row
        // older than the longest window goes.
        if (Math.random() < sweepChance) {
          await tx.delete(loginAttempts).where(lte(loginAttempts.attempted_at, sql`${clock} - interval '2 days'`));
        }
        return 0;
      };
      const waitSeconds = within ? await count(within) : await db.transaction(count);
      if (waitSeconds > 0) throw throttled(waitSeconds);
    },
    /** Takes back the newest attempt of a key: one that turned out right, where only failures should count. */
    async refund(key: string) {
      const hashed = sha256(key);
      await db.execute(sql`delete from ${loginAttempts} where ctid = (
        select ctid from ${loginAttempts} where ${loginAttempts.key} = ${hashed}
        order by ${loginAttempts.attempted_at} desc limit 1)`);
    },
    /** Forgets the attempts of a key (a successful sign-in). */
    async clear(key: string) {
      await db.delete(loginAttempts).where(eq(loginAttempts.key, sha256(key)));
    },
  };
}
