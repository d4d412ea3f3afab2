import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { enqueue, JOB_LIMITS, jobRunner } from './queue.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const log = { warn() {}, error() {} } as unknown as Parameters<typeof jobRunner>[2];
const rowsOf = (kind: string) => server.ctx.db.select().from(jobs).where(eq(jobs.kind, kind));

describe('the job queue', () => {
  it('runs a stored job once and removes it', async () => {
    const seen: unknown[] = [];
    const runner = jobRunner(server.ctx.db, { 'test.once': async (p) => void seen.push(p) }, log);
    await enqueue(server.ctx.db, 'test.once', { n: 1 });
    await runner.drain();
    await runner.drain();
    expect(seen).toEqual([{ n: 1 }]);
    expect(await rowsOf('test.once')).toEqual([]);
  });

  it('two servers draining at once never run the same job twice', async () => {
    const seen: number[] = [];
    const handler = async (p: unknown) => void seen.push((p as { n: number }).n);
    const a = jobRunner(server.ctx.db, { 'test.shared': handler }, log);
    const b = jobRunner(server.ctx.db, { 'test.shared': handler }, log);
    for (let n = 0; n < 50; n++) await enqueue(server.ctx.db, 'test.shared', { n });
    await Promise.all([a.drain(), b.drain(), a.drain()]);
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, n) => n));
  });

  it('a failing job is kept with its error and tried again later, then marked failed', async () => {
    let calls = 0;
    const runner = jobRunner(
      server.ctx.db,
      {
        'test.failing': async () => {
          calls++;
          throw new Error('smtp down');
        },
      },
      log,
    );
    await enqueue(server.ctx.db, 'test.failing', {});
    await runner.drain();
    const [row] = await rowsOf('test.failing');
    expect(calls).toBe(1);
    expect(row).toMatchObject({ attempts: 1, last_error: 'smtp down', locked_until: null, failed_at: null });
    expect((row?.run_at.getTime() ?? 0) - Date.now()).toBeGreaterThan(JOB_LIMITS.firstRetryMs - 5_000);
    await runner.drain();
    expect(calls).toBe(1);

    for (let i = 1; i < JOB_LIMITS.maxAttempts; i++) {
      await server.ctx.db.update(jobs).set({ run_at: sql`now()` }).where(eq(jobs.kind, 'test.failing'));
      await runner.drain();
    }
    expect(calls).toBe(JOB_LIMITS.maxAttempts);
    const [failed] = await rowsOf('test.failing');
    expect(failed?.failed_at).toBeInstanceOf(Date);
    await server.ctx.db.update(jobs).set({ run_at: sql`now()` }).where(eq(jobs.kind, 'test.failing'));
    await runner.drain();
    expect(calls).toBe(JOB_LIMITS.maxAttempts);
  });

  it('a job whose server died while holding it is taken again once its hold runs out', async () => {
    const seen: unknown[] = [];
    const runner = jobRunner(server.ctx.db, { 'test.orphan': async (p) => void seen.push(p) }, log);
    await enqueue(server.ctx.db, 'test.orphan', { n: 7 });
    // What a server killed mid-job leaves behind: the job taken, attempts counted, never finished.
    await server.ctx.db
      .update(jobs)
      .set({ attempts: 1, locked_until: sql`now() + interval '1 minute'` })
      .where(eq(jobs.kind, 'test.orphan'));
    await runner.drain();
    expect(seen).toEqual([]);
    await server.ctx.db
      .update(jobs)
      .set({ locked_until: sql`now() - interval '1 second'` })
      .where(eq(jobs.kind, 'test.orphan'));
    await runner.drain();
    expect(seen).toEqual([{ n: 7 }]);
    expect(await rowsOf('test.orphan')).toEqual([]);
  });

  it('a kind this server has no handler for is left for one that has', async () => {
    const runner = jobRunner(server.ctx.db, { 'test.other': async () => {} }, log);
    await enqueue(server.ctx.db, 'test.unknown', {});
    await runner.drain();
    expect(await rowsOf('test.unknown')).toHaveLength(1);
  });
});
