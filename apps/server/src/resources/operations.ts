// The named writes of a content resource (docs/ARCHITECTURE.md "How a save travels"): create, update, revert, remove,
// restore and the bulk actions. Each asks the resource's policy for the user it acts as, then writes the record(s),
// their revisions and the log entry in one transaction, and answers the records as saved. The routes call them after
// the body is validated, handing them the files step of any new image files (image-fields.ts); nothing else writes a
// content record. "Mark as up to date" (markLocaleCurrent, at the end) is the translation workflow's one write.
import type { BulkAction, Locale, LogModel, TranslationStatus } from '@backoffice/shared';
import { ERR } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { forbidden, invalid, notFound } from '../http/errors.js';
import type { ContentAction } from '../http/policy.js';
import type { AuthUser } from '../http/session.js';
import { logActivity } from './activity-log.js';
import { type Draft, draftOf, dropDraft, writeDraft } from './drafts.js';
import type { ImageColumn } from './image-fields.js';
import type { KeptFiles } from './kept-files.js';
import { markTranslationCurrent, type Translations, translationStatusOf } from './langs.js';
import { softResource } from './resource.js';
import { keepOriginal, recordWrite, type WriteEntry } from './revisions.js';
import { bulkWrite } from './revisions-bulk.js';

/**
 * The files step of a save (image-fields.ts `update`): writes the new files, then runs `save`, whose transaction
 * calls `point` to point the row at them; removes them again if `save` fails.
 */
export type WithFiles = <T>(save: (point: (tx: Tx) => Promise<void>) => Promise<T>) => Promise<T>;
/** The same for a create (image-fields.ts `createWith`): the files go under a reserved id, which `save` inserts. */
export type WithNewFiles = <T>(save: (id: number, point: (tx: Tx) => Promise<void>) => Promise<T>) => Promise<T>;

/**
 * Who a write acts for: a signed-in user, whom the resource's policy must allow, or the server itself (the CLI, the
 * demo seed, jobs: the operator's own writes), which the policy does not ask and the log and revisions show as no
 * user.
 */
export type Actor = AuthUser | 'server';

/** The log's user of a write by `actor`. */
export const actorId = (actor: Actor) => (actor === 'server' ? null : actor.id);

/** What a content resource's operations need of its module. */
export interface ContentWrites<I> {
  db: Db;
  table: Parameters<typeof softResource>[1];
  model: LogModel;
  can: (user: AuthUser, action: ContentAction) => boolean;
  /**
   * The record's image columns (`image` unless `fields` names others, e.g. a news article's poster), whose uploads
   * are stored under `MEDIA_DIR/<media>/<id>/` (docs/features/media-storage.md). Unset: the record has no image.
   */
  image?: { media: string; fields?: readonly ImageColumn[] };
  /** Inserts a record and answers its id; given `id` (reserved for a record with images), inserts it with that id. */
  create: (tx: Tx, input: I, id?: number) => Promise<number>;
  update: (tx: Tx, id: number, input: I) => Promise<void>;
  /** The record as its form loads it, through `db` (the pool, or the save's transaction). */
  read: (db: Db, id: number) => Promise<unknown>;
  /** Refuses (throws) a restore that would break a rule, e.g. a title_url taken while the record was removed. */
  checkRestore?: (tx: Tx, id: number) => Promise<void>;
}

export type ContentOperations<I> = ReturnType<typeof contentOperations<I>>;

/** Carries a draft's record out of the savepoint it was read in, rolling the savepoint back. */
class DraftRead extends Error {
  constructor(readonly data: unknown) {
    super('draft read');
  }
}

