import { type CategoryBadge, ERR, type Locale } from '@backoffice/shared';
import { and, asc, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { categories, galleries } from '../db/schema.js';
import { readTogether } from '../db/transaction.js';
import type { Translations, Tx } from './langs.js';

/**
 * A many-to-many link table of a record (article_categories, reference_similars …): `ownerColumn` points at
 * the record, `targetColumn` at what it links to. The API sends and receives the target ids as a list.
 */
export function links(table: PgTable, ownerColumn: AnyPgColumn, targetColumn: AnyPgColumn) {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const keyOf = (column: AnyPgColumn) => {
    const key = Object.keys(columns).find((k) => columns[k] === column);
    if (!key) throw new Error('links: column is not a column of table');
    return key;
  };
  const ownerKey = keyOf(ownerColumn);
  const targetKey = keyOf(targetColumn);

  return {
    table,
    ownerColumn,
    targetColumn,
    /** The target ids of one record, ascending. */
    async read(db: Db | Tx, id: number): Promise<number[]> {
      const rows = await db
        .select({ id: targetColumn })
        .from(table)
        .where(eq(ownerColumn, id))
        .orderBy(asc(targetColumn));
      return rows.map((r) => Number(r.id));
    },
    /** A list filter: the record (its id column `ownerId`) links to `targetId`. */
    has: (ownerId: AnyPgColumn, targetId: number): SQL =>
      sql`exists (select 1 from ${table} where ${ownerColumn} = ${ownerId} and ${targetColumn} = ${targetId})`,
    /** Replaces the record's links with `ids` (duplicates dropped). */
    async write(tx: Tx, id: number, ids: readonly number[]): Promise<void> {
      await tx.delete(table).where(eq(ownerColumn, id));
      const unique = [...new Set(ids)];
      if (unique.length > 0) {
        await tx.insert(table).values(unique.map((target) => ({ [ownerKey]: id, [targetKey]: target })));
      }
    },
  };
}
export type Links = ReturnType<typeof links>;

/** A table of soft-deletable records that links may point at. */
type LiveTable = PgTable & { id: AnyPgColumn; deleted_at: AnyPgColumn };

/**
 * The 422 errors of a save's link list: `{[field]: [key]}` when it names anything but live rows of `table` (narrowed
 * by `where`, e.g. categories of one module) or the record itself (`selfId`: similars), else `{}`.
 */
export async function linkErrors(
  db: Db | Tx,
  link: { field: string; key: string; table: LiveTable; where?: SQL; selfId?: number },
  ids: readonly number[],
): Promise<Record<string, string[]>> {
  if (ids.length === 0) return {};
  const unique = [...new Set(ids)];
  const wrong = () => ({ [link.field]: [link.key] });
  if (link.selfId && unique.includes(link.selfId)) return wrong();
  const { table } = link;
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, unique), isNull(table.deleted_at), link.where));
  return found.length === unique.length ? {} : wrong();
}

/** The links a content record may carry: categories of one module, galleries, similar records of its own kind. */
type RelatedKey = 'categories' | 'galleries' | 'similars';

/**
 * The related records of a content resource (news, galleries, references): read, written and checked together.
 * A save may name only live categories of `categoryModule` (else `categories: errors.requiredSelect`), live
 * galleries and live records of `owner` other than itself (else `errors.invalid` on the field).
 */
export function relatedLinks<K extends RelatedKey>(spec: {
  owner: LiveTable;
  categoryModule?: number;
  links: Record<K, Links>;
}) {
  const keys = Object.keys(spec.links) as K[];
  const rules = {
    categories: () => ({
      key: ERR.requiredSelect,
      table: categories,
      where: spec.categoryModule === undefined ? undefined : eq(categories.module_id, spec.categoryModule),
    }),
    galleries: () => ({ key: ERR.invalid, table: galleries }),
    similars: (id: number) => ({ key: ERR.invalid, table: spec.owner, selfId: id }),
  } satisfies Record<RelatedKey, (id: number) => Omit<Parameters<typeof linkErrors>[1], 'field'>>;

  return {
    links: spec.links,
    /** The linked ids of one record, each list ascending. */
    async read(db: Db | Tx, id: number): Promise<Record<K, number[]>> {
      const lists = await readTogether(
        db,
        keys.map((key) => () => spec.links[key].read(db, id)),
      );
      return Object.fromEntries(keys.map((key, i) => [key, lists[i]])) as Record<K, number[]>;
    },
    async write(tx: Tx, id: number, input: Record<K, readonly number[]>): Promise<void> {
      for (const key of keys) await spec.links[key].write(tx, id, input[key]);
    },
    /** The 422 errors of a save's links (record `id`, 0 when new). */
    async errors(tx: Tx, input: Record<K, readonly number[]>, id: number): Promise<Record<string, string[]>> {
      const errors: Record<string, string[]> = {};
      for (const key of keys)
        Object.assign(errors, await linkErrors(tx, { field: key, ...rules[key](id) }, input[key]));
      return errors;
    },
  };
}

/**
 * The live targets of a record's links with their title in `lang` (the category badges of a list row), as a column
 * of the list's own statement: `[{id, title}]` by title, `[]` without links. `owner` is the listed record's id
 * column. Read beside the page's rows instead of after them, the badges cost the list no second round trip to the
 * database (docs/features/lists.md, "What a request costs").
 */
export function linkedTitlesColumn(link: Links, titles: Translations, owner: AnyPgColumn, lang: Locale) {
  const target = titles.owner;
  return sql<
    CategoryBadge[]
  >`(select coalesce(json_agg(json_build_object('id', ${target.id}, 'title', ${titles.table.title}) order by ${titles.table.title}, ${target.id}), '[]'::json)
    from ${link.table}
    inner join ${target} on ${eq(target.id, link.targetColumn)}
    inner join ${titles.table} on ${titles.joinOn(lang)}
    where ${link.ownerColumn} = ${owner} and ${isNull(target.deleted_at)})`;
}
