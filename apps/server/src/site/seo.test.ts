import { MODULES } from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { articles, navigationGroups, pages } from '../db/schema.js';
import { updatePage } from '../modules/pages/service.js';
import {
  articleInput,
  buildArticle,
  buildCategory,
  buildGallery,
  buildPage,
  buildReference,
  galleryInput,
  pageInput,
} from '../test/factories.js';
import { expectShown, useSite } from '../test/site-cases.js';
import { sitemap, sitemapFile } from './sitemap.js';

const { ctx, db, visit, previewQuery } = useSite();
const APP = 'http://backoffice.test';

/** An XML answer checked well-formed and parsed (elements that may repeat are always arrays). */
function xmlOf(body: string) {
  expect(XMLValidator.validate(body)).toBe(true);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['url', 'xhtml:link', 'sitemap', 'item', 'category'].includes(name),
  }).parse(body);
}

interface SitemapUrl {
  loc: string;
  lastmod?: string;
  'xhtml:link': { rel: string; hreflang: string; href: string }[];
}
const urlsOf = async (path = '/sitemap.xml') => {
  const res = await visit(path);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  return (xmlOf(res.body).urlset.url ?? []) as SitemapUrl[];
};
const locsOf = (urls: SitemapUrl[]) => urls.map((u) => u.loc.replace(APP, ''));

/** The JSON-LD graph of a page's head. */
function structuredData(body: string): Record<string, unknown>[] {
  const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(body)?.[1];
  expect(json).toBeDefined();
  const data = JSON.parse(json ?? '{}');
  expect(data['@context']).toBe('https://schema.org');
  return data['@graph'];
}
const ofType = (graph: Record<string, unknown>[], type: string) => graph.find((node) => node['@type'] === type);

const both = (value: string) => ({ sk: value, en: value });
const setIndexing = (value: { sk: string; en: string }) =>
  ctx.admin.post('/api/settings/1', { search_indexing: value });

let home = 0;
let about = 0;
let story = 0;
let hidden = 0;
let category = 0;

