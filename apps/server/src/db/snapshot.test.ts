import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, snapshotFile, writeSnapshot } from './client.js';
import { lastApplied, newestMigration } from './migrate.js';

// The prepared embedded database (client.ts snapshotFile): `npm ci` writes it, a new DATA_DIR starts from it.
const dir = mkdtempSync(join(tmpdir(), 'backoffice-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the prepared embedded database', () => {
  it('is named after PGlite and the newest migration, and a new database starts from it, migrated', async () => {
    const file = await writeSnapshot();
    expect(file).toBe(snapshotFile());
    expect(file).toMatch(new RegExp(`pglite-\\d+\\.\\d+\\.\\d+-${newestMigration()}\\.tar\\.gz$`));
    const database = await openDatabase({ dataDir: join(dir, 'new') });
    try {
      expect(existsSync(join(dir, 'new/pglite/PG_VERSION'))).toBe(true);
      expect(await lastApplied(database.db)).toBe(newestMigration());
      expect(await database.migrate()).toBe(false);
      // Writable like any other, and kept: the next open reads the same database, not the snapshot again.
      await database.db.execute(sql`insert into languages (code, title, position) values ('sk', 'Slovensky', 1)`);
    } finally {
      await database.close();
    }
    const again = await openDatabase({ dataDir: join(dir, 'new') });
    try {
      const { rows } = (await again.db.execute(sql`select code from languages`)) as unknown as {
        rows: { code: string }[];
      };
      expect(rows).toEqual([{ code: 'sk' }]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('is unpacked whole or not at all: a folder left by a start stopped half-way is replaced', async () => {
    await writeSnapshot();
    const pglite = join(dir, 'stopped/pglite');
    // What a kill during the unpacking leaves: part of the cluster in the side folder, and a data folder without
    // PG_VERSION (a cluster that never finished).
    mkdirSync(join(`${pglite}.partial`, 'base'), { recursive: true });
    writeFileSync(join(`${pglite}.partial`, 'base/stray'), 'half');
    mkdirSync(pglite, { recursive: true });
    writeFileSync(join(pglite, 'stray'), 'half');
    const database = await openDatabase({ dataDir: join(dir, 'stopped') });
    try {
      expect(await lastApplied(database.db)).toBe(newestMigration());
      expect(existsSync(`${pglite}.partial`)).toBe(false);
      expect(existsSync(join(pglite, 'stray'))).toBe(false);
      expect(readdirSync(pglite)).toEqual(expect.arrayContaining(['PG_VERSION', 'base', 'global', 'pg_wal']));
    } finally {
      await database.close();
    }
  }, 120_000);

  it('is left aside when asked (a restore): the new database is empty, without a migration', async () => {
    await writeSnapshot();
    const database = await openDatabase({ dataDir: join(dir, 'empty'), prepared: false });
    try {
      expect(await lastApplied(database.db)).toBe(null);
    } finally {
      await database.close();
    }
  }, 120_000);
});
