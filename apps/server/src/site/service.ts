import { LIMITS, LOCALES, type Locale } from '@backoffice/shared';
import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import {
  galleries,
  galleryLangs,
  navigationGroups,
  navigationNodes,
  pageGalleries,
  pageLangs,
  pagePanels,
  pages,
  panels,
} from '../db/schema.js';
import { pageLangRows, plainText } from '../modules/pages/service.js';
import { panelLangRows } from '../modules/panels/service.js';

/** The navigation groups the site shows: `main` in the header, `footer` in the footer (seeded labels). */
export const SITE_GROUPS = ['main', 'footer'] as const;
export type SiteGroup = (typeof SITE_GROUPS)[number];

/** A row that is publishable and schedulable: the columns of DESIGN §5's "published" rule. */
interface PublishableTable {
  status: AnyPgColumn;
  publish_up: AnyPgColumn;
  publish_down: AnyPgColumn;
  deleted_at: AnyPgColumn;
}

/** Published on the public site (DESIGN §5): live, status true, publish_up null or past, publish_down null or future. */
export const publishedAt = (t: PublishableTable, now: Date): SQL =>
  and(
    isNull(t.deleted_at),
    eq(t.status, true),
    or(isNull(t.publish_up), lte(t.publish_up, now)),
    or(isNull(t.publish_down), gt(t.publish_down, now)),
  ) as SQL;

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
      published: sql<boolean>`(${publishedAt(pages, now)})`,
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
  cssClass: string | null;
  title: string;
  titleUrl: string;
  metaTitle: string;
  metaDescription: string;
  claim: string;
  content: string;
  pageText: string;
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
      published: sql<boolean>`(${publishedAt(pages, now)})`,
      image: pages.image,
      redirect: pages.redirect,
      cssClass: pages.css_class,
      title: pageLangs.title,
      titleUrl: pageLangs.title_url,
      metaTitle: pageLangs.meta_title,
      metaDescription: pageLangs.meta_description,
      claim: pageLangs.claim,
      content: pageLangs.content,
      teaser: pageLangs.teaser,
      pageText: pageLangs.page_text,
    })
    .from(pages)
    .innerJoin(pageLangs, pageLangRows.joinOn(locale))
    .where(
      and(isNull(pages.deleted_at), 'id' in where ? eq(pages.id, where.id) : eq(pageLangs.title_url, where.titleUrl)),
    )
    .limit(1);
  if (!row) return undefined;
  const urls = await db
    .select({ locale: pageLangs.language_code, titleUrl: pageLangs.title_url })
    .from(pageLangs)
    .where(eq(pageLangs.page_id, row.id));
  const { teaser, ...page } = row;
  return {
    ...page,
    published: Boolean(row.published),
    // Without its own description a page is described by its teaser, else by the start of its content.
    metaDescription: row.metaDescription || plainText(teaser || row.content, LIMITS.metaDescriptionMax),
    titleUrls: Object.fromEntries(
      urls.filter((u) => (LOCALES as readonly string[]).includes(u.locale)).map((u) => [u.locale, u.titleUrl]),
    ),
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

export interface SiteGallery {
  id: number;
  title: string;
}

/** The published galleries linked to a page, by title in `locale`. */
export function pageGalleriesOf(db: Db, pageId: number, locale: Locale, now = new Date()): Promise<SiteGallery[]> {
  return db
    .select({ id: galleries.id, title: galleryLangs.title })
    .from(pageGalleries)
    .innerJoin(galleries, eq(galleries.id, pageGalleries.gallery_id))
    .innerJoin(galleryLangs, and(eq(galleryLangs.gallery_id, galleries.id), eq(galleryLangs.language_code, locale)))
    .where(and(eq(pageGalleries.page_id, pageId), publishedAt(galleries, now)))
    .orderBy(asc(galleryLangs.title), asc(galleries.id));
}
