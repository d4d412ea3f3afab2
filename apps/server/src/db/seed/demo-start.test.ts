import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { hasTraffic } from '../../modules/analytics/queries.js';
import { type Started, startServer } from '../../server.js';
import { scratchDatabase } from '../../test/processes.js';
import type { Db } from '../client.js';
import { analyticsDaily, analyticsSessions, jobs, texts } from '../schema.js';
import { DEMO_TRAFFIC_JOB } from './demo.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-demo-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const demoConfig = (env: Record<string, string> = {}) =>
  loadConfig({
    DATA_DIR: dataDir,
    MEDIA_DIR: join(dataDir, 'media'),
    SESSION_SECRET: 'x'.repeat(40),
    LOG_LEVEL: 'silent',
    SEED_DEMO: '1',
    ...env,
  });

const start = (env: Record<string, string> = {}, lines: string[] = []) =>
  startServer(demoConfig(env), { logger: false, log: (line) => lines.push(line) });

const rows = async (db: Db) => {
  const [days] = await db.select({ n: count() }).from(analyticsDaily);
  const [sessions] = await db.select({ n: count() }).from(analyticsSessions);
  const [waiting] = await db.select({ n: count() }).from(jobs).where(eq(jobs.kind, DEMO_TRAFFIC_JOB));
  return { days: Number(days?.n), sessions: Number(sessions?.n), waiting: Number(waiting?.n) };
};

describe('the demo seed at start-up', () => {
  it('answers before the traffic exists, the job writes it, and a restart seeds nothing again', async () => {
    const first: string[] = [];
    let server: Started = await start({}, first);
    try {
      const db = server.database.db;
      const [content] = await db.select({ n: count() }).from(texts);
      expect(Number(content?.n)).toBeGreaterThan(0);
      expect(await hasTraffic(db)).toBe(false);
      expect((await rows(db)).waiting).toBe(1);
      expect(first.some((line) => line.includes('written once the server answers'))).toBe(true);

      await server.demoJobs.drain();
      const seeded = await rows(db);
      expect(seeded.days).toBe(90);
      expect(seeded.sessions).toBeGreaterThan(0);
      expect(seeded.waiting).toBe(0);
    } finally {
      await server.app.close();
    }

    const again: string[] = [];
    server = await start({}, again);
    try {
      expect(again.filter((line) => line.startsWith('Demo:'))).toEqual([]);
      expect((await rows(server.database.db)).waiting).toBe(0);
    } finally {
      await server.app.close();
    }
  }, 240_000);

  it.skipIf(!onPostgres)(
    'two processes started at once on one database write the traffic once',
    async () => {
      const database = await scratchDatabase();
      const servers: Started[] = [];
      try {
        servers.push(...(await Promise.all([0, 1].map(() => start({ DATABASE_URL: database.url })))));
        await Promise.all(servers.map((s) => s.demoJobs.drain()));
        const once = await rows((servers[0] as Started).database.db);
        expect(once.days).toBe(90);
        expect(once.waiting).toBe(0);
      } finally {
        await Promise.all(servers.map((s) => s.app.close()));
        await database.drop();
      }
    },
    240_000,
  );
});
