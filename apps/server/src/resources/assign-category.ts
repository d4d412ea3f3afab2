// The bulk "assign a category" of a list whose records have categories (news, references, galleries;
// docs/features/content.md "Duplicate and assign a category"): the category is added to each selected record that does
// not have it yet, its other categories kept, in one transaction with the records' revisions and the log entry.
import { ERR } from '@backoffice/shared';
import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { categories } from '../db/schema.js';
import { forbidden, invalid } from '../http/errors.js';
import type { Links } from './links.js';
import { type Actor, actorId, type ContentWrites } from './operations.js';
import { keepOriginal, recordWrite } from './revisions.js';

export interface CategorySpec {
  /** The records' category links (e.g. article_categories). */
  links: Links;
  /** The module whose categories the records take (docs/data.md: categories belong to a module). */
  module: number;
}

/**
 * The assign-a-category operation of a resource: adds live category `categoryId` of the resource's module to the
 * live records `ids` lacking it (a wrong category is a 422 on `category_id`); answers how many records changed.
 * Refused (403) to a user who may not update.
 */
export function categoryAssigner<I>(resource: ContentWrites<I>, spec: CategorySpec) {
  const { db, table, model, read } = resource;
  const { links } = spec;
  const owner = table as typeof table & { id: typeof categories.id; deleted_at: typeof categories.deleted_at };

  return async (user: Actor, ids: readonly number[], categoryId: number): Promise<number> => {
    if (user !== 'server' && !resource.can(user, 'update')) throw forbidden();
    return db.transaction(async (tx) => {
      const [category] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.id, categoryId), eq(categories.module_id, spec.module), isNull(categories.deleted_at)))
        .for('share');
      if (!category) throw invalid({ category_id: [ERR.requiredOption] });
      // The live records that lack the category, locked so a save cannot slip between this read and the insert.
      const lacking = await tx
        .select({ id: owner.id })
        .from(owner)
        .where(
          and(
            inArray(owner.id, [...new Set(ids)]),
            isNull(owner.deleted_at),
            sql`not exists (select 1 from ${links.table} where ${links.ownerColumn} = ${owner.id} and ${links.targetColumn} = ${categoryId})`,
          ),
        )
        .orderBy(owner.id)
        .for('update');
      const changed = lacking.map((row) => Number(row.id));
      if (changed.length === 0) return 0;
      for (const id of changed) await keepOriginal(tx, model, id, (rowId) => read(tx, rowId));
      const ownerKey = keyOf(links, links.ownerColumn);
      const targetKey = keyOf(links, links.targetColumn);
      await tx.insert(links.table).values(changed.map((id) => ({ [ownerKey]: id, [targetKey]: categoryId })));
      await tx.execute(sql`update ${table} set updated_at = now() where ${inArray(owner.id, changed)}`);
      await recordWrite(tx, { userId: actorId(user), model, rowIds: changed, action: 'update' }, (id) => read(tx, id));
      return changed.length;
    });
  };
}

/** The property name of a link table's column, as drizzle's insert takes it. */
function keyOf(links: Links, column: Links['ownerColumn']): string {
  const columns = getTableColumns(links.table);
  const key = Object.keys(columns).find((k) => columns[k] === column);
  if (!key) throw new Error('assign-category: column is not a column of the link table');
  return key;
}
