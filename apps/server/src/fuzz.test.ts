import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FuzzSession, formatResult } from './test/fuzz-session.js';

// A fixed sample by default, so a failure is the same on every run; FUZZ_SEED and FUZZ_COUNT try others.
const SEED = Number(process.env.FUZZ_SEED ?? 1324);
const COUNT = Number(process.env.FUZZ_COUNT ?? 2000);

describe('every write endpoint of the API document under generated bad input', () => {
  let session: FuzzSession;
  beforeAll(async () => {
    session = await FuzzSession.start();
  });
  afterAll(() => session?.close());

  it(`${COUNT} generated requests (seed ${SEED}) get no 5xx, a message on every error, and a refusal writes nothing`, async () => {
    const result = await session.run({ seed: SEED, count: COUNT });
    const report = formatResult(result);
    expect(result.failures.length, report).toBe(0);
    // Every write operation of the document was tried, and the sample reached past validation too.
    const untried = session.operations.map((op) => `${op.method} ${op.path}`).filter((e) => !result.byEndpoint[e]);
    expect(untried, report).toEqual([]);
    expect(result.byStatus[422] ?? 0, report).toBeGreaterThan(COUNT / 4);
    expect((result.byStatus[200] ?? 0) + (result.byStatus[201] ?? 0), report).toBeGreaterThan(COUNT / 10);
  }, 600_000);
});
