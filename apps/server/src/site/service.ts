import { LIMITS, LOCALES, type Locale } from '@backoffice/shared';
import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { navigationGroups, navigationNodes, pageLangs, pagePanels, pages, panels } from '../db/schema.js';
import { pageLangRows, plainText } from '../modules/pages/service.js';
import { panelLangRows } from '../modules/panels/service.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';

/** The navigation groups the site shows: `main` in the header, `footer` in the footer (seeded labels). */
export const SITE_GROUPS = ['main', 'footer'] as const;
export type SiteGroup = (typeof SITE_GROUPS)[number];

/** A row that is publishable and schedulable: the columns of docs/data.md's "published" rule. */
interface PublishableTable {
  status: AnyPgColumn;
  publish_up: AnyPgColumn;
  publish_down: AnyPgColumn;
  deleted_at: AnyPgColumn;
}

/** Published on the public site (docs/data.md): live, status true, publish_up null or past, publish_down null or future. */
export const publishedAt = (t: PublishableTable, now: Date): SQL =>
  and(
    isNull(t.deleted_at),
    eq(t.status, true),
    or(isNull(t.publish_up), lte(t.publish_up, now)),
    or(isNull(t.publish_down), gt(t.publish_down, now)),
  ) as SQL;

/** The published rule as a selected column: whether the row is published now. */
export const isPublished = (t: PublishableTable, now: Date) => sql<boolean>`(${publishedAt(t, now)})`.mapWith(Boolean);

/** A kind of record with its own public page: its table and its `<entity>_langs` rows (title, title_url). */
export interface TitledKind {
  owner: PgTable & PublishableTable & { id: AnyPgColumn };
  langs: PgTable & { language_code: AnyPgColumn; title: AnyPgColumn; title_url: AnyPgColumn };
  /** The column of `langs` that points at the record. */
  langOwner: AnyPgColumn;
}

/** The join to a record's language row in `locale`. */
export const langJoin = (kind: TitledKind, locale: Locale) =>
  and(eq(kind.langOwner, kind.owner.id), eq(kind.langs.language_code, locale));

/** A record's title_url in every locale (for the language switch). */
export async function titleUrlsOf(db: Db, kind: TitledKind, id: number): Promise<Partial<Record<Locale, string>>> {
  const rows = await db
    .select({ locale: kind.langs.language_code, titleUrl: kind.langs.title_url })
    .from(kind.langs)
    .where(eq(kind.langOwner, id));
  return Object.fromEntries(
    rows.filter((r) => (LOCALES as readonly unknown[]).includes(r.locale)).map((r) => [r.locale, String(r.titleUrl)]),
  );
}

/** A link table of "similar" records (article_similars, reference_similars). */
export interface SimilarLink {
  table: PgTable;
  ownerColumn: AnyPgColumn;
  similarColumn: AnyPgColumn;
}

export interface SiteLink {
  title: string;
  titleUrl: string;
}

/** The published similar records of one record, by title in `locale`. */
export function publishedSimilars(
  db: Db,
  kind: TitledKind,
  link: SimilarLink,
  id: number,
  locale: Locale,
  now = new Date(),
): Promise<SiteLink[]> {
  return db
    .select({ title: sql<string>`${kind.langs.title}`, titleUrl: sql<string>`${kind.langs.title_url}` })
    .from(link.table)
    .innerJoin(kind.owner, eq(kind.owner.id, link.similarColumn))
    .innerJoin(kind.langs, langJoin(kind, locale))
    .where(and(eq(link.ownerColumn, id), publishedAt(kind.owner, now)))
    .orderBy(asc(kind.langs.title), asc(kind.owner.id));
}

const PAGES: TitledKind = { owner: pages, langs: pageLangs, langOwner: pageLangs.page_id };

/**
 * Rich text as plain text of at most `max` characters (teasers, meta descriptions); it passes the allow-list
 * first, so what a row holds outside it (a script's text) never shows.
 */
export const plainTextOf = (markup: string, max: number) => plainText(sanitizeRichText(markup), max);

export interface MenuItem {
  pageId: number;
  title: string;
  titleUrl: string;
  children: MenuItem[];
}

/**
 * The site's menus in `locale`, one tree per group in SITE_GROUPS. A removed page's node is left out and its
 * children stand at the top, as in the admin's tree; an unpublished page hides itself and everything below it.
 */
