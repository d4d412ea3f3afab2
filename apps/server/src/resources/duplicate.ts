// The bulk "duplicate" of a content list (docs/features/content.md "Duplicate and assign a category"): each selected
// record is read as its form loads it and created again through the resource's own create, as a hidden draft whose
// titles say it is a copy and whose title_urls are free. Image files are copied through the storage API under the
// copy's own folder, so removing either record (or replacing its image) never touches the other's files.
import { LOCALES, type Locale } from '@backoffice/shared';
import { getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import { forbidden, invalid } from '../http/errors.js';
import { IMAGE_MIME_BY_EXT, removeImages } from '../media/images.js';
import { renditionsOfSave } from '../media/renditions.js';
import { mediaStorage, newFileName } from '../media/storage.js';
import type { ImageColumn } from './image-fields.js';
import { lockTitleUrls, type Translations, titleUrlTaken, translationsOf } from './langs.js';
import { type Actor, actorId, type ContentWrites } from './operations.js';
import { recordWrite } from './revisions.js';

/** What a copy's titles end with, per locale. */
const TITLE_SUFFIX: Record<Locale, string> = { sk: ' (kópia)', en: ' (copy)' };
/** What a copy's title_url ends with before a number makes it free. */
const URL_SUFFIX: Record<Locale, string> = { sk: 'kopia', en: 'copy' };
/** The longest title and title_url the schemas take (zTitle, zTitleUrl). */
const TEXT_MAX = 255;

type Data = Record<string, unknown>;
const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A title with the copy's suffix, shortened so that both fit the limit. */
const copyTitle = (title: string, lang: Locale) =>
  title.trim() ? `${title.trim().slice(0, TEXT_MAX - TITLE_SUFFIX[lang].length)}${TITLE_SUFFIX[lang]}` : title;

/** `<url>-kopia`, then `<url>-kopia-2`, … : the first that no live record of the resource holds in `lang`. */
async function freeTitleUrl(tx: Tx, tr: TitleUrlTranslations, url: string, lang: Locale): Promise<string> {
  for (let n = 1; ; n++) {
    const tail = n === 1 ? `-${URL_SUFFIX[lang]}` : `-${URL_SUFFIX[lang]}-${n}`;
    const candidate = `${url.slice(0, TEXT_MAX - tail.length)}${tail}`;
    if (!(await titleUrlTaken(tx, tr, { value: candidate, lang }))) return candidate;
  }
}

type TitleUrlTranslations = Translations & { table: { title_url: AnyPgColumn } };
const withTitleUrls = (tr: Translations | undefined): TitleUrlTranslations | undefined =>
  tr && 'title_url' in tr.table ? (tr as TitleUrlTranslations) : undefined;

/** A new id from the table's serial sequence, outside any transaction, so the copy's files can go under it first. */
async function reserveId(db: Db, table: ContentWrites<unknown>['table']): Promise<number> {
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence(quote_ident(${getTableName(table)}), 'id')) as id`,
  )) as unknown as { rows: { id: number | string }[] };
  const id = Number(result.rows[0]?.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`no id reserved for ${getTableName(table)}`);
  return id;
}

export interface DuplicateSpec<I> {
  resource: ContentWrites<I>;
  /** The create body's schema: a copy is the record as read, checked as any create is (422 when it fails). */
  body: z.ZodType<I>;
  /** What a copy must not inherit (a page's place in the navigation, its hosted module). */
  adjust?: (copy: I) => I;
  /** The record's image columns and their storage folder (crud-routes `image`). */
  image?: { media: string; config: Config; fields: readonly ImageColumn[] };
}

/** One record to copy: its record as read, the copy's reserved id and its copied files (when it has images). */
interface Copy {
  record: Data;
  reserved?: number;
  files: (string | null)[];
}

/**
 * The duplicate operation of a resource: copies records `ids` (each once; missing and removed ones are left out) in
 * one transaction, each logged and kept as a revision as a create is; answers how many were created. Refused (403)
 * to a user who may not create.
 */
export function duplicator<I>(spec: DuplicateSpec<I>) {
  const { resource, image } = spec;
  const { db, table, model, read } = resource;
  const fields = image?.fields ?? [];

  /** Copies one stored image (original and thumbnail) from record `from` to record `to` under a new name. */
  const copyFile = async (from: number, to: number, file: string): Promise<string> => {
    if (!image) throw new Error('no image storage');
    const storage = mediaStorage(image.config);
    const [original, thumb] = await Promise.all([
      storage.read(image.media, from, file, 'original'),
      storage.read(image.media, from, file, 'thumb'),
    ]);
    const ext = file.slice(file.lastIndexOf('.') + 1);
    const name = newFileName(ext);
    await storage.write(image.media, to, name, { original, thumb, mime: IMAGE_MIME_BY_EXT[ext] });
    return name;
  };

  /** The copy's create body: hidden, titles marked as a copy, free title_urls; checked by the body schema. */
  const inputOf = async (tx: Tx, record: Data): Promise<I> => {
    const tr = withTitleUrls(translationsOf(table));
    const langs = isData(record.langs) ? record.langs : {};
    const copied: Data = {};
    for (const lang of LOCALES) {
      const row = isData(langs[lang]) ? { ...langs[lang] } : {};
      if (typeof row.title === 'string') row.title = copyTitle(row.title, lang);
      if (tr && typeof row.title_url === 'string' && row.title_url.trim()) {
        row.title_url = await freeTitleUrl(tx, tr, row.title_url.trim(), lang);
      }
      copied[lang] = row;
    }
    const parsed = spec.body.safeParse({ ...record, langs: copied, status: false, updated_at: undefined });
    if (!parsed.success) {
      throw invalid(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), [issue.message]])));
    }
    return spec.adjust ? spec.adjust(parsed.data) : parsed.data;
  };

  return async (user: Actor, ids: readonly number[]): Promise<number> => {
    if (user !== 'server' && !resource.can(user, 'create')) throw forbidden();
    const copies: Copy[] = [];
    for (const id of new Set(ids)) {
      const record = await read(db, id).catch(() => undefined);
      if (isData(record) && !record.deleted_at) copies.push({ record, files: [] });
    }
    try {
      // The files first, outside any transaction (a storage request holds no connection); a record whose file is
      // gone from the storage is copied without that image.
      for (const copy of copies) {
        const names = fields.map((field) => copy.record[field]);
        if (!names.some((name) => typeof name === 'string' && name)) continue;
        const from = Number(copy.record.id);
        copy.reserved = await reserveId(db, table);
        for (const name of names) {
          copy.files.push(
            typeof name === 'string' && name ? await copyFile(from, copy.reserved, name).catch(() => null) : null,
          );
        }
      }
      return await db.transaction(async (tx) => {
        const tr = withTitleUrls(translationsOf(table));
        // The free title_urls are chosen under the lock every save of the resource takes.
        if (tr) await lockTitleUrls(tx, tr);
        const created: number[] = [];
        for (const copy of copies) {
          const id = await resource.create(tx, await inputOf(tx, copy.record), copy.reserved);
          if (copy.reserved !== undefined) {
            const sets = fields.map((field, i) => sql`${sql.identifier(field)} = ${copy.files[i] ?? null}`);
            await tx.execute(sql`update ${table} set ${sql.join(sets, sql`, `)} where id = ${id}`);
            if (image) {
              await renditionsOfSave(tx, image.config, { model: image.media, id, added: copy.files, replaced: [] });
            }
          }
          created.push(id);
        }
        if (created.length > 0) {
          await recordWrite(tx, { userId: actorId(user), model, rowIds: created, action: 'store' }, (id) =>
            read(tx, id),
          );
        }
        return created.length;
      });
    } catch (err) {
      if (image) {
        for (const copy of copies) {
          if (copy.reserved !== undefined) {
            await removeImages(image, { model: image.media, id: copy.reserved }, copy.files, { prune: true });
          }
        }
      }
      throw err;
    }
  };
}
