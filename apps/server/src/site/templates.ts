import { LOCALES, type Locale } from '@backoffice/shared';
import { t } from '../i18n/index.js';
import { formLinks } from './form-templates.js';
import type { SiteGalleryPage } from './gallery-service.js';
import { type PageSeo, seoHead } from './head.js';
import { html, raw, type SafeHtml } from './html.js';
import { type Hero, heroImage } from './image-box.js';
import {
  galleriesSection,
  galleryImages,
  type MediaUrl,
  pageUrl,
  richBlock,
  richText,
  type ShownGallery,
} from './parts.js';
import type { MenuItem, SiteGroup, SitePage, SitePanel } from './service.js';
import { type SiteSettings, settingsFooter, settingsHead } from './site-settings.js';

/** The site's whole style sheet: readable type, a wrapping menu with CSS-only sub-menus, one column on phones. */
const CSS = raw(
  [
    '*{box-sizing:border-box}',
    'body{margin:0;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}',
    'a{color:#0b5cad}',
    'img{max-width:100%;height:auto}',
    'table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.25rem .5rem}',
    '.wrap{max-width:60rem;margin:0 auto;padding:0 1rem}',
    '.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:.5rem;background:#fff;padding:.25rem .5rem}',
    '.preview{margin:0;padding:.5rem 1rem;background:#fff8c5;border-bottom:1px solid #d4a72c;text-align:center}',
    'header{border-bottom:1px solid #d0d7de}',
    'header .wrap{display:flex;flex-wrap:wrap;align-items:center;gap:0 1.5rem}',
    '.home{font-weight:700;text-decoration:none;color:inherit}',
    'nav ul{list-style:none;margin:0;padding:0}',
    '.menu{flex:1}.menu>ul{display:flex;flex-wrap:wrap;gap:0 1.25rem}',
    '.menu li{position:relative}.menu a{display:block;padding:.75rem 0;text-decoration:none}',
    '.menu a[aria-current],.langs a[aria-current]{font-weight:700;color:inherit}',
    '.menu li ul{display:none;position:absolute;z-index:1;top:100%;left:-.75rem;min-width:14rem;padding:.25rem .75rem;',
    'background:#fff;border:1px solid #d0d7de;border-radius:4px}',
    '.menu li ul a{padding:.3rem 0}.menu li ul ul{position:static;display:block;border:0;padding:0 0 0 .75rem}',
    '.menu li:hover>ul,.menu li:focus-within>ul{display:block}',
    '.langs ul{display:flex;gap:.75rem}.langs a{text-decoration:none}',
    'main{padding:1.5rem 0 3rem}',
    'h1{line-height:1.2;margin:.5rem 0}',
    '.claim{font-size:1.2rem;color:#57606a;margin-top:0}',
    '.hero{display:block;width:100%;border-radius:4px;margin:1rem 0}',
    '.panels{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));margin-top:2rem}',
    '.panel{border:1px solid #d0d7de;border-radius:4px;padding:0 1rem}',
    '.meta{color:#57606a;margin:.25rem 0}',
    '.news{list-style:none;padding:0}.news-item{display:flex;gap:1rem;margin:0 0 1.5rem}',
    '.news-item h2,.news-item h3{margin:0}.news-item .teaser{margin:.25rem 0 0}.thumb{flex:none}',
    '.thumbs{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}.thumbs img{display:block;border-radius:4px}',
    // A thumbnail drawn from a larger rendition keeps the thumbnail's box and crop (site/image-box.ts thumbImage).
    '.cover{width:150px;height:120px;object-fit:cover}',
    '.pager{display:flex;gap:1.5rem;align-items:center;margin:1.5rem 0}',
    'footer{border-top:1px solid #d0d7de;padding:1rem 0;color:#57606a;font-size:.9rem}',
    // Links at least 24 px high: a finger finds each (WCAG 2.5.8, Lighthouse's target-size).
    'footer ul{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem}footer li a{display:inline-block;padding:.25rem 0}',
    '.site-contact{margin-top:1rem}.site-contact address{font-style:normal}.copyright{margin:.5rem 0 0}',
    '@media (max-width:40rem){.menu{flex-basis:100%}.menu>ul{flex-direction:column}',
    '.menu a{padding:.4rem 0}.menu li ul{display:block;position:static;border:0;padding:0 0 0 1rem}}',
  ].join(''),
);

/** What every page of the site shares: language, head, menus, language switch and footer. */
export interface Frame {
  locale: Locale;
  title: string;
  description?: string;
  menus: Record<SiteGroup, MenuItem[]>;
  /** The page shown, marked in the menus. */
  currentPageId?: number;
  /** The same page in every locale; without it the switch leads to each locale's home. */
  languageLinks?: Partial<Record<Locale, string>>;
  /** The preview's banner: a record not published, or a form's values not saved (site/preview.ts). */
  previewBanner?: 'unpublished' | 'typed' | false;
  /** The settings behind the head's defaults (description, Open Graph, favicon) and the footer's company block. */
  site?: SiteSettings;
  /** The path the tracker reports when it is not the address shown (a form page answered to its own post). */
  trackedPath?: string;
  /** Canonical, alternates, Open Graph and JSON-LD of a page that may be indexed; without it the page is `noindex`. */
  seo?: PageSeo;
}