export async function siteMenus(db: Db, locale: Locale, now = new Date()): Promise<Record<SiteGroup, MenuItem[]>> {
  const rows = await db
    .select({
      id: navigationNodes.id,
      parentId: navigationNodes.parent_id,
      group: navigationGroups.label,
      pageId: pages.id,
      title: pageLangs.title,
      titleUrl: pageLangs.title_url,
      published: isPublished(pages, now),
    })
    .from(navigationNodes)
    .innerJoin(navigationGroups, eq(navigationGroups.id, navigationNodes.group_id))
    .innerJoin(pages, eq(pages.id, navigationNodes.page_id))
    .innerJoin(pageLangs, pageLangRows.joinOn(locale))
    .where(and(inArray(navigationGroups.label, [...SITE_GROUPS]), isNull(pages.deleted_at)))
    .orderBy(asc(navigationNodes.position), asc(navigationNodes.id));

  const tree = (group: SiteGroup): MenuItem[] => {
    const own = rows.filter((r) => r.group === group);
    const ids = new Set(own.map((r) => r.id));
    const childrenOf = new Map<number | null, typeof own>();
    for (const row of own) {
      const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
      childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
    }
    const seen = new Set<number>();
    const build = (parent: number | null): MenuItem[] =>
      (childrenOf.get(parent) ?? [])
        .filter((row) => row.published && !seen.has(row.id) && seen.add(row.id))
        .map((row) => ({ pageId: row.pageId, title: row.title, titleUrl: row.titleUrl, children: build(row.id) }));
    return build(null);
  };
  return { main: tree('main'), footer: tree('footer') };
}

/** One page as the site shows it, in one locale, with its title_url in every locale for the language switch. */
export interface SitePage {
  id: number;
  published: boolean;
  image: string | null;
  redirect: string | null;
  /** The module the page hosts (MODULES.blog shows the news list), narrowed to one category or not. */
  moduleId: number | null;
  categoryId: number | null;
  cssClass: string | null;
  title: string;
  titleUrl: string;
  metaTitle: string;
  metaDescription: string;
  claim: string;
  content: string;
  pageText: string;
  /** The image's alternative text in the locale (empty: the image only decorates). */
  imageAlt: string;
  titleUrls: Partial<Record<Locale, string>>;
}

/**
 * The live page at `titleUrl` in `locale` (or the one with `id`), published or not: the caller decides whether
 * a preview token may show an unpublished one. Removed pages are never found.
 */
export async function findPage(
  db: Db,
  locale: Locale,
  where: { titleUrl: string } | { id: number },
  now = new Date(),
): Promise<SitePage | undefined> {
  const [row] = await db
    .select({
      id: pages.id,
      published: isPublished(pages, now),
      image: pages.image,
      redirect: pages.redirect,
      moduleId: pages.module_id,
      categoryId: pages.category_id,
      cssClass: pages.css_class,
      title: pageLangs.title,
      titleUrl: pageLangs.title_url,
      metaTitle: pageLangs.meta_title,
      metaDescription: pageLangs.meta_description,
      claim: pageLangs.claim,
      content: pageLangs.content,
      teaser: pageLangs.teaser,
      pageText: pageLangs.page_text,
      imageAlt: pageLangs.image_alt,
    })
    .from(pages)
    .innerJoin(pageLangs, pageLangRows.joinOn(locale))
    .where(
      and(isNull(pages.deleted_at), 'id' in where ? eq(pages.id, where.id) : eq(pageLangs.title_url, where.titleUrl)),
    )
    .limit(1);
  if (!row) return undefined;
  const { teaser, ...page } = row;
  return {
    ...page,
    // Without its own description a page is described by its teaser, else by the start of its content.
    metaDescription: row.metaDescription || plainTextOf(teaser || row.content, LIMITS.metaDescriptionMax),
    titleUrls: await titleUrlsOf(db, PAGES, row.id),
  };
}

export interface SitePanel {
  title: string;
  content: string;
}

/** The published panels linked to a page, by priority (lowest first, as the admin lists them). */
export function pagePanelsOf(db: Db, pageId: number, locale: Locale): Promise<SitePanel[]> {
  return db
    .select({ title: panelLangRows.table.title, content: panelLangRows.table.content })
    .from(pagePanels)
    .innerJoin(panels, eq(panels.id, pagePanels.panel_id))
    .innerJoin(panelLangRows.table, panelLangRows.joinOn(locale))
    .where(and(eq(pagePanels.page_id, pageId), eq(panels.status, true), isNull(panels.deleted_at)))
    .orderBy(asc(panels.priority), asc(panels.id));
}
