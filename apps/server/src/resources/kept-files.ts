// The image files of a record's kept versions (docs/features/revisions.md "Files"): a file that a save replaced, or
// that a pruned revision named, is removed only once neither the record nor any of its revisions names it any more,
// so that restoring a version brings its image back.
import type { LogModel } from '@backoffice/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { revisions } from '../db/schema.js';
import { removeImages } from '../media/images.js';
import { mediaStorage } from '../media/storage.js';
import type { ImageColumn } from './image-fields.js';
import type { softResource } from './resource.js';

/** What the history needs of a record's images: their folder under MEDIA_DIR and the columns that hold them. */
export interface KeptFiles {
  /** The image files a kept version (a revision's data) names. */
  filesOf: (data: unknown) => string[];
  /** After the write has committed: removes those of `files` that neither the record nor a revision of it names. */
  release: (id: number, files: readonly (string | null | undefined)[]) => Promise<void>;
}

export function keptFiles(
  db: Db,
  spec: {
    table: Parameters<typeof softResource>[1];
    model: LogModel;
    media: string;
    config: Config;
    fields: readonly ImageColumn[];
  },
): KeptFiles {
  const { fields } = spec;
  const filesOf = (data: unknown) => {
    const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    return fields.flatMap((field) => {
      const file = record[field];
      return typeof file === 'string' && file !== '' ? [file] : [];
    });
  };

  /** The files the record's row names now. */
  const current = async (id: number) => {
    const columns = sql.join(
      fields.map((field) => sql.identifier(field)),
      sql`, `,
    );
    const row = (await db.execute(sql`select ${columns} from ${spec.table} where id = ${id}`)) as unknown as {
      rows: Record<string, string | null>[];
    };
    return new Set(row.rows.flatMap((r) => filesOf(r)));
  };
  /** Of `files`, those a revision of the record (kept, or hidden while the history is off) names. */
  const kept = async (id: number, files: string[]) => {
    const names = new Set<string>();
    for (const field of fields) {
      const file = sql<string>`${revisions.data} ->> ${field}`;
      const rows = await db
        .selectDistinct({ file })
        .from(revisions)
        .where(and(eq(revisions.model, spec.model), eq(revisions.record_id, id), inArray(file, files)));
      for (const row of rows) names.add(row.file);
    }
    return names;
  };

  return {
    filesOf,
    async release(id, files) {
      const candidates = [...new Set(files.filter((file): file is string => typeof file === 'string' && file !== ''))];
      if (candidates.length === 0) return;
      const [now, versions] = await Promise.all([current(id), kept(id, candidates)]);
      const unnamed = candidates.filter((file) => !now.has(file) && !versions.has(file));
      await removeImages({ config: spec.config }, { model: spec.media, id }, unnamed);
      // A file only a version names keeps its original and thumbnail; its renditions (the site's sizes, forgotten
      // when it was replaced: media/renditions.ts) are made again if a restore brings it back.
      const storage = mediaStorage(spec.config);
      const resting = candidates.filter((file) => !now.has(file) && versions.has(file));
      await Promise.all(
        resting.map((file) =>
          storage.store.deletePrefix(storage.renditionPrefix(spec.media, id, file)).catch(() => {}),
        ),
      );
    },
  };
}
