import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import type { Db } from './client.js';
import { afterCommit, inTransaction, onRollback, readTogether } from './transaction.js';

// The transaction scope of a write (docs/features/revisions.md "One transaction per write"), on the database the
// tests run on (PGlite, or PostgreSQL with TEST_DB=postgres).

let server: TestServer;
let db: Db;
beforeAll(async () => {
  server = await startTestServer();
  db = server.ctx.db;
  await db.execute(sql`create table scope_probe (note text not null)`);
});
afterAll(() => server.close());
beforeEach(async () => {
  await db.execute(sql`delete from scope_probe`);
});

const rows = async (query: SQL) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const notes = async () => (await rows(sql`select note from scope_probe order by note`)).map((row) => row.note);
const note = (text: string) => db.execute(sql`insert into scope_probe (note) values (${text})`);
const xact = async () => String((await rows(sql`select txid_current() as id`))[0]?.id);
class Refused extends Error {}

describe('inTransaction', () => {
  it("a module's own transaction inside it is a savepoint: its read sees the save, the rollback undoes both", async () => {
    const seen: unknown[] = [];
    const work = inTransaction(db, async () => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into scope_probe (note) values ('saved')`);
      });
      seen.push(...(await notes()));
      throw new Refused();
    });
    await expect(work).rejects.toBeInstanceOf(Refused);
    expect(seen).toEqual(['saved']);
    expect(await notes()).toEqual([]);
  });

  it('a failed savepoint inside is undone alone; the rest commits', async () => {
    await inTransaction(db, async () => {
      await note('kept');
      await db
        .transaction(async () => {
          await note('undone');
          throw new Refused();
        })
        .catch(() => {});
    });
    expect(await notes()).toEqual(['kept']);
  });

  it('a nested one is a savepoint whose hooks wait for the outer transaction', async () => {
    const events: string[] = [];
    await inTransaction(db, async () => {
      await inTransaction(db, async () => {
        await note('inner');
        void afterCommit(db, async () => void events.push('inner committed'));
      });
      await inTransaction(db, async () => {
        await note('refused');
        onRollback(db, async () => void events.push('refused rolled back'));
        throw new Refused();
      }).catch(() => {});
      events.push('outer work done');
    });
    expect(events).toEqual(['refused rolled back', 'outer work done', 'inner committed']);
    expect(await notes()).toEqual(['inner']);
  });

  it('runs the commit hooks after the commit and the rollback hooks after a rollback', async () => {
    const events: string[] = [];
    await inTransaction(db, async () => {
      await note('a');
      void afterCommit(db, async () => void events.push(`committed, visible: ${(await notes()).join()}`));
      onRollback(db, async () => void events.push('rolled back'));
    });
    await inTransaction(db, async () => {
      onRollback(db, async () => void events.push(`rolled back, visible: ${(await notes()).join()}`));
      await note('b');
      throw new Refused();
    }).catch(() => {});
    expect(events).toEqual(['committed, visible: a', 'rolled back, visible: a']);
  });

  it('without a transaction, afterCommit runs at once and onRollback answers false', async () => {
    const events: string[] = [];
    await afterCommit(db, async () => void events.push('now'));
    expect(onRollback(db, async () => void events.push('never'))).toBe(false);
    expect(events).toEqual(['now']);
  });

  it('work left running when it ends goes to the database, not to the finished transaction', async () => {
    let late: Promise<unknown> | undefined;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await inTransaction(db, async () => {
      await note('first');
      late = released.then(async () => ({ id: await xact(), notes: await notes() }));
    });
    // The next transaction (on PostgreSQL, likely on the connection the first gave back) is open when it goes on.
    const next = await inTransaction(db, async () => {
      const id = await xact();
      release();
      await new Promise((resolve) => setTimeout(resolve, 20));
      return id;
    });
    const after = (await late) as { id: string; notes: unknown[] };
    expect(after.notes).toEqual(['first']);
    expect(after.id).not.toBe(next);
  });

  it('scopes running at once stay apart: each query joins its own', async () => {
    const scope = () =>
      inTransaction(db, async () => {
        const first = await xact();
        await new Promise((resolve) => setTimeout(resolve, 20));
        return [first, await xact()];
      });
    const [a, b] = await Promise.all([scope(), scope()]);
    expect(a?.[0]).toBe(a?.[1]);
    expect(b?.[0]).toBe(b?.[1]);
    expect(a?.[0]).not.toBe(b?.[0]);
  });
});

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

    const scoped = traced();
    expect(await inTransaction(db, () => readTogether(db, scoped.reads))).toEqual(['a', 'b']);
    expect(scoped.trace).toEqual(['a start', 'a end', 'b start', 'b end']);

    const own = traced();
    expect(await db.transaction((tx) => readTogether(tx, own.reads))).toEqual(['a', 'b']);
    expect(own.trace).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});
