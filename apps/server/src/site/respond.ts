import { isLocale, LOCALES, type Locale } from '@backoffice/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { t } from '../i18n/index.js';
import { mediaStorage, StoragePathError } from '../media/storage.js';
import { type PreviewKind, verifyPreviewToken } from '../modules/pages/preview.js';
import type { Crumb, PageSeo } from './head.js';
import type { SafeHtml } from './html.js';
import type { MediaUrl } from './parts.js';
import { siteMenus } from './service.js';
import { siteSettings } from './site-settings.js';
import { badRequestBody, documentOf, type Frame, notFoundBody } from './templates.js';

/**
 * First path segments that belong to the application rather than to the site. The site's parametric routes
 * never shadow a real route (find-my-way prefers static ones), but an unknown path under these prefixes is
 * handed back to the application's own 404 (the admin's index.html, the API's JSON).
 */
const APP_PREFIXES = new Set(['admin', 'api', 'gallery', 'sanctum']);

/**
 * Site pages load their inline style, images and this server's `/tracker.js` (which posts to `/api/collect`);
 * no other script runs, no form posts elsewhere.
 */
const SITE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self' https: http:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

export type SiteRequest = FastifyRequest<{
  Params: { locale: string; titleUrl?: string };
  Querystring: { preview?: string | string[]; page?: string | string[] };
}>;

export const NO_MENUS: Frame['menus'] = { main: [], footer: [] };

export function sendDocument(reply: FastifyReply, status: number, document: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Content-Security-Policy', SITE_CSP)
    .header('Cache-Control', reply.getHeader('Cache-Control') ?? 'no-cache')
    .send(document);
}

/** The site's 400 page (an address that cannot be read), in the frame without menus: nothing was looked up. */
export function sendBadRequestPage(reply: FastifyReply, locale: Locale, status = 400) {
  reply.header('Cache-Control', 'no-store');
  const frame = { locale, title: t(locale, 'site.badRequestTitle'), menus: NO_MENUS };
  return sendDocument(reply, status, documentOf(frame, badRequestBody(locale)));
}

/**
 * The page number a list asks for with `?page=`: 1 without one, null (a 404) for anything but one whole number
 * from 1 on.
 */
export function pageParam(request: SiteRequest): number | null {
  const { page } = request.query;
  if (page === undefined) return 1;
  return typeof page === 'string' && /^[1-9]\d{0,5}$/.test(page) ? Number(page) : null;
}

/** A record shown at its own address: what the flow of `showRecord` needs of it. */
export interface ShownRecord {
  id: number;
  published: boolean;
  title: string;
  metaTitle: string;
  metaDescription: string;
  titleUrls: Partial<Record<Locale, string>>;
}

/** What a record adds to its head for search engines; the responder adds the addresses and the trail's ends. */
export type RecordSeo = Pick<PageSeo, 'type' | 'image' | 'published' | 'modified' | 'feed'> & {
  /** The steps between the home page and the record (the news list above an article). */
  trail: Crumb[];
  /** The record shows a paged list (a page hosting the news): `?page=` is part of its canonical address. */
  paged?: boolean;
};

/** The first step of every trail: the home page of the locale. */
export const homeCrumb = (locale: Locale): Crumb => ({ name: t(locale, 'site.home'), path: `/${locale}/` });

/** What a record's body is rendered with besides the record: the moment, and the preview query to keep in links. */
export interface ShowContext {
  locale: Locale;
  now: Date;
  /** `?preview=…` while previewing (for links to the same record), else ''. */
  keepToken: string;
}

/** How a record is found and shown at its own address (`showRecord`). */
export interface RecordShow<R extends ShownRecord> {
  /** The signed kind a preview token must name; null for records without preview (galleries). */
  kind: PreviewKind | null;
  /** The record of the address; `menus` are the page's, already read (the home page is the first item). */
  find: (locale: Locale, now: Date, menus: Frame['menus']) => Promise<R | undefined>;
  languageLink: (locale: Locale, record: R) => string | undefined;
  /** A record may answer otherwise (a page's redirect), after the publish check. */
  answer?: (record: R) => FastifyReply | undefined;
  body: (record: R, show: ShowContext) => Promise<SafeHtml | null>;
  currentPageId?: (record: R) => number;
  /** The record's head for search engines: its kind, image and dates, the trail above it (home excluded). */
  seo: (record: R, locale: Locale) => Promise<RecordSeo>;
  /** The record is the home page: no trail. */
  isHome?: boolean;
  /** Where the address leads since a save changed it (the record's address now), when no record has it. */
  moved?: (locale: Locale) => Promise<string | undefined>;
  /** A staff member's preview of a form's values (preview.ts): shown as a preview, without a token. */
  typed?: boolean;
}

