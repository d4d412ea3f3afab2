import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { type SQL, sql } from 'drizzle-orm';
import * as tar from 'tar-stream';
import type { Database, Db, Tx } from './db/client.js';
import { lastApplied, newestMigration } from './db/migrate.js';
import { ObjectExistsError, ObjectNotFoundError, type ObjectStore } from './media/object-store.js';

/*
 * One archive of a whole site (docs/DEPLOY.md "Backups"): a gzipped tar holding
 *
 *   backup.json                     the manifest: format, version (the newest migration), tables in the order of
 *                                   their foreign keys with their columns, the sequences' values
 *   database/<table>/<n>.jsonl      the table's rows, one JSON object per line (PostgreSQL's row_to_json), in
 *                                   chunks of about 4 MB
 *   files/<key>                     every stored file, local disk or S3, under its storage key
 *   folders/<prefix>                every empty folder of the file manager
 *   end.json                        the counts, written last: an archive without it is cut short and refused
 *
 * The rows are read in one REPEATABLE READ transaction, so they are one consistent state of the database while the
 * server runs on; the files are listed after it, so every file a row names is there unless it was deleted while
 * the backup ran (counted as `vanished`). A restore brings an empty database to the backup's version, inserts the
 * rows of the columns it has in one transaction, sets the sequences, and then applies the newer migrations: a
 * backup of an older version restores into a newer one.
 */

const FORMAT = 'backoffice-backup';
const VERSION = 1;
const CHUNK_BYTES = 4 * 1024 * 1024;

interface TableInfo {
  name: string;
  columns: string[];
}

interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  /** The `when` of the newest migration applied to the database backed up. */
  migration: number;
  tables: TableInfo[];
  sequences: { name: string; value: number; called: boolean }[];
}

interface Counts {
  tables: number;
  rows: number;
  files: number;
  folders: number;
  bytes: number;
}

export interface BackupSummary extends Counts {
  /** Files listed but deleted before they were read (records deleted while the backup ran). */
  vanished: string[];
}

/** Why an archive cannot be restored here, in words for the operator. */
export class RestoreError extends Error {}

type Row = Record<string, unknown>;
const rowsOf = async (db: Db | Tx, query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const ident = (name: string) => sql.identifier(name);

/** The tables of the public schema with their columns (generated ones left out), parents before children. */
async function tablesOf(db: Db | Tx): Promise<TableInfo[]> {
  const columns = await rowsOf(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER'
          and table_name in (select table_name from information_schema.tables
                             where table_schema = 'public' and table_type = 'BASE TABLE')
        order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) {
    const list = byTable.get(String(c.table_name)) ?? [];
    list.push(String(c.column_name));
    byTable.set(String(c.table_name), list);
  }
  const links = await rowsOf(
    db,
    sql`select child.relname as child, parent.relname as parent from pg_constraint f
        join pg_class child on child.oid = f.conrelid join pg_class parent on parent.oid = f.confrelid
        where f.contype = 'f' and f.connamespace = 'public'::regnamespace`,
  );
  const parents = new Map<string, Set<string>>();
  for (const l of links) {
    if (l.child === l.parent) continue; // A tree in one table: its rows go in by one statement (insertStaged).
    const set = parents.get(String(l.child)) ?? new Set<string>();
    set.add(String(l.parent));
    parents.set(String(l.child), set);
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`foreign keys in a circle: ${[...path, name].join(' → ')}`);
    for (const parent of [...(parents.get(name) ?? [])].sort()) place(parent, [...path, name]);
    placed.add(name);
    ordered.push({ name, columns: byTable.get(name) ?? [] });
  };
  for (const name of [...byTable.keys()].sort()) place(name, []);
  return ordered;
}

async function sequencesOf(db: Db | Tx) {
  const names = await rowsOf(
    db,
    sql`select relname from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace order by relname`,
  );
  const sequences: Manifest['sequences'] = [];
  for (const { relname } of names) {
    const [state] = await rowsOf(db, sql`select last_value, is_called from ${ident(String(relname))}`);
    sequences.push({ name: String(relname), value: Number(state?.last_value), called: Boolean(state?.is_called) });
  }
  return sequences;
}

/** Adds one entry to the archive, waiting until the archive took it (so a slow disk holds the reading back). */
const add = (pack: tar.Pack, header: Partial<tar.Header> & { name: string }, body?: Buffer) =>
  new Promise<void>((resolve, reject) => {
    const done = (err?: Error | null) => (err ? reject(err) : resolve());
    if (body) pack.entry(header, body, done);
    else pack.entry(header, done);
  });

/** Every object and every empty folder of the store, parents first, by walking its prefixes. */
async function* walk(store: ObjectStore, prefix = ''): AsyncGenerator<{ key: string; folder: boolean }> {
  const { objects, prefixes } = await store.list(prefix);
  if (prefix && objects.length === 0 && prefixes.length === 0) yield { key: prefix, folder: true };
  for (const object of objects) yield { key: object.key, folder: false };
  for (const sub of prefixes) yield* walk(store, sub);
}

