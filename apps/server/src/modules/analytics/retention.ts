import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { analyticsSessions } from '../../db/schema.js';
import { addDays, dayOf } from './days.js';

/** Sessions removed by one statement, so that no transaction holds millions of rows. */
const REMOVE_AT_ONCE = 5000;
/** How often the timer removes what has aged out. */
const RETENTION_EVERY_MS = 60 * 60 * 1000;

/**
 * Removes the raw sessions that began more than `keepDays` days before `now`, with their page views (the foreign
 * key cascades; a view never precedes its session). Nothing the statistics read changes: the roll-ups, the day
 * × visitor rows, the sketches, the visitors' first days and the goals (their session link becomes null) stay.
 * Answers the sessions removed.
 */
export async function removeOldRawEvents(db: Db, keepDays: number, now = new Date()): Promise<number> {
  const cutoff = addDays(dayOf(now), -keepDays);
  let removed = 0;
  for (;;) {
    const gone = await db
      .delete(analyticsSessions)
      .where(
        sql`${analyticsSessions.id} in (select ${analyticsSessions.id} from ${analyticsSessions} where ${lt(
          analyticsSessions.day,
          cutoff,
        )} limit ${REMOVE_AT_ONCE})`,
      )
      .returning({ id: analyticsSessions.id });
    removed += gone.length;
    if (gone.length < REMOVE_AT_ONCE) return removed;
  }
}

/** Runs removeOldRawEvents every hour (the timer never keeps the process alive); answers the stop function. */
export function startRawEventRetention(db: Db, keepDays: number, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => {
    removeOldRawEvents(db, keepDays).catch(onError);
  }, RETENTION_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
