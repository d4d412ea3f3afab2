import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';

/** A job's work; it throws to be tried again later. Its payload is what `enqueue` stored, read back as JSON. */
export type JobHandler = (payload: unknown) => Promise<void>;

/** What a server may run, by kind. A kind without a handler waits for a server that has one. */
export type JobHandlers = Record<string, JobHandler>;

export const JOB_LIMITS = {
  /** How often a server looks for due jobs besides the nudge that follows each enqueue. */
  pollMs: 2_000,
  /** How long a taken job stays with its server; a server killed meanwhile leaves it to the others after this. */
  lockMs: 120_000,
  /** Tries before a job is marked failed; waits between them grow 30 s, 2 min, 8 min, … */
  maxAttempts: 6,
  firstRetryMs: 30_000,
  batch: 20,
} as const;

/**
 * Stores a job in the caller's transaction or on its own: once this resolves, the work will be done by some server
 * even if this one dies the next instant (docs/DEPLOY.md: an acknowledged request is durable). `runAt` puts it off.
 */
export async function enqueue(db: Pick<Db, 'insert'>, kind: string, payload: Record<string, unknown>, runAt?: Date) {
  await db.insert(jobs).values({ kind, payload, ...(runAt ? { run_at: runAt } : {}) });
}

export interface JobRunner {
  /** Runs the due jobs soon, after the current answer has gone out. */
  nudge(): void;
  /** Runs due jobs until none is left (tests, shutdown); waits for a run already under way. */
  drain(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Takes due jobs with `FOR UPDATE SKIP LOCKED` (two servers never take the same one), runs them one by one and
 * deletes each that succeeds; a failure is tried again later with a growing wait, and marked failed after
 * `maxAttempts`. A taken job carries `locked_until`, so a job whose server was killed is taken again later.
 */
export function jobRunner(db: Db, handlers: JobHandlers, log: FastifyBaseLogger): JobRunner {
  const kinds = Object.keys(handlers);
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  // `run_at` keeps milliseconds and rounds `now()` to them, up as often as down: a job stored in this very
  // millisecond counts as due.
  async function claim() {
    if (kinds.length === 0) return [];
    const result = (await db.execute(sql`
      update ${jobs}
      set locked_until = now() + make_interval(secs => ${JOB_LIMITS.lockMs / 1000}), attempts = attempts + 1
      where id in (
        select id from ${jobs}
        where failed_at is null and run_at <= now() + interval '1 millisecond'
          and (locked_until is null or locked_until < now())
          and kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
        order by id
        limit ${JOB_LIMITS.batch}
        for update skip locked
      )
      returning id, kind, payload, attempts`)) as unknown as {
      rows: { id: number; kind: string; payload: unknown; attempts: number }[];
    };
    // RETURNING keeps no order: jobs run in the order they were stored.
    return result.rows.sort((a, b) => a.id - b.id);
  }

  async function runOnce(): Promise<number> {
    const taken = await claim();
    for (const job of taken) {
      try {
        await (handlers[job.kind] as JobHandler)(job.payload);
        await db.delete(jobs).where(eq(jobs.id, job.id));
      } catch (err) {
        const last = job.attempts >= JOB_LIMITS.maxAttempts;
        const waitMs = JOB_LIMITS.firstRetryMs * 4 ** (job.attempts - 1);
        log.warn({ err, job: job.id, kind: job.kind, attempts: job.attempts, gaveUp: last }, 'job failed');
        await db
          .update(jobs)
          .set({
            locked_until: null,
            last_error: String((err as Error)?.message ?? err).slice(0, 2000),
            run_at: sql`now() + make_interval(secs => ${waitMs / 1000})`,
            ...(last ? { failed_at: sql`now()` } : {}),
          })
          .where(eq(jobs.id, job.id));
      }
    }
    return taken.length;
  }

  /** One run at a time per server; a run that took a full batch goes on with the next. */
  function run(): Promise<number> {
    running ??= (async () => {
      let total = 0;
      try {
        for (;;) {
          const n = await runOnce();
          total += n;
          if (n < JOB_LIMITS.batch || stopped) break;
        }
      } catch (err) {
        log.error({ err }, 'job run failed');
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  return {
    nudge() {
      if (!stopped) setImmediate(() => void run());
    },
    async drain() {
      if (running) await running;
      while ((await run()) > 0) {}
    },
    start() {
      stopped = false;
      timer ??= setInterval(() => void run(), JOB_LIMITS.pollMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (running) await running;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}
