import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import type { Db } from './client.js';
import { readTogether } from './transaction.js';

// Reads side by side (transaction.ts), on the database the tests run on (PGlite, or PostgreSQL with TEST_DB=postgres).

let server: TestServer;
let db: Db;
beforeAll(async () => {
  server = await startTestServer();
  db = server.ctx.db;
});
afterAll(() => server.close());

describe('readTogether', () => {
  /** Two reads that note when each starts and ends, the first slower. */
  const traced = () => {
    const trace: string[] = [];
    const read = (name: string, ms: number) => async () => {
      trace.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      trace.push(`${name} end`);
      return name;
    };
    return { trace, reads: [read('a', 20), read('b', 0)] as const };
  };

  it('runs reads side by side on the pool, and one after the other in a transaction', async () => {
    const pool = traced();
    expect(await readTogether(db, pool.reads)).toEqual(['a', 'b']);
    expect(pool.trace).toEqual(['a start', 'b start', 'b end', 'a end']);

    const own = traced();
    expect(await db.transaction((tx) => readTogether(tx, own.reads))).toEqual(['a', 'b']);
    expect(own.trace).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});
