import { asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { contentWriter } from '../../resources/content-writer.js';
import type { ImageColumn } from '../../resources/image-fields.js';
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
 * Creates a demo record through its resource's create operation, as the server (resources/operations.ts Actor): the
 * record gets its log entry and its first revision as an editor's would. Answers its id.
 */
export async function createRecord<I>(resource: ContentWrites<I>, input: I): Promise<number> {
  return (await contentOperations(resource).create('server', input)).id;
}

/**
 * What a run does about images. 'now': each record it creates gets its image, each empty demo gallery its photos.
 * 'later': the records are created without them (a server's start; DEMO_IMAGES_JOB in demo.ts adds them once the
 * server answers). 'fill' (that job): as 'now', and the demo records found live without an image get theirs.
 */
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

/** A demo record's pictures by image column: the bytes, drawn or being drawn. */
export type Drawn = Partial<Record<ImageColumn, Buffer | Promise<Buffer>>>;

/** The drawn pictures, once drawn; none when the run stores no images. */
async function picturesOf(run: Pick<Run, 'images'>, drawn: Drawn | undefined): Promise<Record<string, Buffer>> {
  if (!drawn || !storesImages(run)) return {};
  const given = Object.entries(drawn).filter(([, bytes]) => bytes !== undefined);
  return Object.fromEntries(await Promise.all(given.map(async ([field, bytes]) => [field, await bytes] as const)));
}

/**
 * Creates a demo record with its pictures through its resource's create operation, as an editor's form with its
 * uploads is saved (resources/content-writer.ts): the files checked and stored under the reserved id, the record,
 * its first revision and its log entry in one transaction. Answers its id.
 */
export async function createPictured<I>(
  run: Pick<Run, 'config' | 'created' | 'images'>,
  resource: ContentWrites<I>,
  input: I,
  drawn?: Drawn,
): Promise<number> {
  const { operations, image } = contentWriter(resource, run.config);
  const pictures = await picturesOf(run, drawn);
  const count = Object.keys(pictures).length;
  if (!image || count === 0) return (await operations.create('server', input)).id;
  const uploads = await image.check(pictures);
  const { id } = await operations.create('server', input, (save) => image.createWith(uploads, save));
  run.created.images += count;
  return id;
}

/** An image column was given a file meanwhile (another process, an editor): the files just stored go. */
class AlreadyFilled extends Error {}

/**
 * Gives live record `id` the pictures of its image columns that are empty, in one `addFiles` operation (a revision
 * and a log entry, as the server). A column filled meanwhile (an editor's upload) leaves the record as it is.
 */
export async function addPictures<I>(
  run: Pick<Run, 'db' | 'config' | 'created'>,
  resource: ContentWrites<I>,
  id: number,
  pictures: Partial<Record<ImageColumn, () => Promise<Buffer>>>,
) {
  const { operations, image } = contentWriter(resource, run.config);
  if (!image) throw new Error(`${resource.model} has no image`);
  const wanted = Object.keys(pictures) as ImageColumn[];
  const emptyOf = async (db: Db | Tx, lock: boolean) => {
    const result = (await db.execute(
      sql`select ${sql.join(
        wanted.map((field) => sql.identifier(field)),
        sql`, `,
      )} from ${resource.table} where id = ${id} ${lock ? sql`for update` : sql``}`,
    )) as unknown as { rows: Record<string, string | null>[] };
    const [row] = result.rows;
    return row ? wanted.filter((field) => !row[field]) : [];
  };
  const empty = await emptyOf(run.db, false);
  if (empty.length === 0) return;
  const drawn = await Promise.all(empty.map(async (field) => [field, await pictures[field]?.()] as const));
  const uploads = await image.check(Object.fromEntries(drawn));
  try {
    await operations.addFiles('server', id, (save) =>
      image.update(id, uploads, (point) =>
        save(async (tx) => {
          if ((await emptyOf(tx, true)).length < empty.length) throw new AlreadyFilled();
          await point(tx);
        }),
      ),
    );
    run.created.images += empty.length;
  } catch (err) {
    if (!(err instanceof AlreadyFilled)) throw err;
  }
}

/** Whether the run stores the images of the records it creates (and draws them beforehand). */
export const storesImages = (run: Pick<Run, 'images'>) => run.images !== 'later';

/** In a 'fill' run: the pictures of a demo record found live whose image columns are empty (addPictures). */
export async function fillImages<I>(
  run: Run,
  found: Found | undefined,
  resource: ContentWrites<I>,
  pictures: Partial<Record<ImageColumn, () => Promise<Buffer>>>,
) {
  if (run.images !== 'fill' || !found?.live) return;
  await addPictures(run, resource, found.id, pictures);
}
