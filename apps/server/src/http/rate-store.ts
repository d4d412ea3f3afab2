import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginAttempts } from '../db/schema.js';

/**
 * A store for @fastify/rate-limit that keeps its counters in the database (the throttle table sign-in uses, under
 * its own keys), so several servers behind a load balancer share one limit per address (docs/DEPLOY.md). Each request
 * is one row; rows older than the window are removed as the key is counted again.
 */
export function databaseRateLimitStore(db: Db) {
  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const since = new Date(Date.now() - timeWindow);
      const work = async () => {
        await db.delete(loginAttempts).where(and(eq(loginAttempts.key, key), lt(loginAttempts.attempted_at, since)));
        await db.insert(loginAttempts).values({ key });
        const [row] = await db
          .select({ n: count(), first: min(loginAttempts.attempted_at) })
          .from(loginAttempts)
          .where(and(eq(loginAttempts.key, key), gt(loginAttempts.attempted_at, since)));
        const first = row?.first ? new Date(row.first).getTime() : Date.now();
        return { current: row?.n ?? 1, ttl: Math.max(0, first + timeWindow - Date.now()) };
      };
      work().then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child() {
      return new DatabaseStore();
    }
  }
  return DatabaseStore;
}
