import type { Locale } from '@backoffice/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { categories, categoryLangs } from '../db/schema.js';
import { readSettings } from '../db/settings.js';
import { html } from './html.js';
import { listNews } from './news-service.js';
import { newsUrl } from './parts.js';
import { publishedAt } from './service.js';
import { word } from './words.js';

/** How many of the newest articles a feed holds. */
export const FEED_ITEMS = 20;

/**
 * XML 1.0 allows no C0 control character but tab, line feed and carriage return, no lone surrogate, and not U+FFFE or
 * U+FFFF: an editor's text may hold them (pasted from a word processor), and one would make the whole feed unreadable.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const xmlSafe = (xml: string) => xml.replace(CONTROL, '').replace(LONE_SURROGATE, '');

/** The address of the news feed of `locale`, or of one category's news. */
export const feedUrl = (locale: Locale, categoryId?: number | null) =>
  `${newsUrl(locale)}feed.xml${categoryId ? `?category=${categoryId}` : ''}`;

/** The title of a published category in `locale`, or undefined. */
export async function publishedCategoryTitle(
  db: Db,
  id: number,
  locale: Locale,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ title: categoryLangs.title })
    .from(categories)
    .innerJoin(
      categoryLangs,
      and(eq(categoryLangs.category_id, categories.id), eq(categoryLangs.language_code, locale)),
    )
    .where(and(eq(categories.id, id), publishedAt(categories, now)))
    .limit(1);
  return row?.title;
}

/** The title of a feed: the site's name (the main settings' meta title), the news and the category. */
export async function feedTitle(db: Db, locale: Locale, category?: string) {
  const main = await readSettings(db, 'main');
  const site = main.meta_title?.[locale] || main.meta_title?.sk || '';
  return [site, word(locale, 'news'), category].filter(Boolean).join(' – ');
}

/**
 * RSS 2.0 of the newest FEED_ITEMS published articles in `locale`, of one published category when `categoryId` is
 * given; null for a category that is not published.
 */
export async function newsFeed(
  db: Db,
  appUrl: string,
  locale: Locale,
  categoryId: number | null,
  now = new Date(),
): Promise<string | null> {
  const category = categoryId === null ? undefined : await publishedCategoryTitle(db, categoryId, locale, now);
  if (categoryId !== null && category === undefined) return null;
  const [{ items }, title] = await Promise.all([
    listNews(db, locale, { page: 1, categoryId, perPage: FEED_ITEMS }, now),
    feedTitle(db, locale, category),
  ]);
  const self = `${appUrl}${feedUrl(locale, categoryId)}`;
  return xmlSafe(
    html`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${title}</title>
<link>${appUrl}${newsUrl(locale)}</link>
<description>${title}</description>
<language>${locale}</language>
<atom:link href="${self}" rel="self" type="application/rss+xml"/>
${items[0] && html`<lastBuildDate>${items[0].date.toUTCString()}</lastBuildDate>`}
${items.map(
  (item) => html`<item>
<title>${item.title}</title>
<link>${appUrl}${newsUrl(locale, item.titleUrl)}</link>
<guid isPermaLink="false">${appUrl}/news/${item.id}</guid>
<pubDate>${item.date.toUTCString()}</pubDate>
${item.teaser && html`<description>${item.teaser}</description>`}
${item.categories.map((c) => html`<category>${c}</category>`)}
</item>
`,
)}</channel>
</rss>
`.value,
  );
}