/**
 * Writes the backup of `database` and `store` to `file` (through `<file>.partial`, renamed when complete: a file
 * of that name is always a whole archive).
 */
export async function writeBackup(db: Db, store: ObjectStore, file: string): Promise<BackupSummary> {
  await store.check();
  const partial = `${file}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(partial));
  // Should the writing fail (a full disk), the next entry's promise stays pending: race it against the pipeline.
  const counts: Counts = { tables: 0, rows: 0, files: 0, folders: 0, bytes: 0 };
  const vanished: string[] = [];
  const filling = (async () => {
    await db.transaction(
      async (tx) => {
        const tables = await tablesOf(tx);
        const manifest: Manifest = {
          format: FORMAT,
          version: VERSION,
          createdAt: new Date().toISOString(),
          migration: (await lastApplied(tx)) ?? 0,
          tables,
          sequences: await sequencesOf(tx),
        };
        await add(pack, { name: 'backup.json' }, Buffer.from(JSON.stringify(manifest, null, 2)));
        for (const table of tables) {
          counts.tables++;
          await tx.execute(
            sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as doc from ${ident(table.name)} t`,
          );
          let chunk: string[] = [];
          let size = 0;
          let n = 0;
          const flush = async () => {
            if (chunk.length === 0) return;
            n++;
            const name = `database/${table.name}/${String(n).padStart(6, '0')}.jsonl`;
            await add(pack, { name }, Buffer.from(`${chunk.join('\n')}\n`));
            chunk = [];
            size = 0;
          };
          for (;;) {
            const rows = await rowsOf(tx, sql`fetch 1000 from backup_rows`);
            for (const row of rows) {
              chunk.push(String(row.doc));
              size += String(row.doc).length;
              counts.rows++;
            }
            if (size >= CHUNK_BYTES) await flush();
            if (rows.length < 1000) break;
          }
          await flush();
          await tx.execute(sql`close backup_rows`);
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    for await (const { key, folder } of walk(store)) {
      if (folder) {
        await add(pack, { name: `folders/${key}`, type: 'directory' });
        counts.folders++;
        continue;
      }
      let opened: Awaited<ReturnType<ObjectStore['stream']>>;
      try {
        opened = await store.stream(key);
      } catch (err) {
        if (err instanceof ObjectNotFoundError) {
          vanished.push(key);
          continue;
        }
        throw err;
      }
      const { body, object } = opened;
      const entry = pack.entry({ name: `files/${key}`, size: object.size, mtime: object.modifiedAt });
      await pipeline(body, entry);
      counts.files++;
      counts.bytes += object.size;
    }
    await add(pack, { name: 'end.json' }, Buffer.from(JSON.stringify(counts)));
    pack.finalize();
  })();
  try {
    const failing = filling.catch((err: unknown) => {
      pack.destroy(err as Error);
      throw err;
    });
    await Promise.all([failing, written]);
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return { ...counts, vanished };
}

/** The whole body of an archive entry. */
async function bodyOf(entry: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of entry) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Makes the empty folder exist, with its parents on the local disk (where a folder needs its parent). */
async function makeFolder(store: ObjectStore, prefix: string) {
  const parts = prefix.split('/').filter(Boolean);
  const chain = store.driver === 'local' ? parts.map((_, i) => `${parts.slice(0, i + 1).join('/')}/`) : [prefix];
  for (const folder of chain) {
    await store.createFolder(folder).catch((err: unknown) => {
      if (!(err instanceof ObjectExistsError)) throw err;
    });
  }
}

/** The tables of `tables` that hold rows. */
async function tablesWithRows(db: Db, tables: TableInfo[]): Promise<string[]> {
  const full: string[] = [];
  for (const { name } of tables) {
    const [row] = await rowsOf(db, sql`select exists (select 1 from ${ident(name)}) as full`);
    if (row?.full) full.push(name);
  }
  return full;
}

/**
 * Restores the archive `file` into `database` and `store`: refused (RestoreError, nothing changed) unless both are
 * empty, or `replace` is given, which empties them first. The database's rows go in as one transaction; the files are
 * stored as they are read, before it commits.
 */
