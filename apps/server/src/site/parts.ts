import { type Locale, SITE_TIME_ZONE } from '@backoffice/shared';
import { t } from '../i18n/index.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import type { SiteGallery, SiteImage } from './gallery-service.js';
import { html, raw, type SafeHtml } from './html.js';
import { type Thumb, thumbImage } from './image-box.js';
import type { SiteLink } from './service.js';
import { word } from './words.js';

/** The address of a stored file (`/gallery/<model>/<id>/[thumb/]<file>`), or null for a name that is not ours. */
export type MediaUrl = (
  model: string,
  id: number,
  file: string | null,
  variant?: 'original' | 'thumb',
) => string | null;

/** The media folder of gallery images and of each kind's own image (docs/features/media-storage.md). */
export const MEDIA = {
  page: 'page',
  article: 'blog',
  reference: 'reference',
  gallery: 'gallery',
  partner: 'partner',
} as const;

const path = (locale: Locale, section: string, titleUrl?: string) =>
  `/${locale}/${section}${titleUrl === undefined ? '' : encodeURIComponent(titleUrl)}`;

/** The address of a page in one locale: `/{locale}/{title_url}`. */
export const pageUrl = (locale: Locale, titleUrl: string) => path(locale, '', titleUrl);
/** `/{locale}/news/`, or one article at `/{locale}/news/{title_url}`. */
export const newsUrl = (locale: Locale, titleUrl?: string) => path(locale, 'news/', titleUrl);
/** `/{locale}/reference/`, or one reference at `/{locale}/reference/{title_url}`. */
export const referenceUrl = (locale: Locale, titleUrl?: string) => path(locale, 'reference/', titleUrl);
/** One gallery at `/{locale}/gallery/{title_url}`. */
export const galleryUrl = (locale: Locale, titleUrl: string) => path(locale, 'gallery/', titleUrl);

/**
 * Rich text is sanitised on save; it passes the same allow-list again here, so rows written by any other way
 * (seeds, imports, SQL, an older allow-list) cannot put markup on the site that the editor could not.
 */
export const richText = (markup: string) => raw(sanitizeRichText(markup));

/** A block of rich text in its own class, or nothing when the text is empty. */
export const richBlock = (className: string, markup: string) =>
  markup && html`<div class="${className}">${richText(markup)}</div>`;

const DATE_LOCALES: Record<Locale, string> = { sk: 'sk-SK', en: 'en-GB' };

/** A date as a `<time>` element, written out in `locale`. */
export function dateOf(locale: Locale, date: Date): SafeHtml {
  const text = new Intl.DateTimeFormat(DATE_LOCALES[locale], { dateStyle: 'long', timeZone: SITE_TIME_ZONE }).format(
    date,
  );
  return html`<time datetime="${date.toISOString()}">${text}</time>`;
}

/** A record as a list or a gallery shows it: with its thumbnail (`thumbReader`; null: none). */
export type WithThumb<T> = T & { thumb: Thumb | null };

/** A gallery as the site shows it: its images with their thumbnails. */
export type ShownGallery<G extends SiteGallery = SiteGallery> = Omit<G, 'images'> & { images: WithThumb<SiteImage>[] };

/**
 * The thumbnails of a gallery's shown images, each linking to its original; the one rendering of gallery images.
 * The `alt` is the image's alternative text in the page's locale, else its title.
 * Each is the 150×120 thumbnail, or once the original's renditions are made their high-density sources in the same
 * box (`thumbImage`).
 */
export function galleryImages(images: WithThumb<SiteImage>[], mediaUrl: MediaUrl): SafeHtml {
  const items = images.flatMap((image) => {
    const original = mediaUrl(MEDIA.gallery, image.galleryId, image.file);
    if (!original || !image.thumb) return [];
    return [
      html`<li><a href="${original}"${image.title && html` title="${image.title}"`}>${thumbImage(image.thumb, image.alt || image.title)}</a></li>`,
    ];
  });
  return items.length > 0 ? html`<ul class="thumbs">${items}</ul>` : html``;
}

/** The galleries linked to a page, an article or a reference: each titled, linked to its own page, with its images. */
export function galleriesSection(locale: Locale, galleries: ShownGallery[], mediaUrl: MediaUrl): SafeHtml {
  if (galleries.length === 0) return html``;
  return html`<section class="galleries"><h2>${t(locale, 'site.galleries')}</h2>${galleries.map(
    (gallery) =>
      html`<section class="gallery"><h3><a href="${galleryUrl(locale, gallery.titleUrl)}">${gallery.title}</a></h3>${galleryImages(gallery.images, mediaUrl)}</section>`,
  )}</section>`;
}

/** Links to similar records of a kind (`urlOf` gives each one's address), under a heading. */
export function similarsSection(heading: string, similars: SiteLink[], urlOf: (titleUrl: string) => string): SafeHtml {
  if (similars.length === 0) return html``;
  return html`<section class="similars"><h2>${heading}</h2><ul>${similars.map(
    (s) => html`<li><a href="${urlOf(s.titleUrl)}">${s.title}</a></li>`,
  )}</ul></section>`;
}

/** Where one page of a list stands: which page (1-based), how many records in all, how many a page shows. */
export interface Paging {
  page: number;
  total: number;
  perPage: number;
}

/** The number of pages a list has (at least one, the empty list's). */
export const pageCount = ({ total, perPage }: Pick<Paging, 'total' | 'perPage'>) =>
  Math.max(1, Math.ceil(total / perPage));

/** Previous and next links of a paged list (`hrefOf` gives a page's address); nothing when it has one page. */
export function pager(
  locale: Locale,
  paging: Paging,
  hrefOf: (page: number) => string,
  labels: { previous: 'previous' | 'previousList'; next: 'next' | 'nextList' },
): SafeHtml {
  const pages = pageCount(paging);
  if (pages <= 1) return html``;
  const { page } = paging;
  return html`<nav class="pager" aria-label="${word(locale, 'pages')}">
${page > 1 && html`<a rel="prev" href="${hrefOf(page - 1)}">${word(locale, labels.previous)}</a>`}
<span>${word(locale, 'pageOf', { page, pages })}</span>
${page < pages && html`<a rel="next" href="${hrefOf(page + 1)}">${word(locale, labels.next)}</a>`}
</nav>`;
}
