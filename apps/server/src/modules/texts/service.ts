import {
  type ListQuery,
  type ListResponse,
  LOCALES,
  type Locale,
  TEXT_DEFAULT_SORT,
  TEXT_SORTS,
  type TextInput,
  type TextRecord,
  type TextRow,
} from '@backoffice/shared';
import { and, asc, count, desc, eq, exists, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { textLangs, textPositionLinks, textPositions, texts } from '../../db/schema.js';
import { notFound, stale } from '../../http/errors.js';
import { likePattern, pageMeta, resolveSort } from '../../http/paging.js';
import { softResource } from '../../http/resource.js';
import { sanitizeRichText } from '../../http/sanitize.js';

export interface TextFilters {
  status?: boolean;
  position_id?: number;
}

export const textOps = (db: Db) => softResource(db, texts);

/** The text list: one page in the caller's language, with the positions of the rows on it. */
export async function listTexts(db: Db, query: ListQuery & TextFilters, lang: Locale): Promise<ListResponse<TextRow>> {
  const { sort, order } = resolveSort(query, TEXT_SORTS, TEXT_DEFAULT_SORT);
  const where = and(
    query.trashed === 'only'
      ? isNotNull(texts.deleted_at)
      : query.trashed === 'with'
        ? undefined
        : isNull(texts.deleted_at),
    query.status === undefined ? undefined : eq(texts.status, query.status),
    query.position_id === undefined
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(textPositionLinks)
            .where(and(eq(textPositionLinks.text_id, texts.id), eq(textPositionLinks.position_id, query.position_id))),
        ),
    query.search ? ilike(textLangs.title, likePattern(query.search)) : undefined,
  );
  const column = { updated_at: texts.updated_at, title: textLangs.title, status: texts.status, id: texts.id }[sort];
  const direction = order === 'asc' ? asc : desc;
  const joined = () =>
    db
      .select({
        id: texts.id,
        title: textLangs.title,
        status: texts.status,
        updated_at: texts.updated_at,
        deleted_at: texts.deleted_at,
      })
      .from(texts)
      .innerJoin(textLangs, and(eq(textLangs.text_id, texts.id), eq(textLangs.language_code, lang)));
  // Page and count as two queries: the page can stop after per_page rows of an index scan.
  const [rows, total] = await Promise.all([
    joined()
      .where(where)
      .orderBy(direction(column), direction(texts.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    countTexts(db, where, lang),
  ]);
  const positions = await positionsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      positions: positions.get(r.id) ?? [],
      updated_at: r.updated_at.toISOString(),
      deleted_at: r.deleted_at?.toISOString() ?? null,
    })),
    meta: pageMeta(total, query.page, query.per_page),
  };
}

async function countTexts(db: Db, where: ReturnType<typeof and>, lang: Locale) {
  const [row] = await db
    .select({ n: count() })
    .from(texts)
    .innerJoin(textLangs, and(eq(textLangs.text_id, texts.id), eq(textLangs.language_code, lang)))
    .where(where);
  return row?.n ?? 0;
}

async function positionsOf(db: Db, ids: number[]) {
  const byText = new Map<number, { id: number; title: string }[]>();
  if (ids.length === 0) return byText;
  const links = await db
    .select({ text_id: textPositionLinks.text_id, id: textPositions.id, title: textPositions.title })
    .from(textPositionLinks)
    .innerJoin(textPositions, eq(textPositions.id, textPositionLinks.position_id))
    .where(inArray(textPositionLinks.text_id, ids))
    .orderBy(asc(textPositions.id));
  for (const { text_id, ...position } of links) byText.set(text_id, [...(byText.get(text_id) ?? []), position]);
  return byText;
}

/** One text with both language versions; soft-deleted texts are returned with deleted_at set. */
export async function getText(db: Db, id: number): Promise<TextRecord> {
  const [row] = await db.select().from(texts).where(eq(texts.id, id)).limit(1);
  if (!row) throw notFound();
  const [langs, links] = await Promise.all([
    db.select().from(textLangs).where(eq(textLangs.text_id, id)),
    db.select().from(textPositionLinks).where(eq(textPositionLinks.text_id, id)),
  ]);
  const byLocale = Object.fromEntries(
    LOCALES.map((l) => {
      const lang = langs.find((x) => x.language_code === l);
      return [l, { title: lang?.title ?? '', content: lang?.content ?? '' }];
    }),
  ) as TextRecord['langs'];
  return {
    id: row.id,
    status: row.status,
    langs: byLocale,
    positions: links.map((l) => l.position_id).sort((a, b) => a - b),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: row.deleted_at?.toISOString() ?? null,
  };
}

export async function positionOptions(db: Db) {
  return db
    .select({ id: textPositions.id, title: textPositions.title })
    .from(textPositions)
    .orderBy(asc(textPositions.id));
}

/** Ids among `ids` that are not text positions; a save naming one is refused. */
export async function unknownPositions(db: Db, ids: number[]) {
  const found = await db.select({ id: textPositions.id }).from(textPositions).where(inArray(textPositions.id, ids));
  return ids.filter((id) => !found.some((f) => f.id === id));
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function writeChildren(tx: Tx, id: number, input: TextInput) {
  for (const locale of LOCALES) {
    const values = { title: input.langs[locale].title, content: sanitizeRichText(input.langs[locale].content) };
    await tx
      .insert(textLangs)
      .values({ text_id: id, language_code: locale, ...values })
      .onConflictDoUpdate({ target: [textLangs.text_id, textLangs.language_code], set: values });
  }
  await tx.delete(textPositionLinks).where(eq(textPositionLinks.text_id, id));
  const positions = [...new Set(input.positions)];
  await tx.insert(textPositionLinks).values(positions.map((position_id) => ({ text_id: id, position_id })));
}

export async function createText(db: Db, input: TextInput): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(texts).values({ status: input.status }).returning({ id: texts.id });
    if (!row) throw new Error('insert returned no row');
    await writeChildren(tx, row.id, input);
    return row.id;
  });
}

/** Saves a text; when the caller's updated_at is older than the row's, nothing is written (409). */
export async function updateText(db: Db, id: number, input: TextInput): Promise<void> {
  await db.transaction(async (tx) => {
    const loaded = input.updated_at ? new Date(input.updated_at) : undefined;
    const updated = await tx
      .update(texts)
      .set({ status: input.status, updated_at: new Date() })
      .where(and(eq(texts.id, id), loaded ? eq(texts.updated_at, loaded) : undefined))
      .returning({ id: texts.id });
    if (updated.length === 0) {
      const [exists] = await tx.select({ id: texts.id }).from(texts).where(eq(texts.id, id));
      throw exists ? stale() : notFound();
    }
    await writeChildren(tx, id, input);
  });
}
