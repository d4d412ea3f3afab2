// The image fields of a resource's writes (docs/features/media-storage.md): checked before anything is written,
// stored all or nothing with the record. Used by the generic routes (crud-routes.ts) and by resources with routes
// of their own (users).
import { DELETE_MARKER, ERR } from '@backoffice/shared';
import { getTableName, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import { HttpError, invalid } from '../http/errors.js';
import { type ProcessedImage, processImageField, removeImages, writeImages } from '../media/images.js';
import { renditionsOfSave } from '../media/renditions.js';
import { mediaStorage, storageFailureCause } from '../media/storage.js';
import type { softResource } from './resource.js';

/** A checked image field of a save: a new image (checked and encoded), the delete marker, or undefined (keep). */
type ImageUpload = ProcessedImage | typeof DELETE_MARKER | undefined;
/** The columns of a record that hold an image file. */
export type ImageColumn = 'image' | 'poster';

/** Where a save comes from: the request whose log a storage failure is written to (none: the server's own). */
export type SaveOrigin = Pick<FastifyRequest, 'log' | 'id'> | undefined;

/** Runs media work; a 507 (storageFailure) is logged with its system error before it becomes the answer. */
async function logged<T>(origin: SaveOrigin, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    const cause = storageFailureCause(err);
    if (cause && origin) origin.log.error({ err: cause, reqId: origin.id }, 'media write failed');
    throw err;
  }
}

/**
 * The image fields of a resource. The body schema is shared with the admin and knows no files, so the raw values
 * are taken before validation; new files are all checked before anything is written (each bad one is a 422
 * `errors.image` on its field). A save is all or nothing (SECURITY.md): an update writes the new files before the
 * record changes (a failed write is a 507 and nothing changed; a refused save removes them again), and the
 * replaced files go only once the row points at the new ones. A create reserves the new record's id first, writes
 * its files under it and then inserts the record with that id (`createWith`), so no upload holds a transaction.
 * The save given is the whole write (its own transaction): once it has answered, it has committed. Any other string
 * means "keep".
 */
