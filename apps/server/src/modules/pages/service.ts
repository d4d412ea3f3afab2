import {
  ERR,
  isSiteSection,
  type ListResponse,
  type Locale,
  PAGE_DEFAULT_SORT,
  PAGE_DESCRIPTION_MAX,
  PAGE_LIKE_RICH_TEXT,
  PAGE_SORTS,
  type PageInput,
  type PageRecord,
  type PageRow,
  pageLikeLangShape,
} from '@backoffice/shared';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  categories,
  galleries,
  moduleLangs,
  navigationNodes,
  pageGalleries,
  pageLangs,
  pagePanels,
  pages,
  panels,
} from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import { lockTitleUrls, titleUrlErrors, titleUrlTaken, translations } from '../../resources/langs.js';
import { type ContentListQuery, iso, translatedList } from '../../resources/list.js';
import type { ContentWrites } from '../../resources/operations.js';
import { updateUnlessStale } from '../../resources/resource.js';
import { moduleExists } from '../modules/service.js';
import { nodeOfPage, placementErrors, placePage } from '../navigation/service.js';
import { canPage } from './policy.js';

export const pageLangRows = translations({
  owner: pages,
  table: pageLangs,
  ownerColumn: pageLangs.page_id,
  fields: Object.keys(pageLikeLangShape) as (keyof typeof pageLikeLangShape)[],
  richText: PAGE_LIKE_RICH_TEXT,
  addressKind: 'page',
});

export type PageFilters = ContentListQuery & { module_id?: number; navigation?: boolean };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Rich text as one line of plain text of at most `max` characters (the list's description line). */
export function plainText(html: string, max = PAGE_DESCRIPTION_MAX): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Whether a page is placed in the navigation. */
const inNavigation = sql<boolean>`exists (select 1 from ${navigationNodes} where ${navigationNodes.page_id} = ${pages.id})`;
/** The title of a page's module in `lang`. */
const moduleTitleIn = (lang: Locale) => sql<string | null>`(select ${moduleLangs.title} from ${moduleLangs}
  where ${moduleLangs.module_id} = ${pages.module_id} and ${moduleLangs.language_code} = ${lang})`;

/** The page list in each language: the columns a page shows and the expression behind each sort. */
const pageList = translatedList(pageLangRows, {
  columns: (lang) => ({
    select: {
      id: pages.id,
      title: pageLangs.title,
      teaser: pageLangs.teaser,
      status: pages.status,
      navigation: inNavigation,
      module_id: pages.module_id,
      module_title: moduleTitleIn(lang),
      updated_at: pages.updated_at,
      deleted_at: pages.deleted_at,
    },
    sorts: {
      title: pageLangs.title,
      status: pages.status,
      module_title: moduleTitleIn(lang),
      updated_at: pages.updated_at,
      id: pages.id,
    },
  }),
  allowedSorts: PAGE_SORTS,
  defaultSort: PAGE_DEFAULT_SORT,
});

/** The page list: one page in the caller's language, title ascending unless asked otherwise. */
export async function listPages(db: Db, query: PageFilters, lang: Locale): Promise<ListResponse<PageRow>> {
  const { rows, meta } = await pageList(db, {
    query,
    lang,
    filters: [
      query.module_id === undefined ? undefined : eq(pages.module_id, query.module_id),
      query.navigation === undefined ? undefined : query.navigation ? inNavigation : sql`not ${inNavigation}`,
    ],
  });
  return {
    data: rows.map(({ teaser, ...r }) => ({
      ...r,
      description: plainText(teaser),
      navigation: Boolean(r.navigation),
      updated_at: r.updated_at.toISOString(),
      deleted_at: iso(r.deleted_at),
    })),
    meta,
  };
}

const linkedIds = async (db: Db, table: typeof pagePanels | typeof pageGalleries, pageId: number) => {
  const column = table === pagePanels ? pagePanels.panel_id : pageGalleries.gallery_id;
  const rows = await db.select({ id: column }).from(table).where(eq(table.page_id, pageId)).orderBy(asc(column));
  return rows.map((r) => r.id);
};

/** One page with both language versions, its navigation placement and its links; a removed one has deleted_at. */
export async function getPage(db: Db, id: number): Promise<PageRecord> {
  const [row] = await db.select().from(pages).where(eq(pages.id, id)).limit(1);
  if (!row) throw notFound();
  const node = await nodeOfPage(db, id);
  return {
    id: row.id,
    module_id: row.module_id,
    category_id: row.category_id,
    status: row.status,
    redirect: row.redirect,
    css_class: row.css_class,
    image: row.image,
    publish_up: iso(row.publish_up),
    publish_down: iso(row.publish_down),
    langs: await pageLangRows.read(db, id),
    navigation: { value: node !== undefined, parent_id: node?.parent_id ?? null },
    group_id: node?.group_id ?? null,
    galleries: await linkedIds(db, pageGalleries, id),
    panels: await linkedIds(db, pagePanels, id),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
  };
}

/** Whether `value` is free as the title_url of `lang` for page `id` (0 = a new page); a site section never is. */
export async function titleUrlFree(db: Db | Tx, value: string, lang: Locale, id = 0): Promise<boolean> {
  if (isSiteSection(value)) return false;
  return !(await titleUrlTaken(db, pageLangRows, { value, lang, exceptId: id }));
}

/**
 * Whether page `id` may host `moduleId` with `categoryId` (docs/spec-index.md S1.5 Page module): only one live page hosts a
 * module with no category; a category narrows the page and is always allowed.
 */
export async function moduleFree(db: Db | Tx, moduleId: number | null, id: number, categoryId: number | null) {
  if (moduleId === null || categoryId !== null) return true;
  const [other] = await db
    .select({ id: pages.id })
    .from(pages)
    .where(
      and(
        eq(pages.module_id, moduleId),
        isNull(pages.category_id),
        isNull(pages.deleted_at),
        id ? ne(pages.id, id) : undefined,
      ),
    )
    .limit(1);
  return other === undefined;
}

/** Which of `ids` are missing from a table of soft-deletable rows (removed ones count as missing). */
async function missing(tx: Tx, table: typeof panels | typeof galleries, ids: number[]) {
  if (ids.length === 0) return false;
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), isNull(table.deleted_at)));
  return found.length !== ids.length;
}

