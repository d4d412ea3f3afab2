import {
  CATEGORY_DEFAULT_SORT,
  CATEGORY_SORTS,
  type CategoryInput,
  type CategoryRecord,
  type CategoryRow,
  ERR,
  type ListResponse,
  type Locale,
} from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { categories, categoryLangs, moduleLangs } from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import { lockTitleUrls, titleUrlErrors, titleUrlTaken } from '../../resources/langs.js';
import { type ContentListQuery, iso, translatedList } from '../../resources/list.js';
import type { ContentWrites } from '../../resources/operations.js';
import { updateUnlessStale } from '../../resources/resource.js';
import { moduleExists } from '../modules/service.js';
import { categoryLangRows } from './langs.js';
import { canCategory } from './policy.js';
import { descendantsOf } from './tree.js';

export type CategoryFilters = ContentListQuery & { module_id?: number };

/** The title of a category's module in `lang`. */
const moduleTitleIn = (lang: Locale) => sql<string | null>`(select ${moduleLangs.title} from ${moduleLangs}
  where ${moduleLangs.module_id} = ${categories.module_id} and ${moduleLangs.language_code} = ${lang})`;

/** The category list in each language: the columns a page shows and the expression behind each sort. */
const categoryList = translatedList(categoryLangRows, {
  columns: (lang) => ({
    select: {
      id: categories.id,
      title: categoryLangs.title,
      status: categories.status,
      module_id: categories.module_id,
      module_title: moduleTitleIn(lang),
      parent_id: categories.parent_id,
      updated_at: categories.updated_at,
      deleted_at: categories.deleted_at,
    },
    sorts: {
      title: categoryLangs.title,
      status: categories.status,
      module_title: moduleTitleIn(lang),
      updated_at: categories.updated_at,
      id: categories.id,
    },
  }),
  allowedSorts: CATEGORY_SORTS,
  defaultSort: CATEGORY_DEFAULT_SORT,
});

/** The category list: one page in the caller's language, title ascending unless asked otherwise. */
export async function listCategories(db: Db, query: CategoryFilters, lang: Locale): Promise<ListResponse<CategoryRow>> {
  const { rows, meta } = await categoryList(db, {
    query,
    lang,
    filters: [query.module_id === undefined ? undefined : eq(categories.module_id, query.module_id)],
  });
  return {
    data: rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString(), deleted_at: iso(r.deleted_at) })),
    meta,
  };
}

/** One category with both language versions; a soft-deleted category is returned with deleted_at set. */
export async function getCategory(db: Db, id: number): Promise<CategoryRecord> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) throw notFound();
  return {
    id: row.id,
    module_id: row.module_id,
    parent_id: row.parent_id,
    status: row.status,
    redirect: row.redirect,
    css_class: row.css_class,
    image: row.image,
    publish_up: iso(row.publish_up),
    publish_down: iso(row.publish_down),
    langs: await categoryLangRows.read(db, id),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
  };
}

/** Whether `value` is free as the title_url of `lang` for category `id` (0 = a new category). */
export async function titleUrlFree(db: Db | Tx, value: string, lang: Locale, id = 0): Promise<boolean> {
  return !(await titleUrlTaken(db, categoryLangRows, { value, lang, exceptId: id }));
}

/**
 * The rules a save must keep beyond the schema, all reported at once as a 422: the module exists, the parent
 * is a category of the same module and neither the category itself nor one below it, and each title_url is
 * free in its locale.
 */
async function checkCategory(tx: Tx, input: CategoryInput, id = 0) {
  const errors: Record<string, string[]> = {};
  if (!(await moduleExists(tx, input.module_id))) errors.module_id = [ERR.requiredOption];
  if (input.parent_id !== null) {
    const [parent] = await tx
      .select({ module_id: categories.module_id })
      .from(categories)
      .where(eq(categories.id, input.parent_id));
    const cycle = id > 0 && (input.parent_id === id || (await descendantsOf(tx, id)).has(input.parent_id));
    if (!parent || parent.module_id !== input.module_id || cycle) errors.parent_id = [ERR.parentInvalid];
  }
  Object.assign(errors, await titleUrlErrors(tx, categoryLangRows, input.langs, id));
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** A removed category comes back only while its title_urls are still free (422 errors.titleUrlUnique). */
export async function checkCategoryRestore(db: Db, id: number): Promise<void> {
  const errors = await titleUrlErrors(db, categoryLangRows, await categoryLangRows.read(db, id), id);
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

const mainFields = (input: CategoryInput) => ({
  module_id: input.module_id,
  parent_id: input.parent_id,
  status: input.status,
  redirect: input.redirect,
  css_class: input.css_class,
  publish_up: input.publish_up ? new Date(input.publish_up) : null,
  publish_down: input.publish_down ? new Date(input.publish_down) : null,
});

/** Creates a category; with `id` (reserved for its image, docs/features/media-storage.md) under that id. */
export async function createCategory(tx: Tx, input: CategoryInput, id?: number): Promise<number> {
  await lockTitleUrls(tx, categoryLangRows);
  await checkCategory(tx, input);
  const values = { ...mainFields(input), ...(id === undefined ? {} : { id }) };
  const [row] = await tx.insert(categories).values(values).returning({ id: categories.id });
  if (!row) throw new Error('insert returned no row');
  await categoryLangRows.write(tx, row.id, input.langs);
  return row.id;
}

/** Saves a category; when the caller's updated_at is older than the row's, nothing is written (409). */
export async function updateCategory(tx: Tx, id: number, input: CategoryInput): Promise<void> {
  await lockTitleUrls(tx, categoryLangRows);
  await checkCategory(tx, input, id);
  await updateUnlessStale(tx, categories, id, input.updated_at, mainFields(input));
  await categoryLangRows.write(tx, id, input.langs);
}

/** Category records as the operations write them (resources/operations.ts). */
export const categoryResource = (db: Db): ContentWrites<CategoryInput> => ({
  db,
  image: { media: 'category' },
  table: categories,
  model: 'Category',
  can: canCategory,
  create: createCategory,
  update: updateCategory,
  read: getCategory,
  checkRestore: checkCategoryRestore,
});
