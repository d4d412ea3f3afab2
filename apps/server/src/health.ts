// Readiness and liveness (docs/DEPLOY.md "Starting, readiness and stopping"). Readiness asks what a request needs:
// the database and the file storage; mail that keeps failing makes the answer "degraded" but leaves the process in
// the load balancer, as pages and saves still work. Liveness asks nothing but the process itself.
import { and, count, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from './context.js';
import { jobs } from './db/schema.js';
import { StorageUnavailableError } from './media/object-store.js';
import { objectStore } from './media/storage.js';
import { SIGN_IN_ALERT_JOB } from './modules/auth/guesses.js';
import { PASSWORD_RESET_JOB } from './modules/auth/service.js';
import { FORM_CONFIRMATION_JOB, FORM_STAFF_MAIL_JOB } from './modules/forms/mail.js';

/** The jobs that send mail: one failing, or given up on in the last day, makes mail "degraded". */
const MAIL_JOBS = [PASSWORD_RESET_JOB, SIGN_IN_ALERT_JOB, FORM_STAFF_MAIL_JOB, FORM_CONFIRMATION_JOB];

const checksSchema = z.object({
  database: z.enum(['ok', 'unavailable']),
  storage: z.enum(['ok', 'missing-bucket', 'unreachable', 'refused', 'unwritable', 'unknown']),
  mail: z.enum(['ok', 'degraded', 'unknown']),
});
type Checks = z.infer<typeof checksSchema>;

async function databaseCheck(ctx: AppContext): Promise<Checks['database']> {
  try {
    await ctx.db.execute(sql`select 1`);
    return 'ok';
  } catch {
    return 'unavailable';
  }
}

async function storageCheck(ctx: AppContext): Promise<Checks['storage']> {
  try {
    await objectStore(ctx.config).check();
    return 'ok';
  } catch (err) {
    return err instanceof StorageUnavailableError ? err.reason : 'unknown';
  }
}

async function mailCheck(ctx: AppContext): Promise<Checks['mail']> {
  try {
    const [row] = await ctx.db
      .select({ n: count() })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, MAIL_JOBS),
          or(and(isNull(jobs.failed_at), gt(jobs.attempts, 0)), gt(jobs.failed_at, sql`now() - interval '1 day'`)),
        ),
      );
    return Number(row?.n ?? 0) > 0 ? 'degraded' : 'ok';
  } catch {
    return 'unknown';
  }
}

export function registerHealth(app: FastifyInstance, ctx: AppContext) {
  // Asked every few seconds by a proxy or an orchestrator: logged only when something goes wrong.
  app.get(
    '/api/health',
    {
      logLevel: 'warn',
      schema: {
        response: {
          200: z.object({ status: z.literal('ok'), checks: checksSchema }).meta({
            description: 'The database and the file storage answer; `mail` is `degraded` while mail keeps failing.',
          }),
          503: z.object({ status: z.literal('unavailable'), checks: checksSchema }).meta({
            description: 'The database or the file storage does not answer; `checks` says which and why.',
          }),
        },
      },
    },
    async (_request, reply) => {
      const [database, storage] = await Promise.all([databaseCheck(ctx), storageCheck(ctx)]);
      const mail = database === 'ok' ? await mailCheck(ctx) : 'unknown';
      const checks = { database, storage, mail };
      if (database === 'ok' && storage === 'ok') return { status: 'ok' as const, checks };
      return reply.code(503).send({ status: 'unavailable' as const, checks });
    },
  );

  app.get(
    '/api/health/live',
    {
      logLevel: 'warn',
      schema: {
        response: { 200: z.object({ status: z.literal('ok') }).meta({ description: 'The process answers.' }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
}