/** A page of the site and its answer (404 page, error page, a record shown or previewed), shared by all routes. */
export function siteResponder({ db, config }: AppContext) {
  const storage = mediaStorage(config);

  const mediaUrl: MediaUrl = (model, id, file, variant = 'original') => {
    if (!file) return null;
    try {
      return storage.url(model, id, file, variant);
    } catch (err) {
      // A stored name that is not one of ours shows no image rather than breaking the page.
      if (err instanceof StoragePathError) return null;
      throw err;
    }
  };

  async function notFound(reply: FastifyReply, locale: Locale, withMenus = true) {
    const menus = withMenus ? await siteMenus(db, locale) : NO_MENUS;
    const title = t(locale, 'site.notFoundTitle');
    const site = withMenus ? await siteSettings({ db, config }, locale) : undefined;
    return sendDocument(reply, 404, documentOf({ locale, title, menus, site }, notFoundBody(locale)));
  }

  /**
   * Runs `then` with the URL's locale; a first segment that is no locale gets the application's own 404 under its
   * prefixes, the site's 404 page in the Accept-Language language elsewhere.
   */
  function withLocale(request: SiteRequest, reply: FastifyReply, then: (locale: Locale) => Promise<unknown>) {
    const { locale } = request.params;
    if (isLocale(locale)) return then(locale);
    if (APP_PREFIXES.has(locale)) return reply.callNotFound();
    return notFound(reply, request.lang, false);
  }

  /**
   * One record at its address (docs/data.md Modules and publishing, docs/features/public-site.md): not found → 404 page; unpublished → 404 page
   * unless `?preview=` verifies for this kind and id, then a banner, `noindex` and `no-store`. The language switch
   * leads to the same record in each locale (`languageLink`), keeping the token.
   */
  async function showRecord<R extends ShownRecord>(request: SiteRequest, reply: FastifyReply, spec: RecordShow<R>) {
    return withLocale(request, reply, async (locale) => {
      const now = new Date();
      const menus = await siteMenus(db, locale, now);
      const record = await spec.find(locale, now, menus);
      if (!record) {
        const moved = await spec.moved?.(locale);
        return moved ? reply.redirect(moved, 301) : notFound(reply, locale);
      }
      const token = request.query.preview;
      const preview =
        spec.typed === true ||
        (spec.kind !== null &&
          typeof token === 'string' &&
          verifyPreviewToken(config, spec.kind, record.id, token, now.getTime()));
      if (!record.published && !preview) return notFound(reply, locale);
      if (preview) reply.header('X-Robots-Tag', 'noindex').header('Cache-Control', 'no-store');
      const answered = spec.answer?.(record);
      if (answered) return answered;

      const keepToken = preview && typeof token === 'string' ? `?preview=${encodeURIComponent(token)}` : '';
      const body = await spec.body(record, { locale, now, keepToken });
      if (!body) return notFound(reply, locale);
      const languageLinks = Object.fromEntries(
        LOCALES.flatMap((l) => {
          const link = spec.languageLink(l, record);
          return link ? [[l, `${link}${keepToken}`]] : [];
        }),
      );
      const [site, seo] = await Promise.all([
        siteSettings({ db, config }, locale),
        preview ? undefined : spec.seo(record, locale),
      ]);
      const own = spec.languageLink(locale, record) ?? request.url;
      const page = pageParam(request);
      const frame: Frame = {
        locale,
        title: record.metaTitle || record.title,
        description: record.metaDescription,
        menus,
        currentPageId: spec.currentPageId?.(record),
        languageLinks,
        previewBanner: spec.typed === true ? 'typed' : !record.published && 'unpublished',
        site,
        seo: seo && {
          ...seo,
          canonical: seo.paged && page && page > 1 ? `${own}?page=${page}` : own,
          alternates: languageLinks,
          crumbs: spec.isHome ? [] : [homeCrumb(locale), ...seo.trail, { name: record.title, path: own }],
        },
      };
      return sendDocument(reply, 200, documentOf(frame, body));
    });
  }

  /** A list page of the site (news, references): one page of it, or the 404 page for a page that does not exist. */
  function showList(
    request: SiteRequest,
    reply: FastifyReply,
    spec: {
      title: (locale: Locale) => string;
      languageLink: (locale: Locale) => string;
      body: (locale: Locale, page: number, now: Date) => Promise<SafeHtml | null>;
      /** The RSS of the list, linked from the head. */
      feed?: (locale: Locale) => Promise<PageSeo['feed']>;
    },
  ) {
    return withLocale(request, reply, async (locale) => {
      const page = pageParam(request);
      const now = new Date();
      const [menus, body, site] = await Promise.all([
        siteMenus(db, locale, now),
        page === null ? null : spec.body(locale, page, now),
        siteSettings({ db, config }, locale),
      ]);
      if (!body) return notFound(reply, locale);
      const languageLinks = Object.fromEntries(LOCALES.map((l) => [l, spec.languageLink(l)]));
      const own = spec.languageLink(locale);
      const title = spec.title(locale);
      const seo: PageSeo = {
        canonical: page && page > 1 ? `${own}?page=${page}` : own,
        alternates: languageLinks,
        type: 'website',
        crumbs: [homeCrumb(locale), { name: title, path: own }],
        feed: await spec.feed?.(locale),
      };
      const frame = { locale, title, menus, languageLinks, site, seo };
      return sendDocument(reply, 200, documentOf(frame, body));
    });
  }

  return { mediaUrl, notFound, withLocale, showRecord, showList };
}