export async function readBackup(
  database: Database,
  store: ObjectStore,
  file: string,
  options: { replace?: boolean } = {},
): Promise<Counts> {
  await store.check();
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  reading.catch(() => {}); // Its error ends the loop below as well, which reports it.
  const entries = extract[Symbol.asyncIterator]();
  const first = await entries.next();
  if (first.done || first.value.header.name !== 'backup.json') {
    await reading;
    throw new RestoreError(`${file} is not a backup of this product (it does not begin with backup.json).`);
  }
  const manifest = JSON.parse((await bodyOf(first.value)).toString('utf8')) as Manifest;
  if (manifest.format !== FORMAT || manifest.version !== VERSION)
    throw new RestoreError(
      `${file} is not a backup this version reads (format ${manifest.format} ${manifest.version}).`,
    );
  if (manifest.migration > newestMigration())
    throw new RestoreError('The backup was made by a newer version of the product: restore it with that version.');

  const { db } = database;
  const applied = await lastApplied(db);
  if (applied !== null && applied !== manifest.migration)
    throw new RestoreError(
      `The database is at another version (migration ${applied}) than the backup (${manifest.migration}): restore into a new, empty database (createdb, or an empty DATA_DIR).`,
    );
  // A new database (no migration yet) is empty by definition; what its migrations put in goes before the rows.
  const full = applied === null ? [] : await tablesWithRows(db, await tablesOf(db));
  const stored = await store.list('');
  const storageUsed = stored.objects.length > 0 || stored.prefixes.length > 0;
  if (!options.replace && (full.length > 0 || storageUsed)) {
    const what = [
      full.length ? `the database holds rows (${full.slice(0, 5).join(', ')}${full.length > 5 ? ', …' : ''})` : '',
      storageUsed ? 'the file storage holds files' : '',
    ].filter(Boolean);
    throw new RestoreError(`Nothing restored: ${what.join(' and ')}. Restore into an empty site, or give --replace.`);
  }
  if (applied === null) await database.migrate(manifest.migration);
  const tables = await tablesOf(db);
  const columnsOf = new Map(tables.map((t) => [t.name, new Set(t.columns)]));
  if (options.replace) {
    for (const object of stored.objects) await store.delete(object.key);
    for (const prefix of stored.prefixes) await store.deletePrefix(prefix);
  }

  const counts: Counts = { tables: 0, rows: 0, files: 0, folders: 0, bytes: 0 };
  await db.transaction(async (tx) => {
    if (applied === null || full.length > 0)
      await tx.execute(
        sql`truncate ${sql.join(
          tables.map((t) => ident(t.name)),
          sql`, `,
        )} restart identity cascade`,
      );
    await tx.execute(sql`create temporary table backup_staging (doc json) on commit drop`);

    let staged: string | null = null;
    const insertStaged = async () => {
      if (staged === null) return;
      const present = columnsOf.get(staged);
      const wanted = manifest.tables.find((t) => t.name === staged)?.columns ?? [];
      const columns = wanted.filter((c) => present?.has(c)).map(ident);
      // The rows are restored as they were, the columns the triggers derive included: the table's own triggers
      // stay off while they go in (the foreign keys are checked all the same).
      await tx.execute(sql`alter table ${ident(staged)} disable trigger user`);
      await tx.execute(
        sql`insert into ${ident(staged)} (${sql.join(columns, sql`, `)})
            select ${sql.join(
              columns.map((c) => sql`r.${c}`),
              sql`, `,
            )}
            from backup_staging s cross join lateral json_populate_record(null::${ident(staged)}, s.doc) r`,
      );
      await tx.execute(sql`alter table ${ident(staged)} enable trigger user`);
      await tx.execute(sql`truncate backup_staging`);
      counts.tables++;
      staged = null;
    };
    let end: Counts | null = null;
    for (;;) {
      const next = await entries.next();
      if (next.done) break;
      const entry = next.value;
      const { name, type } = entry.header;
      if (name.startsWith('database/')) {
        const table = name.split('/')[1] ?? '';
        if (!columnsOf.has(table)) throw new RestoreError(`The backup holds a table this database lacks: ${table}.`);
        if (staged !== table) {
          await insertStaged();
          staged = table;
        }
        const lines = (await bodyOf(entry)).toString('utf8').split('\n').filter(Boolean);
        await tx.execute(
          sql`insert into backup_staging (doc) select value from json_array_elements(${`[${lines.join(',')}]`}::json)`,
        );
        counts.rows += lines.length;
      } else if (name.startsWith('files/') && type === 'file') {
        await insertStaged();
        const data = await bodyOf(entry);
        await store.put(name.slice('files/'.length), data);
        counts.files++;
        counts.bytes += data.length;
      } else if (name.startsWith('folders/')) {
        await insertStaged();
        entry.resume();
        await makeFolder(store, name.slice('folders/'.length));
        counts.folders++;
      } else if (name === 'end.json') {
        await insertStaged();
        end = JSON.parse((await bodyOf(entry)).toString('utf8')) as Counts;
      } else {
        entry.resume();
      }
    }
    await insertStaged();
    await reading;
    if (!end) throw new RestoreError(`${file} is cut short (it lacks end.json): nothing of the database restored.`);
    for (const key of ['rows', 'files', 'folders'] as const) {
      if (end[key] !== counts[key])
        throw new RestoreError(`${file} is damaged: it lists ${end[key]} ${key} and holds ${counts[key]}.`);
    }
    for (const seq of manifest.sequences) {
      await tx.execute(sql`select setval(${seq.name}::regclass, ${seq.value}, ${seq.called})`);
    }
  });
  await database.migrate();
  return counts;
}
