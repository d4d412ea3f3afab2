import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginAttempts } from '../db/schema.js';
import { throttled } from './errors.js';

/**
 * A fixed window of failures per key, kept in the database so several servers share it (DESIGN §7).
 * `check` throws 429 with Retry-After once `max` failures fall inside the window.
 */
export function failureThrottle(db: Db, max: number, windowMs: number) {
  const since = () => new Date(Date.now() - windowMs);
  return {
    async check(key: string) {
      const [row] = await db
        .select({ n: count(), first: min(loginAttempts.attempted_at) })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.key, key), gt(loginAttempts.attempted_at, since())));
      if (row && row.n >= max && row.first) {
        const waitMs = new Date(row.first).getTime() + windowMs - Date.now();
        throw throttled(Math.max(1, Math.ceil(waitMs / 1000)));
      }
    },
    async fail(key: string) {
      await db.delete(loginAttempts).where(and(eq(loginAttempts.key, key), lt(loginAttempts.attempted_at, since())));
      await db.insert(loginAttempts).values({ key });
    },
    async clear(key: string) {
      await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
    },
  };
}
