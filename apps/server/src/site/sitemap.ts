import { DEFAULT_LOCALE, LOCALES, type Locale } from '@backoffice/shared';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { readSettings } from '../db/settings.js';
import { SITE_KINDS, type SiteKind, type SiteKindName } from './addresses.js';
import { html, type SafeHtml } from './html.js';
import { newsUrl, pageUrl, referenceUrl } from './parts.js';
import { publishedAt, siteMenus } from './service.js';
import { indexedIn } from './site-settings.js';

/** The most addresses one sitemap file may hold (sitemaps.org); past it /sitemap.xml is an index of files. */
export const SITEMAP_MAX_URLS = 50_000;
/** Records per file of an index: each gives one address per locale. */
const recordsPerFile = (maxUrls: number) => Math.floor(maxUrls / LOCALES.length);

/** When the sitemap is made, and how many addresses a file holds (SITEMAP_MAX_URLS; fewer in tests). */
export interface SitemapOptions {
  now?: Date;
  maxUrls?: number;
}

/** One record in the sitemap: its address in each indexed locale that has it, and when it last changed. */
interface SitemapEntry {
  paths: Partial<Record<Locale, string>>;
  lastmod: Date | null;
}

/** The locales search engines may index (`indexedIn`). */
export async function indexedLocales(db: Db): Promise<Locale[]> {
  const main = await readSettings(db, 'main');
  return LOCALES.filter((locale) => indexedIn(main, locale));
}

const publishedOf = (kind: SiteKind, now: Date) => and(publishedAt(kind.owner, now), kind.without) as SQL;

