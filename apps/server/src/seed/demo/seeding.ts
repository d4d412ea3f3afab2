import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { saveImageField } from '../../media/images.js';
import type { Translations } from '../../resources/langs.js';
import { type ContentWrites, contentOperations } from '../../resources/operations.js';

export type Log = (line: string) => void;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant `days` days from now (negative: in the past), as the forms send it. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** A demo record already in the database: found by its Slovak title_url (or title), removed or not. */
export interface Found {
  id: number;
  live: boolean;
}

/** The demo records by key; removed ones are known (so they are not created again) but never linked. */
export class Keyed {
  private readonly records = new Map<string, Found>();
  set(key: string, found: Found) {
    this.records.set(key, found);
  }
  get(key: string): Found | undefined {
    return this.records.get(key);
  }
  id(key: string | undefined): number | null {
    return key === undefined ? null : (this.records.get(key)?.id ?? null);
  }
  liveIds(keys: string[] = []): number[] {
    return keys.flatMap((key) => {
      const found = this.records.get(key);
      return found?.live ? [found.id] : [];
    });
  }
}

type Area = 'categories' | 'panels' | 'galleries' | 'pages' | 'articles' | 'references' | 'partners';

/**
 * What a run does about images. 'now': each record it creates gets its image, each empty demo gallery its photos.
 * 'later': the records are created without them (a server's start; DEMO_IMAGES_JOB in demo.ts adds them once the
 * server answers). 'fill' (that job): as 'now', and the demo records found live without an image get theirs.
 */
/**
 * Creates a demo record through its resource's create operation, as the server (resources/operations.ts Actor): the
 * record gets its log entry and its first revision as an editor's would. Answers its id.
 */
export async function createRecord<I>(resource: ContentWrites<I>, input: I): Promise<number> {
  return (await contentOperations(resource).create('server', input)).id;
}

export type ImageMode = 'now' | 'later' | 'fill';

/** One seeding run: where it writes, what it says, the demo records by key and how many it created. */
export interface Run {
  db: Db;
  config: Config;
  log: Log;
  images: ImageMode;
  keys: Record<Area, Keyed>;
  /** Records per area, `photos` (gallery images) and `images` (the image files of records). */
  created: Record<Area | 'photos' | 'images', number>;
}

/** The first record whose Slovak `column` (title_url, or title for panels) is `value`, soft-deleted ones included. */
export async function findBySk(
  db: Db,
  tr: Translations,
  column: AnyPgColumn,
  value: string,
): Promise<Found | undefined> {
  const [row] = await db
    .select({ id: tr.owner.id, deleted_at: tr.owner.deleted_at })
    .from(tr.owner)
    .innerJoin(tr.table, tr.joinOn('sk'))
    .where(eq(column, value))
    .orderBy(asc(tr.owner.id))
    .limit(1);
  return row ? { id: Number(row.id), live: row.deleted_at === null } : undefined;
}

/**
 * Runs one create; a rule it breaks against what an installation already holds (422, e.g. another page hosting
 * the module) skips that record with a line in the log instead of stopping the server's start.
 */
export async function attempt(label: string, log: Log, create: () => Promise<number>): Promise<number | undefined> {
  try {
    return await create();
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 422) throw err;
    log(`Demo: skipped ${label}: ${JSON.stringify(err.errors ?? {})}`);
    return undefined;
  }
}

/**
 * A render started now and awaited later, so that sharp draws on its threads while the database writes the
 * records before it; a failure surfaces where it is awaited, never as an unhandled rejection.
 */
export function early<T>(start: () => Promise<T>): Promise<T> {
  const pending = start();
  pending.catch(() => {});
  return pending;
}

/**
 * Work started beside the record creates that follow it (an image being checked and stored while the next record
 * is written); `done` waits for all of it and throws the first failure, which is never left unhandled.
 */
export class Later {
  private readonly pending: Promise<unknown>[] = [];
  start(work: Promise<unknown>) {
    work.catch(() => {});
    this.pending.push(work);
  }
  async done() {
    await Promise.all(this.pending);
  }
}

/**
 * Stores rendered bytes as an image column of a record, the way an upload through the API is stored (checked
 * by content, original and thumbnail under `MEDIA_DIR/<model>/<id>/`); `persist` writes the name into the row.
 */
export async function attachImage(
  run: Pick<Run, 'config' | 'created'>,
  target: { model: string; id: number; field: 'image' | 'poster'; bytes: Buffer | Promise<Buffer> },
  persist: (file: string | null) => Promise<unknown>,
) {
  await saveImageField(
    { config: run.config },
    { model: target.model, id: target.id, field: target.field, value: await target.bytes, current: null, persist },
  );
  run.created.images++;
}

/** Whether the run stores the images of the records it creates (and draws them beforehand). */
export const storesImages = (run: Pick<Run, 'images'>) => run.images !== 'later';

/** The image column was given a file meanwhile (another process, an editor): the one just stored goes. */
class AlreadyFilled extends Error {}

/**
 * In a 'fill' run: stores `bytes()` as the image column of a demo record found live with that column empty, the
 * way `attachImage` does. The row is written only while the column is still empty; otherwise the files just
 * stored are removed and the record keeps what it has.
 */
export async function fillImage(
  run: Run,
  found: Found | undefined,
  target: { model: string; field: 'image' | 'poster'; table: PgTable; id: AnyPgColumn; column: AnyPgColumn },
  bytes: () => Promise<Buffer>,
) {
  if (run.images !== 'fill' || !found?.live) return;
  const { db } = run;
  const [row] = await db.select({ file: target.column }).from(target.table).where(eq(target.id, found.id));
  if (!row || row.file) return;
  const persist = async (file: string | null) => {
    const written = await db
      .update(target.table)
      .set({ [target.field]: file } as never)
      .where(and(eq(target.id, found.id), isNull(target.column)))
      .returning({ id: target.id });
    if (written.length === 0) throw new AlreadyFilled();
  };
  try {
    await attachImage(run, { model: target.model, id: found.id, field: target.field, bytes: bytes() }, persist);
  } catch (err) {
    if (!(err instanceof AlreadyFilled)) throw err;
  }
}