describe('site: what search engines read', () => {
  it('the sitemap lists every published address in both locales with alternates and lastmod, nothing else', async () => {
    const [main] = await db().select().from(navigationGroups).where(eq(navigationGroups.label, 'main'));
    home = await buildPage(db(), {
      title: 'Welcome',
      group_id: main?.id,
      navigation: { value: true, parent_id: null },
    });
    about = await buildPage(db(), { title: 'About us' });
    const redirecting = await buildPage(db(), { title: 'Elsewhere' });
    await db().update(pages).set({ redirect: 'https://example.org/' }).where(eq(pages.id, redirecting));
    await buildPage(db(), { title: 'Draft page', status: false });
    category = await buildCategory(db(), { title: 'Roads', module_id: MODULES.blog });
    story = await buildArticle(db(), { title: 'Big story', categories: [category] });
    hidden = await buildArticle(db(), { title: 'Hidden story', status: false });
    await buildArticle(db(), { title: 'Future story', publish_up: '2999-01-01T00:00:00.000Z' });
    const removed = await buildArticle(db(), { title: 'Removed story' });
    await db().update(articles).set({ deleted_at: new Date() }).where(eq(articles.id, removed));
    await buildReference(db(), { title: 'Bridge' });
    await buildGallery(db(), { title: 'Photos' });

    const urls = await urlsOf();
    const locs = locsOf(urls);
    for (const l of ['sk', 'en']) {
      expect(locs).toEqual(
        expect.arrayContaining([
          `/${l}/`,
          `/${l}/news/`,
          `/${l}/reference/`,
          `/${l}/about-us-${l}`,
          `/${l}/news/big-story-${l}`,
          `/${l}/reference/bridge-${l}`,
          `/${l}/gallery/photos-${l}`,
        ]),
      );
    }
    for (const gone of ['welcome', 'elsewhere', 'draft-page', 'hidden-story', 'future-story', 'removed-story']) {
      expect(locs.filter((loc) => loc.includes(gone))).toEqual([]);
    }
    expect(new Set(locs).size).toBe(locs.length);
    const article = urls.find((u) => u.loc === `${APP}/en/news/big-story-en`);
    expect(article?.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(article?.['xhtml:link']).toEqual([
      { rel: 'alternate', hreflang: 'sk', href: `${APP}/sk/news/big-story-sk` },
      { rel: 'alternate', hreflang: 'en', href: `${APP}/en/news/big-story-en` },
      { rel: 'alternate', hreflang: 'x-default', href: `${APP}/sk/news/big-story-sk` },
    ]);
  });

  it('robots.txt names the sitemap; a locale switched off in the settings is kept out everywhere', async () => {
    const open = await visit('/robots.txt');
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(open.body).toBe(`User-agent: *\nDisallow: /admin/\nDisallow: /api/\n\nSitemap: ${APP}/sitemap.xml\n`);
    expect((await visit('/en/about-us-en')).body).not.toContain('name="robots"');

    expect((await setIndexing({ sk: 'on', en: 'off' })).statusCode).toBe(200);
    expect((await visit('/robots.txt')).body).toContain('Disallow: /en/\n');
    const locs = locsOf(await urlsOf());
    expect(locs.filter((loc) => loc.startsWith('/en/'))).toEqual([]);
    expect(locs).toContain('/sk/about-us-sk');
    expect((await visit('/en/about-us-en')).body).toContain('<meta name="robots" content="noindex">');
    expect((await visit('/sk/about-us-sk')).body).not.toContain('name="robots"');

    expect((await setIndexing({ sk: 'off', en: 'off' })).statusCode).toBe(200);
    expect((await visit('/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n\n');
    expect(await urlsOf()).toEqual([]);

    const refused = await setIndexing({ sk: 'maybe', en: 'on' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty(['search_indexing.sk']);
    expect((await setIndexing(both(''))).statusCode).toBe(200);
    expect((await visit('/robots.txt')).body).toContain('Sitemap:');
  });

  it('the RSS of the news per locale and per category, linked from the head', async () => {
    const feed = await visit('/en/news/feed.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const { rss } = xmlOf(feed.body);
    expect(rss.version).toBe('2.0');
    expect(rss.channel.language).toBe('en');
    expect(rss.channel['atom:link'].href).toBe(`${APP}/en/news/feed.xml`);
    const items = rss.channel.item as { title: string; link: string; pubDate: string; category?: string[] }[];
    expect(items.map((i) => i.title)).toEqual(['Big story en']);
    expect(items[0]?.link).toBe(`${APP}/en/news/big-story-en`);
    expect(Number.isNaN(Date.parse(items[0]?.pubDate ?? ''))).toBe(false);
    expect(items[0]?.category).toEqual(['Roads en']);

    await buildArticle(db(), { title: 'Other story' });
    // Control characters an editor pasted are no XML: left out, the feed stays readable.
    await buildArticle(db(), { title: 'Pasted\u0001 tab\u000b story' });
    const pasted = await visit('/en/news/feed.xml');
    expect(XMLValidator.validate(pasted.body)).toBe(true);
    expect(pasted.body).toContain('<title>Pasted tab story en</title>');
    const sk = xmlOf((await visit(`/sk/news/feed.xml?category=${category}`)).body).rss.channel;
    expect((sk.item as { title: string }[]).map((i) => i.title)).toEqual(['Big story sk']);
    expect(sk.title).toContain('Roads sk');
    for (const bad of ['?category=999999', '?category=abc', '?category=99999999999', '?category=0']) {
      expect((await visit(`/sk/news/feed.xml${bad}`)).statusCode).toBe(404);
    }
    expect((await visit('/de/news/feed.xml')).statusCode).toBe(404);

    const list = await visit('/en/news/');
    expect(list.body).toMatch(
      new RegExp(
        `<link rel="alternate" type="application/rss\\+xml" title="[^"]*News" href="${APP}/en/news/feed.xml">`,
      ),
    );
    const newsPage = await buildPage(db(), { title: 'Road news', module_id: MODULES.blog, category_id: category });
    const hosting = await visit(`/en/road-news-en`);
    expect(hosting.body).toContain(`href="${APP}/en/news/feed.xml?category=${category}"`);
    expect(newsPage).toBeGreaterThan(0);
  });

  it('every page has a canonical link, hreflang alternates with x-default, Open Graph and valid JSON-LD', async () => {
    await ctx.admin.post('/api/settings/2', {
      contact_name: both('Roads Ltd'),
      contact_address: both('Main 1'),
      contact_city: both('Žilina'),
      contact_zip: both('010 01'),
    });
    const article = await visit('/en/news/big-story-en');
    expectShown(article);
    const { body } = article;
    expect(body).toContain(`<link rel="canonical" href="${APP}/en/news/big-story-en">`);
    expect(body).toContain(`<link rel="alternate" hreflang="sk" href="${APP}/sk/news/big-story-sk">`);
    expect(body).toContain(`<link rel="alternate" hreflang="en" href="${APP}/en/news/big-story-en">`);
    expect(body).toContain(`<link rel="alternate" hreflang="x-default" href="${APP}/sk/news/big-story-sk">`);
    expect(body).toContain('<meta property="og:type" content="article">');
    expect(body).toContain('<meta property="og:locale" content="en_GB">');
    expect(body).toContain('<meta property="og:locale:alternate" content="sk_SK">');
    expect(body).toContain(`<meta property="og:url" content="${APP}/en/news/big-story-en">`);
    expect(body).toMatch(/<meta property="article:published_time" content="\d{4}-/);

    const graph = structuredData(body);
    expect(ofType(graph, 'Organization')).toMatchObject({
      name: 'Roads Ltd',
      url: `${APP}/`,
      address: { '@type': 'PostalAddress', streetAddress: 'Main 1', postalCode: '010 01', addressLocality: 'Žilina' },
    });
    expect(ofType(graph, 'WebSite')).toMatchObject({ url: `${APP}/en/`, inLanguage: 'en' });
    const news = ofType(graph, 'NewsArticle');
    expect(news).toMatchObject({ headline: 'Big story en', mainEntityOfPage: `${APP}/en/news/big-story-en` });
    expect(Number.isNaN(Date.parse(String(news?.datePublished)))).toBe(false);
    expect(ofType(graph, 'BreadcrumbList')?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${APP}/en/` },
      { '@type': 'ListItem', position: 2, name: 'News', item: `${APP}/en/news/` },
      { '@type': 'ListItem', position: 3, name: 'Big story en', item: `${APP}/en/news/big-story-en` },
    ]);

    const page = (await visit('/sk/about-us-sk')).body;
    expect(page).toContain(`<link rel="canonical" href="${APP}/sk/about-us-sk">`);
    expect(page).toContain('<meta property="og:type" content="website">');
    expect(page).toContain('<meta property="og:locale" content="sk_SK">');
    expect(ofType(structuredData(page), 'NewsArticle')).toBeUndefined();
    expect((await visit('/en/news/?page=1')).body).toContain(`<link rel="canonical" href="${APP}/en/news/">`);
    const form = (await visit('/en/form/contact')).body;
    expect(form).toContain(`<link rel="canonical" href="${APP}/en/form/contact">`);
  });

  it('pages and the sitemap answer a weak ETag, and 304 to a request that names it', async () => {
    const ask = (url: string, tag?: string) =>
      ctx.server.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': 'en', ...(tag ? { 'if-none-match': tag } : {}) },
      });
    for (const url of ['/en/news/big-story-en', '/sitemap.xml', '/en/news/feed.xml']) {
      const first = await ask(url);
      const tag = String(first.headers.etag);
      expect(tag).toMatch(/^W\/"/);
      const again = await ask(url, tag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    const before = String((await ask('/en/news/big-story-en')).headers.etag);
    await db().execute(sql`update article_langs set content = '<p>Changed</p>' where article_id = ${story}`);
    const changed = await ask('/en/news/big-story-en', before);
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Changed');
    expect(changed.headers.etag).not.toBe(before);
  });

  it('a record in one locale only has no alternate for the other; preview and 404 stay noindex', async () => {
    const page = await buildPage(db(), { title: 'Lonely' });
    await db().execute(sql`delete from page_langs where page_id = ${page} and language_code = 'en'`);
    const body = (await visit('/sk/lonely-sk')).body;
    expect(body).toContain(`hreflang="x-default" href="${APP}/sk/lonely-sk"`);
    expect(body).not.toMatch(/<link rel="alternate" hreflang="en"/);

    const preview = await visit(`/en/news/hidden-story-en${previewQuery('article', hidden)}`);
    expectShown(preview, true);
    expect(preview.body).toContain('<meta name="robots" content="noindex">');
    expect(preview.body).not.toContain('rel="canonical"');
    const missing = await visit('/en/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<meta name="robots" content="noindex">');
    expect(missing.body).not.toContain('rel="canonical"');
    expect(home + about + story).toBeGreaterThan(0);
  });

  it('past the limit of addresses /sitemap.xml is an index of files, each within the limit', async () => {
    // 50,000 in production (SITEMAP_MAX_URLS): seven here, so three records (six addresses) per file.
    const limits = { maxUrls: 7 };
    const index = await sitemap(db(), APP, limits);
    const files = (xmlOf(index).sitemapindex.sitemap as { loc: string }[]).map((s) => s.loc.replace(APP, ''));
    expect(files[0]).toBe('/sitemaps/site-1.xml');
    expect(files).toContain('/sitemaps/pages-2.xml');
    const everything = new Set(locsOf(await urlsOf()));
    const listed: string[] = [];
    for (const file of files) {
      const match = /^\/sitemaps\/([a-z]+)-(\d+)\.xml$/.exec(file);
      const body = await sitemapFile(db(), APP, match?.[1] as never, Number(match?.[2]), limits);
      const urls = (xmlOf(body ?? '').urlset.url ?? []) as SitemapUrl[];
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(6);
      listed.push(...locsOf(urls));
    }
    // The files together hold what the one file holds.
    expect(new Set(listed)).toEqual(everything);
    expect(listed.length).toBe(everything.size);
    expect(await sitemapFile(db(), APP, 'news', 99, limits)).toBeNull();
    expect(await sitemapFile(db(), APP, 'site', 2, limits)).toBeNull();

    // Over HTTP, at the real limit: one file of each kind.
    expect((await urlsOf('/sitemaps/news-1.xml')).length).toBeGreaterThan(0);
    for (const missing of ['news-2.xml', 'site-2.xml', 'bogus-1.xml', 'news-0.xml', 'news-1.txt', 'NEWS-1.xml']) {
      expect((await visit(`/sitemaps/${missing}`)).statusCode).toBe(404);
    }
  });
});

describe('site: old addresses', () => {
  it('a changed title_url answers 301 to the address now, a chain of changes in one hop, per locale', async () => {
    const id = await buildArticle(db(), { title: 'First name' });
    for (const title of ['Second name', 'Third name']) {
      expect((await ctx.admin.post(`/api/blog/${id}`, await articleInput(db(), { title }))).statusCode).toBe(200);
    }
    for (const [locale, old] of [
      ['en', 'first-name-en'],
      ['en', 'second-name-en'],
      ['sk', 'first-name-sk'],
    ]) {
      const res = await visit(`/${locale}/news/${old}`);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(`/${locale}/news/third-name-${locale}`);
    }
    expect((await visit('/en/news/third-name-en')).statusCode).toBe(200);
    // Another kind's old address is not this one's: the page of that name is a 404.
    expect((await visit('/en/first-name-en')).statusCode).toBe(404);

    // Back to an earlier name: that address is live again, the later one leads to it.
    expect(
      (await ctx.admin.post(`/api/blog/${id}`, await articleInput(db(), { title: 'Second name' }))).statusCode,
    ).toBe(200);
    expect((await visit('/en/news/second-name-en')).statusCode).toBe(200);
    expect((await visit('/en/news/third-name-en')).headers.location).toBe('/en/news/second-name-en');

    // A new record that takes an old address has it; the removed record's old addresses lead nowhere.
    await buildArticle(db(), { title: 'First name' });
    expect((await visit('/en/news/first-name-en')).statusCode).toBe(200);
    expect((await ctx.admin.delete(`/api/blog/${id}`)).statusCode).toBe(200);
    expect((await visit('/en/news/third-name-en')).statusCode).toBe(404);
  });

  it('pages and galleries keep their old addresses too', async () => {
    const page = await buildPage(db(), { title: 'Services' });
    await db().transaction((tx) => updatePage(tx, page, pageInput({ title: 'Our services' })));
    const res = await visit('/sk/services-sk');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/sk/our-services-sk');

    const gallery = await buildGallery(db(), { title: 'Site photos' });
    const renamed = await ctx.admin.post(`/api/gallery/${gallery}`, galleryInput({ title: 'Building photos' }));
    expect(renamed.statusCode).toBe(200);
    expect((await visit('/en/gallery/site-photos-en')).headers.location).toBe('/en/gallery/building-photos-en');
  });
});