function menuList(items: MenuItem[], frame: Frame): SafeHtml {
  if (items.length === 0) return html``;
  return html`<ul>${items.map(
    (item) =>
      html`<li><a href="${pageUrl(frame.locale, item.titleUrl)}"${item.pageId === frame.currentPageId && raw(' aria-current="page"')}>${item.title}</a>${menuList(item.children, frame)}</li>`,
  )}</ul>`;
}

function languageSwitch(frame: Frame): SafeHtml {
  const links = LOCALES.map((locale) => {
    const href = frame.languageLinks?.[locale] ?? `/${locale}/`;
    const current = locale === frame.locale ? raw(' aria-current="true"') : '';
    return html`<li><a href="${href}" hreflang="${locale}" lang="${locale}"${current}>${t(locale, 'site.languageName')}</a></li>`;
  });
  return html`<nav class="langs" aria-label="${t(frame.locale, 'site.languages')}"><ul>${links}</ul></nav>`;
}

/** A whole HTML document around `body`. */
export function documentOf(frame: Frame, body: SafeHtml): string {
  const { locale } = frame;
  const home = `/${locale}/`;
  return html`<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${frame.title || frame.site?.metaTitle}</title>
${frame.description && html`<meta name="description" content="${frame.description}">`}
${settingsHead(frame.site, { title: frame.title, description: frame.description })}
${seoHead(locale, frame.title, frame.seo, frame.site)}<style>${CSS}</style>
<script src="/tracker.js" defer${frame.trackedPath && html` data-path="${frame.trackedPath}"`}></script>
</head>
<body>
<a class="skip" href="#content">${t(locale, 'site.skipToContent')}</a>
${frame.previewBanner && html`<p class="preview" role="status">${t(locale, frame.previewBanner === 'typed' ? 'site.previewTyped' : 'site.previewBanner')}</p>`}
<header><div class="wrap">
<a class="home" href="${home}">${t(locale, 'site.home')}</a>
<nav class="menu" aria-label="${t(locale, 'site.mainMenu')}">${menuList(frame.menus.main, frame)}</nav>
${languageSwitch(frame)}
</div></header>
<main id="content"><div class="wrap">
${body}
</div></main>
<footer><div class="wrap">
<nav aria-label="${t(locale, 'site.footerMenu')}"><ul><li><a href="${home}">${t(locale, 'site.home')}</a></li>${frame.menus.footer.map((item) => html`<li><a href="${pageUrl(locale, item.titleUrl)}">${item.title}</a></li>`)}</ul></nav>
${formLinks(locale)}
${settingsFooter(frame.site)}
</div></footer>
</body>
</html>
`.value;
}

export interface PageBody {
  page: SitePage;
  hero: Hero | null;
  panels: SitePanel[];
  galleries: ShownGallery[];
  /** The news list of a page that hosts the News module. */
  news?: SafeHtml;
}

/** The body of one page: image, title, claim, content, page text, its news, panels and galleries. */
export function pageBody(locale: Locale, { page, hero, panels, galleries, news }: PageBody, mediaUrl: MediaUrl) {
  return html`<article${page.cssClass && html` class="${page.cssClass}"`}>
${heroImage(hero, page.imageAlt)}
<h1>${page.title}</h1>
${page.claim && html`<p class="claim">${page.claim}</p>`}
${richBlock('content', page.content)}
${richBlock('page-text', page.pageText)}
${news}
${
  panels.length > 0 &&
  html`<div class="panels">${panels.map(
    (panel) => html`<section class="panel"><h2>${panel.title}</h2>${richText(panel.content)}</section>`,
  )}</div>`
}
${galleriesSection(locale, galleries, mediaUrl)}
</article>`;
}

/** The body of one gallery's page: its title, content and shown images. */
export function galleryBody(gallery: ShownGallery<SiteGalleryPage>, mediaUrl: MediaUrl): SafeHtml {
  return html`<article class="gallery">
<h1>${gallery.title}</h1>
${richBlock('content', gallery.content)}
${galleryImages(gallery.images, mediaUrl)}
</article>`;
}

/** The body of the 404 page. */
export function notFoundBody(locale: Locale): SafeHtml {
  return html`<h1>${t(locale, 'site.notFoundTitle')}</h1>
<p>${t(locale, 'site.notFoundText')}</p>
<p><a href="/${locale}/">${t(locale, 'site.backHome')}</a></p>`;
}

/** The body of the 400 page: an address that cannot be read (a malformed escape, a NUL character). */
export function badRequestBody(locale: Locale): SafeHtml {
  return html`<h1>${t(locale, 'site.badRequestTitle')}</h1>
<p>${t(locale, 'site.badRequestText')}</p>
<p><a href="/${locale}/">${t(locale, 'site.backHome')}</a></p>`;
}

/** The body of the 500 page: no detail, only the request id the log holds. */
export function errorBody(locale: Locale, requestId: string): SafeHtml {
  return html`<h1>${t(locale, 'site.errorTitle')}</h1>
<p>${t(locale, 'http.server', { id: requestId })}</p>`;
}
