import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpOnExit } from './scratch.js';

// A benchmark's undo steps (bench/lib/scratch.ts): a Ctrl-C while a run is cleaning up must not exit before the
// scratch database is dropped.

const signals = ['SIGINT', 'SIGTERM'] as const;
const before = new Map(signals.map((s) => [s, process.listeners(s)]));
afterEach(() => {
  for (const s of signals) {
    for (const listener of process.listeners(s))
      if (!before.get(s)?.includes(listener)) process.removeListener(s, listener);
  }
});

describe('cleanUpOnExit', () => {
  it('a second call waits for the pass already taking the steps, to the last one', async () => {
    const { cleanups, cleanUp } = cleanUpOnExit();
    const done: string[] = [];
    let closeDatabase = () => {};
    cleanups.push(() => void done.push('drop the scratch database'));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          closeDatabase = () => {
            done.push('close the database');
            resolve();
          };
        }),
    );
    const run = cleanUp();
    let signalled = false;
    const signal = cleanUp().then(() => {
      signalled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(signalled).toBe(false);
    closeDatabase();
    await signal;
    expect(done).toEqual(['close the database', 'drop the scratch database']);
    await run;
  });

  it('takes the steps pushed after a pass', async () => {
    const { cleanups, cleanUp } = cleanUpOnExit();
    const done: number[] = [];
    cleanups.push(() => void done.push(1));
    await cleanUp();
    cleanups.push(() => void done.push(2));
    await cleanUp();
    expect(done).toEqual([1, 2]);
  });
});
