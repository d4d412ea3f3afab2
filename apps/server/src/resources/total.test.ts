import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { statisticsKept } from '../db/client.js';
import { articles } from '../db/schema.js';
import { useSignedInServer } from '../test/content-cases.js';
import { withStatements } from '../test/statements.js';
import { listTotal, totalMeta, totalPolicy } from './total.js';

// A list's total (docs/features/lists.md "Totals"): exact up to its limit, the planner's estimate past it, and the
// estimate alone (no count) when it is ten times the limit or more.

const ctx = useSignedInServer();
const ROWS = 2_000;

const kinds = (statements: string[]) => statements.map((s) => (/^explain/i.test(s) ? 'estimate' : 'count'));

describe('listTotal', () => {
  let db: Db;
  const rows = () => db.select({ one: sql`1` }).from(articles).$dynamic();
  beforeAll(async () => {
    db = ctx.server.ctx.db;
    // The sign-in's jobs (its new-device mail) run now, not among the statements the first case captures.
    await ctx.server.app.jobs.drain();
    await db.execute(sql`insert into articles (status) select true from generate_series(1, ${ROWS})`);
    await db.execute(sql`analyze articles`);
  });

  const estimateFirst = { estimateFirst: true };
  // PGlite has no autovacuum: its estimates may be of a table long gone, so it always counts first.
  const first = (statements: string[]) =>
    statisticsKept(db) ? statements : statements.filter((k) => k !== 'estimate');

  it('counts exactly up to its limit', async () => {
    const { result, statements } = await withStatements(db, () =>
      listTotal(db, rows, { limit: 5_000, ...estimateFirst }),
    );
    expect(result).toEqual({ total: ROWS, approximate: false });
    expect(kinds(statements)).toEqual(first(['estimate', 'count']));
  });

  it('past its limit, answers the estimate, never below the limit + 1', async () => {
    const { result, statements } = await withStatements(db, () =>
      listTotal(db, rows, { limit: 500, ...estimateFirst }),
    );
    expect(result.approximate).toBe(true);
    expect(result.total).toBeGreaterThan(500);
    // ANALYZE ran: the estimate is close to the truth.
    expect(Math.abs(result.total - ROWS)).toBeLessThan(ROWS * 0.1);
    expect(kinds(statements)).toEqual(statisticsKept(db) ? ['estimate', 'count'] : ['count', 'estimate']);
  });

  it('on PostgreSQL takes an estimate of ten times the limit or more without counting', async () => {
    const { result, statements } = await withStatements(db, () =>
      listTotal(db, rows, { limit: 100, ...estimateFirst }),
    );
    expect(result.approximate).toBe(true);
    expect(Math.abs(result.total - ROWS)).toBeLessThan(ROWS * 0.1);
    expect(kinds(statements)).toEqual(statisticsKept(db) ? ['estimate'] : ['count', 'estimate']);
  });

  it('without the estimate first, counts first and asks the estimate only past the limit', async () => {
    const exact = await withStatements(db, () => listTotal(db, rows, { limit: 5_000, estimateFirst: false }));
    expect(exact.result).toEqual({ total: ROWS, approximate: false });
    expect(kinds(exact.statements)).toEqual(['count']);
    const past = await withStatements(db, () => listTotal(db, rows, { limit: 100, estimateFirst: false }));
    expect(past.result.approximate).toBe(true);
    expect(kinds(past.statements)).toEqual(['count', 'estimate']);
  });

  it('every page counts its total: a save through the API shows in the next page at once', async () => {
    const counts = (statements: string[]) => statements.filter((s) => /^select count\(\*\)/.test(s)).length;
    const page = async (n: number) => {
      const { result, statements } = await withStatements(db, () => ctx.admin.get(`/api/blog/?status=0&page=${n}`));
      return { total: (result.json() as { meta: { total: number } }).meta.total, counted: counts(statements) };
    };
    await db.execute(
      sql`update articles set status = false where id in (select id from articles order by id limit 30)`,
    );
    expect(await page(1)).toEqual({ total: 30, counted: 1 });
    expect(await page(2)).toEqual({ total: 30, counted: 1 });
    const [record] = (
      (await db.execute(sql`select id from articles where status = false order by id limit 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    expect((await ctx.admin.post('/api/blog/array/publish', { rows: [record?.id] })).statusCode).toBe(200);
    expect(await page(2)).toEqual({ total: 29, counted: 1 });
    await db.execute(sql`update articles set status = true`);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'a total counted while a write to its table is in flight counts it once that write commits',
    async () => {
      const policy = { limit: 5_000, estimateFirst: false };
      let id = 0;
      await db.transaction(async (tx) => {
        const inserted = (await tx.execute(
          sql`insert into articles (status) values (true) returning id`,
        )) as unknown as {
          rows: { id: number }[];
        };
        id = Number(inserted.rows[0]?.id);
        // Counted on another connection: the insert is not visible yet.
        expect(await listTotal(db, rows, policy)).toMatchObject({ total: ROWS, approximate: false });
      });
      expect(await listTotal(db, rows, policy)).toMatchObject({ total: ROWS + 1, approximate: false });
      await db.execute(sql`delete from articles where id = ${id}`);
      expect(await listTotal(db, rows, policy)).toMatchObject({ total: ROWS, approximate: false });
    },
  );

  it('only the list itself is estimated first: not searched, not filtered, not by translation state', () => {
    expect(totalPolicy({}, false)).toMatchObject({ limit: 10_000, estimateFirst: true });
    expect(totalPolicy({}, true)).toMatchObject({ limit: 10_000, estimateFirst: false });
    expect(totalPolicy({ search: 'x' }, false)).toMatchObject({ limit: 1_000, estimateFirst: false });
    expect(totalPolicy({ translation: 'missing_en' }, false)).toMatchObject({ limit: 1_000, estimateFirst: false });
  });

  it('a first page with room to spare is the exact total, whatever was estimated', () => {
    const estimated = { total: 31_872, approximate: true };
    expect(totalMeta(estimated, { page: 1, per_page: 20 }, 0)).toMatchObject({ total: 0, last_page: 1 });
    expect(totalMeta(estimated, { page: 1, per_page: 20 }, 7)).toMatchObject({ total: 7 });
    expect(totalMeta(estimated, { page: 1, per_page: 20 }, 7)).not.toHaveProperty('total_approximate');
    expect(totalMeta(estimated, { page: 1, per_page: 20 }, 20)).toMatchObject({
      total: 31_872,
      total_approximate: true,
    });
    expect(totalMeta(estimated, { page: 3, per_page: 20 }, 5)).toMatchObject({
      total: 31_872,
      total_approximate: true,
    });
  });
});