export function imageFields(
  db: Db,
  table: Parameters<typeof softResource>[1],
  target: {
    media: string;
    config: Config;
    fields?: readonly ImageColumn[];
    /**
     * What becomes of the files a committed save replaced: for a record with a history, they stay while a revision
     * names them (kept-files.ts); without one, they are removed.
     */
    release?: (id: number, files: readonly (string | null)[]) => Promise<void>;
  },
) {
  const fields = target.fields ?? ['image'];
  const raw = new WeakMap<FastifyRequest, Record<string, unknown>>();
  const ctx = { config: target.config };
  const release = (id: number, files: readonly (string | null)[]) =>
    target.release ? target.release(id, files) : removeImages(ctx, { model: target.media, id }, files);

  const checkOne = async (field: ImageColumn, value: unknown): Promise<ImageUpload> => {
    if (Buffer.isBuffer(value)) return processImageField(field, value);
    if (value === DELETE_MARKER) return DELETE_MARKER;
    if (value === undefined || value === null || typeof value === 'string') return undefined;
    throw invalid({ [field]: [ERR.image] });
  };

  /** Points the row at the new names (null clears, undefined keeps) in one statement; answers the names replaced. */
  const pointAt = async (
    tx: Tx,
    id: number,
    next: readonly (string | null | undefined)[],
  ): Promise<(string | null)[]> => {
    const changed = fields.flatMap((field, i) => (next[i] === undefined ? [] : [{ field, file: next[i] ?? null }]));
    if (changed.length === 0) return [];
    const columns = sql.join(
      changed.map(({ field }) => sql.identifier(field)),
      sql`, `,
    );
    const sets = sql.join(
      changed.map(({ field, file }) => sql`${sql.identifier(field)} = ${file}`),
      sql`, `,
    );
    const result = (await tx.execute(
      sql`with previous as (select ${columns} from ${table} where id = ${id} for update)
          update ${table} set ${sets} from previous where ${table}.id = ${id} returning previous.*`,
    )) as unknown as { rows: Record<string, string | null>[] };
    const before = result.rows[0] ?? {};
    return changed.map(({ field, file }) => {
      const old = before[field] ?? null;
      return old === file ? null : old;
    });
  };

  /**
   * A new record's id, taken from the sequence of the table's serial `id` outside any transaction, so that its
   * files can be written before the record is inserted with it. An id taken and never inserted is a gap, as a
   * rolled-back insert leaves.
   */
  const reserveId = async (): Promise<number> => {
    const result = (await db.execute(
      sql`select nextval(pg_get_serial_sequence(quote_ident(${getTableName(table)}), 'id')) as id`,
    )) as unknown as { rows: { id: number | string }[] };
    const id = Number(result.rows[0]?.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`no id reserved for ${getTableName(table)}`);
    return id;
  };

  return {
    capture: async (request: FastifyRequest) => {
      const body = request.body as Record<string, unknown> | null | undefined;
      raw.set(request, body && typeof body === 'object' ? body : {});
    },

    /** The request's image fields (taken by `capture`), checked. */
    checked(request: FastifyRequest): Promise<ImageUpload[]> {
      return this.check(raw.get(request) ?? {});
    },

    /** Image field values (a file's bytes, the delete marker, or anything else: keep), checked and encoded. */
    async check(body: Record<string, unknown>): Promise<ImageUpload[]> {
      const errors: Record<string, string[]> = {};
      const uploads: ImageUpload[] = [];
      for (const field of fields) {
        try {
          uploads.push(await checkOne(field, body[field]));
        } catch (err) {
          if (!(err instanceof HttpError) || !err.errors) throw err;
          Object.assign(errors, err.errors);
        }
      }
      if (Object.keys(errors).length > 0) throw invalid(errors);
      return uploads;
    },

    /**
     * Saves record `id` with its checked images: the new files first, outside any transaction (507 and nothing
     * changed when they cannot be written; a slow upload holds no database connection), then `save`, which saves the
     * record and calls `point` in its transaction to point the row's image columns at the new files. If `save` fails
     * the new files go and the old ones stay; once it has committed, the replaced files go. Answers what `save`
     * answered.
     */
    async update<T>(
      id: number,
      uploads: ImageUpload[],
      save: (point: (tx: Tx) => Promise<void>) => Promise<T>,
      origin?: SaveOrigin,
    ): Promise<T> {
      const place = { model: target.media, id };
      const images = uploads.map((upload) => (upload === DELETE_MARKER ? undefined : upload));
      const written = await logged(origin, writeImages(ctx, place, images));
      const next = uploads.map((upload, i) => (upload === DELETE_MARKER ? null : written[i]));
      let replaced: (string | null)[] = [];
      const point = async (tx: Tx) => {
        replaced = await pointAt(tx, id, next);
        // The new files' renditions are queued with the save, the replaced files' forgotten (media/renditions.ts).
        await renditionsOfSave(tx, target.config, { model: target.media, id, added: next, replaced });
      };
      let saved: T;
      try {
        saved = await save(point);
      } catch (err) {
        await removeImages(ctx, place, written, { prune: true });
        throw err;
      }
      await release(id, replaced);
      return saved;
    },

    /**
     * Saves record `id` back to a kept version with that version's image files (docs/features/revisions.md "Files"):
     * `save` saves the record and calls `point` in its transaction, which points the row at the files the version
     * names (none where it had none); a file gone from the storage since keeps the current image. Once `save` has
     * committed, the files it replaced are released (`release`). Answers what `save` answered.
     */
    async revert<T>(id: number, version: unknown, save: (point: (tx: Tx) => Promise<void>) => Promise<T>): Promise<T> {
      const storage = mediaStorage(target.config);
      const kept = (typeof version === 'object' && version !== null ? version : {}) as Record<string, unknown>;
      // Checked before the transaction opens: a storage request (S3) holds no connection.
      const exists = (file: string) => storage.has(target.media, id, file);
      const next = await Promise.all(
        fields.map(async (field): Promise<string | null | undefined> => {
          const file = kept[field];
          if (!(field in kept)) return undefined;
          if (file === null || file === '') return null;
          return typeof file === 'string' && (await exists(file)) ? file : undefined;
        }),
      );
      let replaced: (string | null)[] = [];
      const point = async (tx: Tx) => {
        const result = (await tx.execute(
          sql`select ${sql.join(
            fields.map((field) => sql.identifier(field)),
            sql`, `,
          )} from ${table} where id = ${id} for update`,
        )) as unknown as { rows: Record<string, string | null>[] };
        const now = result.rows[0] ?? {};
        // Only the fields that change: an unchanged image is neither added again nor replaced.
        const changing = next.map((file, i) =>
          file === undefined || file === (now[fields[i] ?? ''] ?? null) ? undefined : file,
        );
        replaced = await pointAt(tx, id, changing);
        await renditionsOfSave(tx, target.config, { model: target.media, id, added: changing, replaced });
      };
      const saved = await save(point);
      await release(id, replaced);
      return saved;
    },

    /**
     * Creates a record with its checked images, the files first (docs/features/media-storage.md): the new record's
     * id is reserved from the table's sequence, outside any transaction, and its files written under it (507 and
     * nothing created when they cannot be; a slow upload holds no database connection); then `save` inserts the
     * record with that id and calls `point` in its transaction. If `save` fails, the files and the record's folder
     * go. Answers what `save` answered.
     */
    async createWith<T>(
      uploads: ImageUpload[],
      save: (id: number, point: (tx: Tx) => Promise<void>) => Promise<T>,
      origin?: SaveOrigin,
    ): Promise<T> {
      const id = await reserveId();
      const removeFolder = () =>
        mediaStorage(target.config)
          .removeRecord(target.media, id)
          .catch(() => {});
      let saved: T;
      try {
        saved = await this.update(id, uploads, (point) => save(id, point), origin);
      } catch (err) {
        // No other write knows a reserved id: whatever is stored under it is this create's.
        await removeFolder();
        throw err;
      }
      return saved;
    },
  };
}
