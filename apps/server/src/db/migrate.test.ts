import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from './client.js';
import { applyMigrations, migrationsFolder } from './migrate.js';

const clients: PGlite[] = [];
const fresh = async () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  clients.push(client);
  await client.waitReady;
  return client;
};
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

/** Tables with their columns, indexes with their definitions, constraints, and drizzle's bookkeeping. */
async function describeSchema(client: PGlite) {
  const columns = await client.query(
    `select table_schema, table_name, column_name, data_type, is_nullable, column_default
     from information_schema.columns where table_schema in ('public', 'drizzle') order by 1, 2, 3`,
  );
  const indexes = await client.query(
    `select schemaname, tablename, indexname, indexdef from pg_indexes
     where schemaname in ('public', 'drizzle') order by 1, 2, 3`,
  );
  const constraints = await client.query(
    `select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def from pg_constraint
     where connamespace in ('public'::regnamespace, 'drizzle'::regnamespace) order by 1, 2`,
  );
  const applied = await client.query('select hash, created_at from drizzle.__drizzle_migrations order by id');
  return { columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows, applied: applied.rows };
}

describe('applyMigrations', () => {
  it("gives an empty database the schema and bookkeeping drizzle's migrator gives it, then does nothing", async () => {
    const [ours, theirs] = await Promise.all([fresh(), fresh()]);
    const db = drizzle(ours) as unknown as Db;
    expect(await applyMigrations(db, (script) => ours.exec(script))).toBe(true);
    await migrate(drizzle(theirs), { migrationsFolder });
    const schema = await describeSchema(ours);
    expect(schema.applied.length).toBeGreaterThan(10);
    expect(schema).toEqual(await describeSchema(theirs));

    expect(await applyMigrations(db, (script) => ours.exec(script))).toBe(false);
    // drizzle's migrator agrees that nothing is pending.
    await migrate(drizzle(ours), { migrationsFolder });
    expect(await describeSchema(ours)).toEqual(schema);
  }, 120_000);

  it('applies a script as one transaction: a failing statement leaves nothing behind', async () => {
    const client = await fresh();
    await expect(client.exec('create table half_done (x int);\nselect 1 / 0;')).rejects.toThrow();
    const { rows } = await client.query("select to_regclass('public.half_done') as t");
    expect(rows).toEqual([{ t: null }]);
  }, 60_000);

  it("fills each record's translation flags from its language rows' state (migration 0021)", async () => {
    // The migrations before it, from a copy of the folder whose journal stops there.
    const before = mkdtempSync(join(tmpdir(), 'migrations-'));
    try {
      cpSync(migrationsFolder, before, { recursive: true });
      const journalPath = join(before, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
      const at = journal.entries.findIndex((e) => e.tag.startsWith('0021_'));
      expect(at).toBeGreaterThan(0);
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
      const client = await fresh();
      await migrate(drizzle(client), { migrationsFolder: before });
      // Text 1: its Slovak misses a field, its English is outdated; text 2: complete; page 1: its English misses one.
      await client.exec(`
        insert into languages (code, title) values ('sk', 'Slovensky'), ('en', 'English') on conflict do nothing;
        insert into texts (id) values (1), (2);
        insert into text_langs (text_id, language_code, title, missing, outdated)
          values (1, 'sk', 'A', true, false), (1, 'en', 'A', false, true), (2, 'sk', 'B', false, false),
            (2, 'en', 'B', false, false);
        insert into pages (id) values (1);
        insert into page_langs (page_id, language_code, title, title_url, missing)
          values (1, 'sk', 'P', 'p', false), (1, 'en', 'P', 'p', true);`);
      await migrate(drizzle(client), { migrationsFolder });
      const flags = 'translation_missing_sk as sk, translation_missing_en as en, translation_outdated as outdated';
      expect((await client.query(`select id, ${flags} from texts order by id`)).rows).toEqual([
        { id: 1, sk: true, en: false, outdated: true },
        { id: 2, sk: false, en: false, outdated: false },
      ]);
      expect((await client.query(`select ${flags} from text_langs where text_id = 1`)).rows).toEqual([
        { sk: true, en: false, outdated: true },
        { sk: true, en: false, outdated: true },
      ]);
      expect((await client.query(`select id, ${flags} from pages`)).rows).toEqual([
        { id: 1, sk: false, en: true, outdated: false },
      ]);
      expect((await client.query(`select ${flags} from page_langs where language_code = 'sk'`)).rows).toEqual([
        { sk: false, en: true, outdated: false },
      ]);
    } finally {
      rmSync(before, { recursive: true, force: true });
    }
  }, 120_000);
});