/** How many published records of each kind have an address. */
async function countsOf(db: Db, now: Date): Promise<Record<SiteKindName, number>> {
  const entries = await Promise.all(
    Object.entries(SITE_KINDS).map(async ([name, kind]) => {
      const [row] = await db.select({ n: count() }).from(kind.owner).where(publishedOf(kind, now));
      return [name, Number(row?.n ?? 0)] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<SiteKindName, number>;
}

/** The published records of `kind` (by id, `range` of them), each with its addresses in `locales`. */
async function entriesOf(
  db: Db,
  kind: SiteKind,
  locales: Locale[],
  now: Date,
  range?: { offset: number; limit: number },
): Promise<SitemapEntry[]> {
  if (locales.length === 0) return [];
  let ids = db.select({ id: kind.owner.id }).from(kind.owner).where(publishedOf(kind, now)).orderBy(asc(kind.owner.id));
  if (range) ids = ids.limit(range.limit).offset(range.offset) as typeof ids;
  const rows = await db
    .select({
      id: kind.owner.id,
      updatedAt: kind.owner.updated_at,
      locale: kind.langs.language_code,
      titleUrl: kind.langs.title_url,
    })
    .from(kind.owner)
    .innerJoin(kind.langs, eq(kind.langOwner, kind.owner.id))
    .where(and(inArray(kind.owner.id, ids), inArray(kind.langs.language_code, locales)))
    .orderBy(asc(kind.owner.id));
  const byId = new Map<unknown, SitemapEntry>();
  for (const row of rows) {
    if (!row.titleUrl) continue;
    const entry = byId.get(row.id) ?? { paths: {}, lastmod: row.updatedAt as Date | null };
    entry.paths[row.locale as Locale] = kind.urlOf(row.locale as Locale, String(row.titleUrl));
    byId.set(row.id, entry);
  }
  return [...byId.values()];
}

/** The addresses every site has: each indexed locale's home, news and references. */
function fixedEntries(locales: readonly Locale[]): SitemapEntry[] {
  const of = (urlOf: (l: Locale) => string) => ({
    paths: Object.fromEntries(locales.map((l) => [l, urlOf(l)])),
    lastmod: null,
  });
  return [of((l) => `/${l}/`), of((l) => newsUrl(l)), of((l) => referenceUrl(l))];
}

/** The home page answers at `/{locale}/`: its own address is left out of the sitemap (the home entry has it). */
async function withoutHome(db: Db, entries: SitemapEntry[], locales: Locale[], now: Date) {
  const homes = new Set(
    await Promise.all(locales.map(async (l) => (await siteMenus(db, l, now)).main[0]?.titleUrl)).then((urls) =>
      urls.flatMap((url, i) => (url === undefined ? [] : [pageUrl(locales[i] as Locale, url)])),
    ),
  );
  return entries.filter((entry) => !Object.values(entry.paths).some((path) => homes.has(path)));
}

const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** One `<url>` per locale of an entry, each with the alternates of every locale and `x-default`. */
function urlElements(appUrl: string, entry: SitemapEntry): SafeHtml[] {
  const paths = LOCALES.flatMap((l) => (entry.paths[l] === undefined ? [] : [[l, entry.paths[l]] as const]));
  const fallback = entry.paths[DEFAULT_LOCALE] ?? paths[0]?.[1];
  const alternates = html`${paths.map(
    ([l, path]) => html`<xhtml:link rel="alternate" hreflang="${l}" href="${appUrl}${path}"/>`,
  )}${fallback && html`<xhtml:link rel="alternate" hreflang="x-default" href="${appUrl}${fallback}"/>`}`;
  return paths.map(
    ([, path]) =>
      html`<url><loc>${appUrl}${path}</loc>${entry.lastmod && html`<lastmod>${w3cDate(entry.lastmod)}</lastmod>`}${alternates}</url>\n`,
  );
}

const urlSet = (appUrl: string, entries: SitemapEntry[]) =>
  html`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.flatMap((entry) => urlElements(appUrl, entry))}</urlset>
`.value;

/**
 * `/sitemap.xml`: every published address with its alternates in one file; past SITEMAP_MAX_URLS an index of files
 * (`/sitemaps/<kind>-<n>.xml`, `sitemapFile`).
 */
export async function sitemap(db: Db, appUrl: string, options: SitemapOptions = {}): Promise<string> {
  const { now = new Date(), maxUrls = SITEMAP_MAX_URLS } = options;
  const locales = await indexedLocales(db);
  const counts = await countsOf(db, now);
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0) + fixedEntries(LOCALES).length;
  if (total * locales.length <= maxUrls) {
    const kinds = await Promise.all(Object.values(SITE_KINDS).map((kind) => entriesOf(db, kind, locales, now)));
    const entries = await withoutHome(db, [...fixedEntries(locales), ...kinds.flat()], locales, now);
    return urlSet(appUrl, entries);
  }
  const files = [
    'site-1',
    ...Object.entries(counts).flatMap(([name, n]) =>
      Array.from({ length: Math.ceil(n / recordsPerFile(maxUrls)) }, (_, i) => `${name}-${i + 1}`),
    ),
  ];
  return html`<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${files.map((file) => html`<sitemap><loc>${appUrl}/sitemaps/${file}.xml</loc></sitemap>\n`)}</sitemapindex>
`.value;
}

/**
 * One file of the index: `site` (the homes and lists) or the `n`th (1-based) file's records of a kind;
 * null when there is no such file.
 */
export async function sitemapFile(
  db: Db,
  appUrl: string,
  name: SiteKindName | 'site',
  n: number,
  options: SitemapOptions = {},
): Promise<string | null> {
  const { now = new Date(), maxUrls = SITEMAP_MAX_URLS } = options;
  const locales = await indexedLocales(db);
  if (name === 'site') return n === 1 ? urlSet(appUrl, fixedEntries(locales)) : null;
  const entries = await entriesOf(db, SITE_KINDS[name], locales, now, {
    offset: (n - 1) * recordsPerFile(maxUrls),
    limit: recordsPerFile(maxUrls),
  });
  if (entries.length === 0) return null;
  return urlSet(appUrl, name === 'pages' ? await withoutHome(db, entries, locales, now) : entries);
}

/** `/robots.txt`: the application's own paths and the locales not indexed kept out; where the sitemap is. */
export async function robotsTxt(db: Db, appUrl: string): Promise<string> {
  const locales = await indexedLocales(db);
  const closed = LOCALES.filter((l) => !locales.includes(l));
  const disallow = locales.length === 0 ? ['/'] : ['/admin/', '/api/', ...closed.map((l) => `/${l}/`)];
  return [
    'User-agent: *',
    ...disallow.map((path) => `Disallow: ${path}`),
    '',
    ...(locales.length > 0 ? [`Sitemap: ${appUrl}/sitemap.xml`] : []),
    '',
  ].join('\n');
}
