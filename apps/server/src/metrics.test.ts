import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { startTestServer, type TestServer } from './test/harness.js';

// GET /metrics (docs/DEPLOY.md "Metrics"): off without METRICS_TOKEN, 401 without the token, and with it a text
// that a Prometheus text parser reads, holding the figures DEPLOY.md lists.

const TOKEN = 'metrics-token-of-the-test';
let server: TestServer;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  server = await startTestServer();
  app = await buildApp({ ...server.ctx, config: { ...server.ctx.config, metricsToken: TOKEN } }, { logger: false });
});
afterAll(async () => {
  await app.close();
  await server.close();
});

const scrape = (authorization?: string) =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('is not there without METRICS_TOKEN', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('answers 401 without the token or with another', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
  });

  it('with the token: requests by route and status, the jobs, the collector, memory and the event loop', async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/blog/12345' });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const families = new Map(parsePrometheusTextFormat(res.body).map((family) => [family.name, family]));
    const requests = families.get('http_requests_total')?.metrics ?? [];
    expect(requests).toContainEqual({ value: '1', labels: { method: 'GET', route: '/api/health', status: '200' } });
    // The route's pattern, never the address: one series however many ids are asked for.
    expect(requests).toContainEqual({ value: '1', labels: { method: 'GET', route: '/api/blog/:id', status: '401' } });
    expect(families.get('http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    const jobs = families.get('jobs')?.metrics.map((m) => m.labels?.state);
    expect(jobs).toEqual(['due', 'running', 'failed']);
    for (const name of [
      'collector_batches_total',
      'collector_beacons_total',
      'collector_queued',
      'collector_lag_seconds',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'db_pool_connections',
    ]) {
      expect(families.has(name), name).toBe(true);
    }
  });
});
