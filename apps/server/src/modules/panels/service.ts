import {
  type LangOption,
  type ListResponse,
  type Locale,
  PANEL_DEFAULT_SORT,
  PANEL_SORTS,
  type PanelInput,
  type PanelRecord,
  type PanelRow,
} from '@backoffice/shared';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { pagePanels, panelLangs, panels } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { translations } from '../../resources/langs.js';
import { type ContentListQuery, iso, translatedList } from '../../resources/list.js';
import type { ContentWrites } from '../../resources/operations.js';
import { updateUnlessStale } from '../../resources/resource.js';
import { canPanel } from './policy.js';

export const panelLangRows = translations({
  owner: panels,
  table: panelLangs,
  ownerColumn: panelLangs.panel_id,
  fields: ['title', 'content'],
  richText: ['content'],
});

/** How many pages show the panel (the list's pages_count column). */
const pagesCount =
  sql<number>`(select count(*) from ${pagePanels} where ${pagePanels.panel_id} = ${panels.id})`.mapWith(Number);

/** The panel list in each language: the columns a page shows and the expression behind each sort. */
const panelList = translatedList(panelLangRows, {
  columns: () => ({
    select: {
      id: panels.id,
      title: panelLangs.title,
      status: panels.status,
      priority: panels.priority,
      pages_count: pagesCount,
      updated_at: panels.updated_at,
      deleted_at: panels.deleted_at,
    },
    sorts: {
      priority: panels.priority,
      title: panelLangs.title,
      status: panels.status,
      pages_count: pagesCount,
      updated_at: panels.updated_at,
      id: panels.id,
    },
  }),
  allowedSorts: PANEL_SORTS,
  defaultSort: PANEL_DEFAULT_SORT,
});

/** The panel list: one page in the caller's language, by priority unless asked otherwise. */
export async function listPanels(db: Db, query: ContentListQuery, lang: Locale): Promise<ListResponse<PanelRow>> {
  const { rows, meta } = await panelList(db, { query, lang });
  return {
    data: rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString(), deleted_at: iso(r.deleted_at) })),
    meta,
  };
}

/** Panels a page may show (GET list/): not deleted, by priority, titled in `lang`. */
export async function panelOptions(db: Db, lang: Locale): Promise<LangOption[]> {
  const rows = await db
    .select({ id: panels.id, title: panelLangs.title })
    .from(panels)
    .innerJoin(panelLangs, panelLangRows.joinOn(lang))
    .where(isNull(panels.deleted_at))
    .orderBy(asc(panels.priority), asc(panels.id));
  return rows.map((r) => ({ id: r.id, lang: { title: r.title } }));
}

/** One panel with both language versions; a soft-deleted panel is returned with deleted_at set. */
export async function getPanel(db: Db, id: number): Promise<PanelRecord> {
  const [row] = await db
    .select({
      id: panels.id,
      status: panels.status,
      priority: panels.priority,
      pages_count: pagesCount,
      created_at: panels.created_at,
      updated_at: panels.updated_at,
      deleted_at: panels.deleted_at,
    })
    .from(panels)
    .where(eq(panels.id, id))
    .limit(1);
  if (!row) throw notFound();
  return {
    id: row.id,
    status: row.status,
    priority: row.priority,
    langs: await panelLangRows.read(db, id),
    pages_count: row.pages_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
  };
}

export async function createPanel(tx: Tx, input: PanelInput): Promise<number> {
  const [row] = await tx
    .insert(panels)
    .values({ status: input.status, priority: input.priority })
    .returning({ id: panels.id });
  if (!row) throw new Error('insert returned no row');
  await panelLangRows.write(tx, row.id, input.langs);
  return row.id;
}

/** Saves a panel; when the caller's updated_at is older than the row's, nothing is written (409). */
export async function updatePanel(tx: Tx, id: number, input: PanelInput): Promise<void> {
  await updateUnlessStale(tx, panels, id, input.updated_at, { status: input.status, priority: input.priority });
  await panelLangRows.write(tx, id, input.langs);
}

/** Panel records as the operations write them (resources/operations.ts). */
export const panelResource = (db: Db): ContentWrites<PanelInput> => ({
  db,
  table: panels,
  model: 'Panel',
  can: canPanel,
  create: createPanel,
  update: updatePanel,
  read: getPanel,
});
