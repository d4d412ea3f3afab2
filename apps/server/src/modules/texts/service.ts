import {
  ERR,
  type ListQuery,
  type ListResponse,
  type Locale,
  TEXT_DEFAULT_SORT,
  TEXT_SORTS,
  type TextInput,
  type TextRecord,
  type TextRow,
  type TranslationStatus,
} from '@backoffice/shared';
import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { textLangs, textPositionLinks, textPositions, texts } from '../../db/schema.js';
import { readTogether } from '../../db/transaction.js';
import { invalid, notFound } from '../../http/errors.js';
import { translations } from '../../resources/langs.js';
import { iso, translatedList } from '../../resources/list.js';
import type { ContentWrites } from '../../resources/operations.js';
import { updateUnlessStale } from '../../resources/resource.js';
import { canText } from './policy.js';

export interface TextFilters {
  status?: boolean;
  position_id?: number;
}

export const textLangRows = translations({
  owner: texts,
  table: textLangs,
  ownerColumn: textLangs.text_id,
  fields: ['title', 'content'],
  richText: ['content'],
});

/** The text list in each language: the columns a page shows and the expression behind each sort. */
const textList = translatedList(textLangRows, {
  columns: () => ({
    select: {
      id: texts.id,
      title: textLangs.title,
      status: texts.status,
      updated_at: texts.updated_at,
      deleted_at: texts.deleted_at,
      positions: positionsColumn,
    },
    sorts: { updated_at: texts.updated_at, title: textLangs.title, status: texts.status, id: texts.id },
  }),
  allowedSorts: TEXT_SORTS,
  defaultSort: TEXT_DEFAULT_SORT,
});

/** The text list: one page in the caller's language, with the positions of the rows on it. */
export async function listTexts(db: Db, query: ListQuery & TextFilters, lang: Locale): Promise<ListResponse<TextRow>> {
  const { rows, meta } = await textList(db, {
    query,
    lang,
    filters: [
      query.position_id === undefined
        ? undefined
        : exists(
            db
              .select({ one: sql`1` })
              .from(textPositionLinks)
              .where(
                and(eq(textPositionLinks.text_id, texts.id), eq(textPositionLinks.position_id, query.position_id)),
              ),
          ),
    ],
  });
  return {
    data: rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      positions: r.positions,
      translation: translationOf(r),
      updated_at: r.updated_at.toISOString(),
      deleted_at: iso(r.deleted_at),
    })),
    meta,
  };
}

/** The row's translation state, which the list helper adds beside the selected fields (docs/features/translations.md). */
const translationOf = (row: object) => (row as { translation?: TranslationStatus }).translation;

/**
 * A listed text's positions `[{id, title}]` by id, as a column of the list's own statement (no second round trip;
 * docs/features/lists.md, "What a request costs").
 */
const positionsColumn = sql<
  { id: number; title: string }[]
>`(select coalesce(json_agg(json_build_object('id', ${textPositions.id}, 'title', ${textPositions.title}) order by ${textPositions.id}), '[]'::json)
  from ${textPositionLinks}
  inner join ${textPositions} on ${eq(textPositions.id, textPositionLinks.position_id)}
  where ${textPositionLinks.text_id} = ${texts.id})`;

/** One text with both language versions; soft-deleted texts are returned with deleted_at set. */
export async function getText(db: Db, id: number): Promise<TextRecord> {
  const [row] = await db.select().from(texts).where(eq(texts.id, id)).limit(1);
  if (!row) throw notFound();
  const [langs, links] = await readTogether(db, [
    () => textLangRows.read(db, id),
    () => db.select().from(textPositionLinks).where(eq(textPositionLinks.text_id, id)),
  ]);
  return {
    id: row.id,
    status: row.status,
    langs,
    positions: links.map((l) => l.position_id).sort((a, b) => a - b),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
  };
}

export async function positionOptions(db: Db) {
  return db
    .select({ id: textPositions.id, title: textPositions.title })
    .from(textPositions)
    .orderBy(asc(textPositions.id));
}

/** Ids among `ids` that are not text positions; a save naming one is refused. */
async function unknownPositions(db: Db, ids: number[]) {
  const found = await db.select({ id: textPositions.id }).from(textPositions).where(inArray(textPositions.id, ids));
  return ids.filter((id) => !found.some((f) => f.id === id));
}

async function writeChildren(tx: Tx, id: number, input: TextInput) {
  await textLangRows.write(tx, id, input.langs);
  await tx.delete(textPositionLinks).where(eq(textPositionLinks.text_id, id));
  const positions = [...new Set(input.positions)];
  await tx.insert(textPositionLinks).values(positions.map((position_id) => ({ text_id: id, position_id })));
}

/** Every position a save names must exist; otherwise 422 before anything is written. */
async function checkPositions(tx: Tx, input: TextInput) {
  if ((await unknownPositions(tx, input.positions)).length > 0) throw invalid({ positions: [ERR.requiredSelect] });
}

export async function createText(tx: Tx, input: TextInput): Promise<number> {
  await checkPositions(tx, input);
  const [row] = await tx.insert(texts).values({ status: input.status }).returning({ id: texts.id });
  if (!row) throw new Error('insert returned no row');
  await writeChildren(tx, row.id, input);
  return row.id;
}

/** Saves a text; when the caller's updated_at is older than the row's, nothing is written (409). */
export async function updateText(tx: Tx, id: number, input: TextInput): Promise<void> {
  await checkPositions(tx, input);
  await updateUnlessStale(tx, texts, id, input.updated_at, { status: input.status });
  await writeChildren(tx, id, input);
}

/** Text records as the operations write them (resources/operations.ts). */
export const textResource = (db: Db): ContentWrites<TextInput> => ({
  db,
  table: texts,
  model: 'Text',
  can: canText,
  create: createText,
  update: updateText,
  read: getText,
});
