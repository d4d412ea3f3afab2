import type { LabelOption, Locale } from '@backoffice/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, categoryLangs } from '../../db/schema.js';
import type { Tx } from '../../resources/langs.js';
import { categoryLangRows } from './langs.js';

/** Ids of every category below `id` (children, their children …); a cycle in old data cannot loop. */
export async function descendantsOf(db: Db | Tx, id: number): Promise<Set<number>> {
  const result = (await db.execute(sql`
    with recursive tree(id) as (
      select ${categories.id} from ${categories} where ${categories.parent_id} = ${id}
      union
      select c.id from ${categories} c join tree on c.parent_id = tree.id
    )
    select id from tree`)) as unknown as { rows: { id: number }[] };
  return new Set(result.rows.map((r) => Number(r.id)));
}

/**
 * The live categories of a module as options, depth-first under their parents, each label indented by its depth
 * (GET list/{moduleId}); `exclude` drops rows and everything below them (GET parents/{moduleId}/{id}).
 */
export async function categoryTree(
  db: Db,
  moduleId: number,
  lang: Locale,
  exclude: number | null = null,
): Promise<LabelOption[]> {
  const rows = await db
    .select({ id: categories.id, parent_id: categories.parent_id, title: categoryLangs.title })
    .from(categories)
    .innerJoin(categoryLangs, categoryLangRows.joinOn(lang))
    .where(and(eq(categories.module_id, moduleId), isNull(categories.deleted_at)))
    .orderBy(asc(categoryLangs.title), asc(categories.id));
  const ids = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<number | null, typeof rows>();
  for (const row of rows) {
    // A parent that is deleted or in another module leaves its children at the top.
    const parent = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const options: LabelOption[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    for (const row of childrenOf.get(parent) ?? []) {
      if (seen.has(row.id) || row.id === exclude) continue;
      seen.add(row.id);
      options.push({ id: row.id, label: `${'— '.repeat(depth)}${row.title}` });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return options;
}
