import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { analyticsPageviews } from './db/schema.js';
import { startServer } from './server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-server-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('startServer', () => {
  it('writes the beacons still queued before its database closes', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' });
    const { app } = await startServer(config, { logger: false, log: () => {} });
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/collect',
        payload: JSON.stringify({ type: 'view', visitor: 'closing-visitor', view: `closing-view-${i}`, path: '/' }),
        headers: { 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0' },
      });
      expect(res.statusCode).toBe(204);
    }
    await app.close();
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      const [row] = await database.db.select({ n: count() }).from(analyticsPageviews);
      expect(row?.n).toBe(3);
    } finally {
      await database.close();
    }
  }, 120_000);
});
