import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@backoffice/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { t } from '../i18n/index.js';
import { mediaStorage, StoragePathError } from '../media/storage.js';
import { verifyPreviewToken } from '../modules/pages/preview.js';
import { safeRedirect } from './html.js';
import { findPage, pageGalleriesOf, pagePanelsOf, type SitePage, siteMenus } from './service.js';
import { documentOf, errorBody, type Frame, notFoundBody, pageBody, pageUrl } from './templates.js';

/**
 * First path segments that belong to the application rather than to the site. The site's parametric routes
 * never shadow a real route (find-my-way prefers static ones), but an unknown path under these prefixes is
 * handed back to the application's own 404 (the admin's index.html, the API's JSON).
 */
const APP_PREFIXES = new Set(['admin', 'api', 'gallery', 'sanctum']);

/** Site pages load nothing but their inline style and images; no script runs, no form posts elsewhere. */
const SITE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' https: http:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

type SiteRequest = FastifyRequest<{
  Params: { locale: string; titleUrl?: string };
  Querystring: { preview?: string | string[] };
}>;

const NO_MENUS: Frame['menus'] = { main: [], footer: [] };

function sendDocument(reply: FastifyReply, status: number, document: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Content-Security-Policy', SITE_CSP)
    .header('Cache-Control', reply.getHeader('Cache-Control') ?? 'no-cache')
    .send(document);
}

/**
 * The public preview site (DESIGN §3, §4 Preview): `/` → `/sk/`, `/{locale}/` the home page (the first published
 * page at the top of the main navigation), `/{locale}/{title_url}` one published page, or an unpublished one
 * with a valid `?preview=` token; an HTML 404 for everything else outside the application's prefixes.
 */
export const siteRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const storage = mediaStorage(config);

  const imageUrlOf = (page: SitePage) => {
    if (!page.image) return null;
    try {
      return storage.url('page', page.id, page.image);
    } catch (err) {
      // A stored name that is not one of ours shows no image rather than breaking the page.
      if (err instanceof StoragePathError) return null;
      throw err;
    }
  };

  async function notFoundPage(reply: FastifyReply, locale: Locale, withMenus: boolean) {
    const menus = withMenus ? await siteMenus(db, locale) : NO_MENUS;
    const title = t(locale, 'site.notFoundTitle');
    return sendDocument(reply, 404, documentOf({ locale, title, menus }, notFoundBody(locale)));
  }

  /** Shows the page at `titleUrl`, or the home page when it is null. */
  async function show(request: SiteRequest, reply: FastifyReply, titleUrl: string | null) {
    const { locale } = request.params;
    if (!isLocale(locale)) {
      if (APP_PREFIXES.has(locale)) return reply.callNotFound();
      return notFoundPage(reply, request.lang, false);
    }
    const now = new Date();
    const menus = await siteMenus(db, locale, now);
    const home = titleUrl === null ? menus.main[0] : undefined;
    const page =
      titleUrl !== null
        ? await findPage(db, locale, { titleUrl }, now)
        : home && (await findPage(db, locale, { id: home.pageId }, now));
    if (!page) return notFoundPage(reply, locale, true);

    const token = request.query.preview;
    const preview = typeof token === 'string' && verifyPreviewToken(config, 'page', page.id, token, now.getTime());
    if (!page.published && !preview) return notFoundPage(reply, locale, true);
    if (preview) reply.header('X-Robots-Tag', 'noindex').header('Cache-Control', 'no-store');

    const target = safeRedirect(page.redirect);
    if (target) return reply.redirect(target, 302);

    const [panels, galleries] = await Promise.all([
      pagePanelsOf(db, page.id, locale),
      pageGalleriesOf(db, page.id, locale, now),
    ]);
    const keepToken = preview ? `?preview=${encodeURIComponent(token)}` : '';
    const languageLinks = Object.fromEntries(
      LOCALES.flatMap((l) => {
        if (titleUrl === null) return [[l, `/${l}/`]];
        const url = page.titleUrls[l];
        return url ? [[l, `${pageUrl(l, url)}${keepToken}`]] : [];
      }),
    );
    const frame: Frame = {
      locale,
      title: page.metaTitle || page.title,
      description: page.metaDescription,
      menus,
      currentPageId: page.id,
      languageLinks,
      previewBanner: !page.published,
    };
    const body = pageBody(locale, { page, imageUrl: imageUrlOf(page), panels, galleries });
    return sendDocument(reply, 200, documentOf(frame, body));
  }

  // A failure renders a plain HTML 500 with the request id; the details go to the log only.
  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error, reqId: request.id }, 'site page failed');
    const locale = request.lang ?? DEFAULT_LOCALE;
    reply.header('Cache-Control', 'no-store');
    const frame = { locale, title: t(locale, 'site.errorTitle'), menus: NO_MENUS };
    return sendDocument(reply, 500, documentOf(frame, errorBody(locale, request.id)));
  });

  app.get('/', (_request, reply) => reply.redirect(`/${DEFAULT_LOCALE}/`));
  app.get('/:locale', (request: SiteRequest, reply) => show(request, reply, null));
  app.get('/:locale/:titleUrl', (request: SiteRequest, reply) => show(request, reply, request.params.titleUrl ?? ''));
  // Deeper paths are never pages: the 404 page, or the application's 404 under its own prefixes.
  app.get('/:locale/*', (request: SiteRequest, reply) => {
    const { locale } = request.params;
    if (isLocale(locale)) return notFoundPage(reply, locale, true);
    if (APP_PREFIXES.has(locale)) return reply.callNotFound();
    return notFoundPage(reply, request.lang, false);
  });
};
