// `GET /metrics` in Prometheus's text format (docs/DEPLOY.md "Metrics"), through prom-client: off unless METRICS_TOKEN
// is set, and then answered only to `Authorization: Bearer <token>`. Each process counts its own requests; the
// database's figures (the job queue) are the same from every process.
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from './context.js';
import { collectorsOf } from './modules/analytics/collector.js';

/** The pool's counts, where the database is PostgreSQL (node-postgres's Pool); PGlite has none. */
interface Pool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const poolOf = (db: unknown): Pool | undefined => {
  const client = (db as { $client?: Partial<Pool> }).$client;
  return typeof client?.totalCount === 'number' ? (client as Pool) : undefined;
};

const bearer = (header: string | undefined) => /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function registerMetrics(app: FastifyInstance, ctx: AppContext, token: string | undefined) {
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (`/api/blog/:id`), never the address itself: a label per id would grow without end.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  const pool = poolOf(ctx.db);
  new Gauge({
    name: 'db_pool_connections',
    help: "The database pool's connections by state (PostgreSQL only)",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'jobs',
    help: 'Jobs in the queue (every process): due now, running, failed for good',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const result = (await ctx.db.execute(sql`select
          count(*) filter (where failed_at is null and run_at <= now() and (locked_until is null or locked_until < now()))::int as due,
          count(*) filter (where failed_at is null and locked_until >= now())::int as running,
          count(*) filter (where failed_at is not null)::int as failed
        from jobs`)) as unknown as { rows: { due: number; running: number; failed: number }[] };
      const row = result.rows[0];
      for (const state of ['due', 'running', 'failed'] as const) this.set({ state }, Number(row?.[state] ?? 0));
    },
  });
  const collectors = () => collectorsOf(ctx.db);
  new Gauge({
    name: 'collector_batches_total',
    help: "Batches of page views this process's collector wrote",
    registers: [registry],
    collect() {
      this.set(collectors().reduce((n, c) => n + c.done.batches, 0));
    },
  });
  new Gauge({
    name: 'collector_beacons_total',
    help: "Page views this process's collector wrote (result=written) or refused (result=refused)",
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.set(
        { result: 'written' },
        collectors().reduce((n, c) => n + c.done.beacons, 0),
      );
      this.set(
        { result: 'refused' },
        collectors().reduce((n, c) => n + c.done.refused, 0),
      );
    },
  });
  new Gauge({
    name: 'collector_queued',
    help: 'Page views waiting to be written',
    registers: [registry],
    collect() {
      this.set(collectors().reduce((n, c) => n + c.waiting().queued, 0));
    },
  });
  new Gauge({
    name: 'collector_lag_seconds',
    help: 'How long the oldest waiting page view has waited',
    registers: [registry],
    collect() {
      this.set(Math.max(0, ...collectors().map((c) => c.waiting().lagMs)) / 1000);
    },
  });

  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    if (!same(bearer(request.headers.authorization), token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthorized' });
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
