import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';

// What the migrations set on every trigram index a list searches (docs/features/lists.md, "Search"), read from the
// catalogue of a migrated database: no rows needed (the list queries themselves: list.test.ts).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the trigram indexes of the lists', () => {
  it('every column a list searches through a trigram index keeps a ten times finer histogram (migration 0022)', async () => {
    // The search's row estimate comes from the column's histogram; at the default target it flipped the plan of a
    // word in 1 % of the titles between 12 and 140 ms (docs/features/lists.md, "Search").
    const result = (await server.ctx.db.execute(sql`
      select c.relname as tbl, coalesce(a.attname, ic.relname) as col, coalesce(ia.attstattarget, a.attstattarget) as target
      from pg_index i
      join pg_class ic on ic.oid = i.indexrelid
      join pg_class c on c.oid = i.indrelid
      join pg_opclass o on o.oid = i.indclass[0]
      left join pg_attribute a on i.indkey[0] <> 0 and a.attrelid = i.indrelid and a.attnum = i.indkey[0]
      left join pg_attribute ia on i.indkey[0] = 0 and ia.attrelid = i.indexrelid and ia.attnum = 1
      where o.opcname = 'gin_trgm_ops' and ic.relname not like '%fold_trgm_idx'
      order by 1, 2`)) as unknown as { rows: { tbl: string; col: string; target: number | null }[] };
    expect(result.rows.length).toBeGreaterThanOrEqual(20);
    expect(result.rows.filter((r) => Number(r.target) !== 1000)).toEqual([]);
  });

  it('no trigram index keeps a pending list, which only a vacuum empties (migration 0023)', async () => {
    // PGlite never vacuums: with the list a search of 20,000 users read it through (41 ms instead of 0.1 ms).
    const result = (await server.ctx.db.execute(sql`
      select ic.relname as name, coalesce(array_to_string(ic.reloptions, ','), '') as options
      from pg_index i
      join pg_class ic on ic.oid = i.indexrelid
      join pg_opclass o on o.oid = i.indclass[0]
      where o.opcname = 'gin_trgm_ops'
      order by 1`)) as unknown as { rows: { name: string; options: string }[] };
    expect(result.rows.length).toBeGreaterThanOrEqual(40);
    expect(result.rows.filter((r) => !r.options.split(',').includes('fastupdate=false'))).toEqual([]);
  });
});