/** The operations of one content resource (see the top of this file). */
export function contentOperations<I>(spec: ContentWrites<I>, images?: KeptFiles) {
  const { db, model, read } = spec;
  const permit = (user: Actor, action: ContentAction) => {
    if (user !== 'server' && !spec.can(user, action)) throw forbidden();
  };
  /** The image files each record's pruned revisions named, as a write's recordWrite is told them. */
  const pruning = () => {
    const pruned = new Map<number, string[]>();
    const onPruned = (id: number, data: unknown) => {
      pruned.set(id, [...(pruned.get(id) ?? []), ...(images?.filesOf(data) ?? [])]);
    };
    return { pruned, onPruned };
  };
  const releasePruned = async (pruned: Map<number, string[]>) => {
    for (const [id, names] of pruned) if (names.length > 0) await images?.release(id, names);
  };
  /**
   * Runs a write's transaction, handing it `recorded`: the log entry and each changed record's revision, in that
   * transaction (answers the records as read). Once it has committed, the image files that only the revisions it
   * pruned named go (kept-files.ts).
   */
  const written = async <T>(
    work: (tx: Tx, recorded: (entry: WriteEntry) => Promise<Map<number, unknown>>) => Promise<T>,
  ): Promise<T> => {
    const { pruned, onPruned } = pruning();
    const result = await db.transaction((tx) =>
      work(tx, (entry) => recordWrite(tx, { ...entry, onPruned }, (id) => read(tx, id))),
    );
    await releasePruned(pruned);
    return result;
  };
  const saved = async (kept: Map<number, unknown>, id: number) => kept.get(id) ?? (await read(db, id));

  return {
    /** Creates a record, with its new files when `files` writes them; answers its id and the record. */
    async create(user: Actor, input: I, files?: WithNewFiles): Promise<{ id: number; data: unknown }> {
      permit(user, 'create');
      const save = (reserved?: number, point?: (tx: Tx) => Promise<void>) =>
        written(async (tx, recorded) => {
          const id = await spec.create(tx, input, reserved);
          if (reserved !== undefined && id !== reserved) throw new Error(`${model} was not created with its id`);
          await point?.(tx);
          return { id, kept: await recorded({ userId: actorId(user), model, rowIds: [id], action: 'store' }) };
        });
      const { id, kept } = files ? await files(save) : await save();
      return { id, data: await saved(kept, id) };
    },

    /** Saves record `id`, with its new files when `files` writes them; answers the record. */
    async update(user: Actor, id: number, input: I, files?: WithFiles): Promise<unknown> {
      permit(user, 'update');
      const save = (point?: (tx: Tx) => Promise<void>) =>
        written(async (tx, recorded) => {
          await keepOriginal(tx, model, id, (rowId) => read(tx, rowId));
          await spec.update(tx, id, input);
          await point?.(tx);
          // The save publishes what the form holds: a draft it was loaded from is done (drafts.ts).
          await dropDraft(tx, model, id);
          return recorded({ userId: actorId(user), model, rowIds: [id], action: 'update' });
        });
      return saved(files ? await files(save) : await save(), id);
    },

    /**
     * Points record `id` at new files and changes nothing else (the demo's pictures, added once the server answers:
     * seed/demo/seeding.ts addPictures); kept and logged as an update. Answers the record.
     */
    async addFiles(user: Actor, id: number, files: WithFiles): Promise<unknown> {
      permit(user, 'update');
      const kept = await files((point) =>
        written(async (tx, recorded) => {
          await keepOriginal(tx, model, id, (rowId) => read(tx, rowId));
          await point(tx);
          return recorded({ userId: actorId(user), model, rowIds: [id], action: 'update' });
        }),
      );
      return saved(kept, id);
    },

    /**
     * Saves record `id` back to one of its versions (docs/features/revisions.md), with the version's image files when
     * `withFiles` points the row at them (image-fields.ts `revert`); answers the record.
     */
    async revert(user: Actor, id: number, input: I, withFiles?: WithFiles): Promise<unknown> {
      permit(user, 'update');
      const save = (point?: (tx: Tx) => Promise<void>) =>
        written(async (tx, recorded) => {
          await keepOriginal(tx, model, id, (rowId) => read(tx, rowId));
          await spec.update(tx, id, input);
          await point?.(tx);
          return recorded({ userId: actorId(user), model, rowIds: [id], action: 'update', revision: 'revert' });
        });
      return saved(withFiles ? await withFiles(save) : await save(), id);
    },

    /** Removes record `id` (soft: docs/data.md Removal); 404 when there is none. */
    async remove(user: Actor, id: number): Promise<void> {
      permit(user, 'destroy');
      await written(async (tx, recorded) => {
        const rows = softResource(tx, spec.table);
        const changed = await rows.destroy([id]);
        if (changed.length === 0 && !(await rows.exists(id))) throw notFound();
        await recorded({ userId: actorId(user), model, rowIds: changed, action: 'destroy' });
      });
    },

    /** Brings back removed record `id`, unless a rule refuses (checkRestore: 422); answers the record. */
    async restore(user: Actor, id: number): Promise<unknown> {
      permit(user, 'restore');
      const kept = await written(async (tx, recorded) => {
        await spec.checkRestore?.(tx, id);
        const rows = softResource(tx, spec.table);
        const changed = await rows.restore([id]);
        if (changed.length === 0 && !(await rows.exists(id))) throw notFound();
        return recorded({ userId: actorId(user), model, rowIds: changed, action: 'restore' });
      });
      return saved(kept, id);
    },

    /**
     * Brings back the removed records `ids` in one transaction (a bulk removal's "Undo"): each is checked as a single
     * restore is (checkRestore: a 422 restores none), ids that are not removed are left alone. Answers the count.
     */
    async restoreMany(user: Actor, ids: readonly number[]): Promise<number> {
      permit(user, 'restore');
      const unique = [...new Set(ids)];
      return written(async (tx, recorded) => {
        const rows = softResource(tx, spec.table);
        const changed: number[] = [];
        // One after the other, so that two of them wanting the same address are caught as with single restores.
        for (const id of unique) {
          await spec.checkRestore?.(tx, id);
          changed.push(...(await rows.restore([id])));
        }
        await recorded({ userId: actorId(user), model, rowIds: changed, action: 'restore' });
        return changed.length;
      });
    },

    /** Sets record `id`'s place in its list (`order`, a whole number ≥ 0), logged as `order`; answers the record. */
    async reorder(user: Actor, id: number, order: number): Promise<unknown> {
      permit(user, 'update');
      const kept = await written(async (tx, recorded) => {
        const result = (await tx.execute(
          sql`update ${spec.table} set "order" = ${order}, updated_at = now() where id = ${id} returning id`,
        )) as unknown as { rows: { id: number }[] };
        if (result.rows.length === 0) throw notFound();
        return recorded({ userId: actorId(user), model, rowIds: [id], action: 'order' });
      });
      return saved(kept, id);
    },

    /** Publishes, hides or removes records `ids` (each once); answers how many changed. */
    async bulk(user: Actor, action: BulkAction, ids: readonly number[]): Promise<number> {
      permit(user, action);
      const unique = [...new Set(ids)];
      const status = action === 'destroy' ? undefined : action === 'publish';
      const { pruned, onPruned } = pruning();
      // The records are read for their revisions before the transaction opens (docs/features/revisions.md).
      const changed = await bulkWrite(
        db,
        { table: spec.table, read },
        unique,
        status,
        (tx) => {
          const rows = softResource(tx, spec.table);
          return status === undefined ? rows.destroy(unique) : rows.setStatus(unique, status);
        },
        (tx, changed, current) =>
          recordWrite(tx, { userId: actorId(user), model, rowIds: changed, action, onPruned }, current),
      );
      await releasePruned(pruned);
      return changed.length;
    },

    /**
     * Keeps `input` as the draft of record `id` without changing the record (docs/features/drafts.md): the save is
     * run in a savepoint, so that its checks (a 409 for a stale form, a title_url taken) answer as for a save, the
     * record is read as that save would leave it, and the savepoint is rolled back. Answers the draft.
     */
    async keepDraft(user: Actor, id: number, input: I): Promise<Draft> {
      permit(user, 'update');
      return db.transaction(async (tx) => {
        if (!(await softResource(tx, spec.table).exists(id))) throw notFound();
        const data = await tx
          .transaction(async (trial) => {
            await spec.update(trial, id, input);
            throw new DraftRead(await read(trial, id));
          })
          .catch((err: unknown) => {
            if (err instanceof DraftRead) return err.data;
            throw err;
          });
        await writeDraft(tx, model, id, data, actorId(user));
        const draft = await draftOf(tx, model, id);
        if (!draft) throw new Error(`${model} ${id}: the draft was not kept`);
        return draft;
      });
    },

    /** Discards the draft of record `id`; 404 when it has none. */
    async discardDraft(user: Actor, id: number): Promise<void> {
      permit(user, 'update');
      if (!(await dropDraft(db, model, id))) throw notFound();
    },
  };
}

/**
 * "Mark as up to date" of a translated record (a content record or a mail template; docs/features/translations.md):
 * the policy's `update` for `user`, then the flags, the language rows and the log entry in one transaction (no
 * revision: no field changed). Answers the record's translation state; 404 for an unknown record, 422 on `locale`
 * when it was not outdated.
 */
export async function markLocaleCurrent(
  db: Db,
  spec: { model: LogModel; translations: Translations; can: (user: AuthUser, action: 'update') => boolean },
  user: Actor,
  id: number,
  locale: Locale,
): Promise<TranslationStatus> {
  if (user !== 'server' && !spec.can(user, 'update')) throw forbidden();
  const marked = await db.transaction(async (tx) => {
    const done = await markTranslationCurrent(tx, spec.translations, id, locale);
    if (done === 'marked')
      await logActivity(tx, { userId: actorId(user), model: spec.model, rowIds: [id], action: 'translation_current' });
    return done;
  });
  if (marked === 'unknown') throw notFound();
  if (marked === 'current') throw invalid({ locale: [ERR.notOutdated] });
  const translation = await translationStatusOf(db, spec.translations, id);
  if (!translation) throw notFound();
  return translation;
}
