import { DEFAULT_LOCALE, type Locale } from '@backoffice/shared';
import { html, raw, type SafeHtml } from './html.js';
import type { Hero } from './image-box.js';
import type { SiteSettings } from './site-settings.js';

/** One step of a page's breadcrumb trail: its name and its path on the site. */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * What search engines and link previews read of a page that may be indexed (docs/features/public-site.md). A page
 * without it (404, 400, 500, a preview) says `noindex`.
 */
export interface PageSeo {
  /** The page's own path: the one address search engines should keep. */
  canonical: string;
  /** The same page in each locale that has it (hreflang alternates; the default locale's is `x-default`). */
  alternates: Partial<Record<Locale, string>>;
  type: 'website' | 'article';
  /** The record's own image; the settings' share image otherwise. */
  image?: Hero | null;
  /** An article's dates (`article:*`, NewsArticle). */
  published?: Date;
  modified?: Date;
  /** From the home page down to this one (BreadcrumbList); the home page itself has none. */
  crumbs: Crumb[];
  /** The RSS this page's news come from. */
  feed?: { title: string; path: string };
}

const OG_LOCALES: Record<Locale, string> = { sk: 'sk_SK', en: 'en_GB' };

/** An address as the head gives it: absolute, on the site's public address unless it is one already. */
export const absoluteUrl = (appUrl: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${appUrl}${path}`);

/** JSON inside `<script>`: `<` escaped, so no value can close the element. */
const scriptJson = (value: unknown) => raw(JSON.stringify(value).replace(/</g, '\\u003c'));

/** The schema.org graph of a page: the organization and web site (settings), the article, the breadcrumbs. */
function structuredData(locale: Locale, title: string, seo: PageSeo, site: SiteSettings) {
  const abs = (path: string) => absoluteUrl(site.appUrl, path);
  const organization = `${site.appUrl}/#organization`;
  const name = site.contact.name || site.metaTitle;
  const image = seo.image ?? site.ogImage;
  const place = site.contact;
  const graph: Record<string, unknown>[] = [];
  if (name) {
    graph.push({
      '@type': 'Organization',
      '@id': organization,
      name,
      url: `${site.appUrl}/`,
      ...(site.ogImage ? { logo: abs(site.ogImage.src) } : {}),
      ...(site.social.length ? { sameAs: site.social.map((s) => s.url) } : {}),
      ...(place.address || place.city
        ? {
            address: {
              '@type': 'PostalAddress',
              ...(place.address ? { streetAddress: place.address } : {}),
              ...(place.zip ? { postalCode: place.zip } : {}),
              ...(place.city ? { addressLocality: place.city } : {}),
            },
          }
        : {}),
    });
  }
  graph.push({
    '@type': 'WebSite',
    '@id': `${site.appUrl}/#website`,
    url: `${site.appUrl}/${locale}/`,
    name: site.metaTitle || name || site.appUrl,
    inLanguage: locale,
    ...(name ? { publisher: { '@id': organization } } : {}),
  });
  if (seo.type === 'article') {
    graph.push({
      '@type': 'NewsArticle',
      headline: title.slice(0, 110),
      mainEntityOfPage: abs(seo.canonical),
      inLanguage: locale,
      ...(image ? { image: [abs(image.src)] } : {}),
      ...(seo.published ? { datePublished: seo.published.toISOString() } : {}),
      ...(seo.modified ? { dateModified: seo.modified.toISOString() } : {}),
      ...(name ? { author: { '@id': organization }, publisher: { '@id': organization } } : {}),
    });
  }
  if (seo.crumbs.length > 0) {
    graph.push({
      '@type': 'BreadcrumbList',
      itemListElement: seo.crumbs.map((crumb, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: crumb.name,
        item: abs(crumb.path),
      })),
    });
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}

/**
 * The head's links and tags for search engines and link previews: canonical, hreflang alternates and `x-default`,
 * the feed, Open Graph (type, address, locales, image with its size, an article's dates) and JSON-LD; only
 * `noindex` for a page without `seo`, and beside the rest in a locale kept out of search engines.
 */
export function seoHead(locale: Locale, title: string, seo: PageSeo | undefined, site: SiteSettings | undefined) {
  if (!seo || !site) return html`<meta name="robots" content="noindex">`;
  const abs = (path: string) => absoluteUrl(site.appUrl, path);
  const alternates = Object.entries(seo.alternates) as [Locale, string][];
  const xDefault = seo.alternates[DEFAULT_LOCALE] ?? alternates[0]?.[1];
  const image = seo.image ?? site.ogImage;
  const tags: SafeHtml[] = [
    html`${!site.indexed && html`<meta name="robots" content="noindex">\n`}<link rel="canonical" href="${abs(seo.canonical)}">`,
    ...alternates.map(([l, path]) => html`<link rel="alternate" hreflang="${l}" href="${abs(path)}">`),
    ...(xDefault ? [html`<link rel="alternate" hreflang="x-default" href="${abs(xDefault)}">`] : []),
    ...(seo.feed
      ? [html`<link rel="alternate" type="application/rss+xml" title="${seo.feed.title}" href="${abs(seo.feed.path)}">`]
      : []),
    html`<meta property="og:type" content="${seo.type}">`,
    html`<meta property="og:url" content="${abs(seo.canonical)}">`,
    html`<meta property="og:locale" content="${OG_LOCALES[locale]}">`,
    ...alternates
      .filter(([l]) => l !== locale)
      .map(([l]) => html`<meta property="og:locale:alternate" content="${OG_LOCALES[l]}">`),
    ...(site.metaTitle ? [html`<meta property="og:site_name" content="${site.metaTitle}">`] : []),
    ...(image
      ? [
          html`<meta property="og:image" content="${abs(image.src)}">`,
          ...(image.size
            ? [
                html`<meta property="og:image:width" content="${image.size.width}">`,
                html`<meta property="og:image:height" content="${image.size.height}">`,
              ]
            : []),
        ]
      : []),
    ...(seo.published ? [html`<meta property="article:published_time" content="${seo.published.toISOString()}">`] : []),
    ...(seo.modified ? [html`<meta property="article:modified_time" content="${seo.modified.toISOString()}">`] : []),
    html`<script type="application/ld+json">${scriptJson(structuredData(locale, title, seo, site))}</script>`,
  ];
  return html`${tags.map((tag) => html`${tag}\n`)}`;
}