/** The category a page keeps: none without a module. */
const categoryOf = (input: PageInput) => (input.module_id === null ? null : input.category_id);

/**
 * The rules a save must keep beyond the schema, all reported at once as a 422: the module exists and no other
 * page hosts it without a category, the category belongs to the module, the galleries and panels exist, each
 * title_url is free in its locale, and the navigation parent is valid.
 */
async function checkPage(tx: Tx, input: PageInput, id = 0) {
  const errors: Record<string, string[]> = {};
  const categoryId = categoryOf(input);
  if (input.module_id !== null && !(await moduleExists(tx, input.module_id))) {
    errors.module_id = [ERR.requiredOption];
  } else if (!(await moduleFree(tx, input.module_id, id, categoryId))) {
    errors.module_id = [ERR.moduleIdUnique];
  }
  if (categoryId !== null) {
    const [category] = await tx
      .select({ module_id: categories.module_id })
      .from(categories)
      .where(and(eq(categories.id, categoryId), isNull(categories.deleted_at)));
    if (category?.module_id !== input.module_id) errors.category_id = [ERR.requiredOption];
  }
  if (await missing(tx, galleries, input.galleries)) errors.galleries = [ERR.invalid];
  if (await missing(tx, panels, input.panels)) errors.panels = [ERR.invalid];
  Object.assign(errors, await titleUrlErrors(tx, pageLangRows, input.langs, id));
  Object.assign(errors, await placementErrors(tx, id, { ...input.navigation, group_id: input.group_id }));
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** A removed page comes back only while its title_urls are free and its module is not hosted elsewhere. */
export async function checkPageRestore(db: Db, id: number): Promise<void> {
  const errors = await titleUrlErrors(db, pageLangRows, await pageLangRows.read(db, id), id);
  const [row] = await db.select().from(pages).where(eq(pages.id, id));
  if (row && !(await moduleFree(db, row.module_id, id, row.category_id))) errors.module_id = [ERR.moduleIdUnique];
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

const mainFields = (input: PageInput) => ({
  module_id: input.module_id,
  category_id: categoryOf(input),
  status: input.status,
  redirect: input.redirect,
  css_class: input.css_class,
  publish_up: input.publish_up ? new Date(input.publish_up) : null,
  publish_down: input.publish_down ? new Date(input.publish_down) : null,
});

/** Replaces the page's translations, gallery and panel links and navigation placement. */
async function writeDetails(tx: Tx, id: number, input: PageInput) {
  await pageLangRows.write(tx, id, input.langs);
  await tx.delete(pageGalleries).where(eq(pageGalleries.page_id, id));
  if (input.galleries.length > 0) {
    await tx.insert(pageGalleries).values(input.galleries.map((gallery_id) => ({ page_id: id, gallery_id })));
  }
  await tx.delete(pagePanels).where(eq(pagePanels.page_id, id));
  if (input.panels.length > 0) {
    await tx.insert(pagePanels).values(input.panels.map((panel_id) => ({ page_id: id, panel_id })));
  }
  await placePage(tx, id, { ...input.navigation, group_id: input.group_id });
}

/** Creates a page; with `id` (reserved for its image, docs/features/media-storage.md) under that id. */
export async function createPage(tx: Tx, input: PageInput, id?: number): Promise<number> {
  await lockTitleUrls(tx, pageLangRows);
  await checkPage(tx, input);
  const values = { ...mainFields(input), ...(id === undefined ? {} : { id }) };
  const [row] = await tx.insert(pages).values(values).returning({ id: pages.id });
  if (!row) throw new Error('insert returned no row');
  await writeDetails(tx, row.id, input);
  return row.id;
}

/** Saves a page; when the caller's updated_at is older than the row's, nothing is written (409). */
export async function updatePage(tx: Tx, id: number, input: PageInput): Promise<void> {
  await lockTitleUrls(tx, pageLangRows);
  await checkPage(tx, input, id);
  await updateUnlessStale(tx, pages, id, input.updated_at, mainFields(input));
  await writeDetails(tx, id, input);
}

/** Page records as the operations write them (resources/operations.ts). */
export const pageResource = (db: Db): ContentWrites<PageInput> => ({
  db,
  image: { media: 'page' },
  table: pages,
  model: 'Page',
  can: canPage,
  create: createPage,
  update: updatePage,
  read: getPage,
  checkRestore: checkPageRestore,
});
