import { DEFAULT_LOCALE, LOCALES, type Locale, MODULES, zPathId } from '@backoffice/shared';
import etag from '@fastify/etag';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { pageGalleries } from '../db/schema.js';
import { registerErrorHandler } from '../http/error-handler.js';
import { HttpError, notFound as notFoundError } from '../http/errors.js';
import { authorizer, canEditContent } from '../http/policy.js';
import { authenticate } from '../http/session.js';
import { t } from '../i18n/index.js';
import { movedAddress, SITE_KINDS } from './addresses.js';
import { faviconRoute } from './favicon.js';
import { feedTitle, feedUrl } from './feed.js';
import { registerFormPages } from './form-pages.js';
import { findGallery, linkedGalleries, type SiteGallery } from './gallery-service.js';
import { safeRedirect } from './html.js';
import { heroReader, thumbReader } from './image-box.js';
import {
  articleExtras,
  findArticle,
  listNews,
  NEWS_PER_PAGE,
  type NewsItem,
  type SiteArticle,
} from './news-service.js';
import { articleBody, type NewsList, newsPageBody, newsSection } from './news-templates.js';
import { galleryUrl, MEDIA, newsUrl, pageCount, pageUrl, referenceUrl, type ShownGallery } from './parts.js';
import { blankRecord, PREVIEW_KINDS, type TypedRecord, typedOver, typedRecordSchema } from './preview.js';
import {
  findReference,
  listReferences,
  REFERENCES_PER_PAGE,
  referenceExtras,
  type SiteReference,
} from './reference-service.js';
import { referenceBody, referenceListBody } from './reference-templates.js';
import {
  NO_MENUS,
  pageParam,
  type RecordShow,
  type ShowContext,
  type ShownRecord,
  type SiteRequest,
  sendBadRequestPage,
  sendDocument,
  siteResponder,
} from './respond.js';
import { seoRoutes } from './seo-routes.js';
import { findPage, pagePanelsOf, type SitePage } from './service.js';
import { documentOf, errorBody, galleryBody, pageBody } from './templates.js';
import { word } from './words.js';

/** How a kind of record is shown, apart from where it is found. */
type Shown<R extends ShownRecord> = Omit<RecordShow<R>, 'find' | 'moved'>;

/** The preview route's address: the locale, the kind and the record's id, or `new` for a form that creates. */
const typedPreviewParams = z.object({
  locale: z.enum(LOCALES),
  kind: z.enum(PREVIEW_KINDS),
  id: z.union([zPathId, z.literal('new')]),
});

const PAGE_GALLERIES = {
  table: pageGalleries,
  ownerColumn: pageGalleries.page_id,
  galleryColumn: pageGalleries.gallery_id,
};

/**
 * The public preview site (docs/features/public-site.md): `/` → `/sk/`; `/{locale}/` the home page (the first published
 * page at the top of the main navigation); `/{locale}/{title_url}` one page; `/{locale}/news/` and
 * `/{locale}/reference/` paged lists, `/{locale}/news/{title_url}`, `/{locale}/reference/{title_url}` and
 * `/{locale}/gallery/{title_url}` one record. Only published records, or an unpublished page, article or reference
 * with a valid `?preview=` token; an HTML 404 for everything else outside the application's prefixes.
 */
export const siteRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const { mediaUrl, notFound, withLocale, showRecord, showList } = siteResponder(ctx);
  const heroOf = heroReader(ctx);
  const thumbsOf = thumbReader(ctx);

  /** Galleries with their images' thumbnails (one lookup of renditions for all of them). */
  async function withThumbs<G extends SiteGallery>(galleries: G[]): Promise<ShownGallery<G>[]> {
    const images = galleries.flatMap((gallery) => gallery.images);
    const thumbs = await thumbsOf(
      images.map((image) => ({ model: MEDIA.gallery, id: image.galleryId, file: image.file })),
    );
    let at = 0;
    return galleries.map((gallery) => ({
      ...gallery,
      images: gallery.images.map((image) => ({ ...image, thumb: thumbs[at++] ?? null })),
    }));
  }

  /** Articles with the thumbnail of their image, else of their poster. */
  async function newsThumbs(items: NewsItem[]) {
    const thumbs = await thumbsOf(
      items.flatMap((item) => [
        { model: MEDIA.article, id: item.id, file: item.image },
        { model: MEDIA.article, id: item.id, file: item.poster },
      ]),
    );
    return items.map((item, i) => ({ ...item, thumb: thumbs[2 * i] ?? thumbs[2 * i + 1] ?? null }));
  }

  // Every answer of the site carries a weak ETag of its bytes; a request whose If-None-Match names it gets a 304
  // without the body (pages are `no-cache`: a browser or CDN asks again each time, and mostly gets the 304).
  await app.register(etag, { weak: true });
  await app.register(faviconRoute, { ctx });
  await app.register(seoRoutes, { ctx });

  /**
   * One page of the news, or null when that page does not exist (past the last, or a page number that is not
   * one); `base` is the address the pager links to, with `?page=` (and the preview token) added.
   */
  async function newsOf(
    locale: Locale,
    page: number | null,
    now: Date,
    options: { base: string; keepToken?: string; categoryId?: number | null; level: NewsList['level'] },
  ): Promise<NewsList | null> {
    if (page === null) return null;
    const { items, total } = await listNews(db, locale, { page, categoryId: options.categoryId }, now);
    const paging = { page, total, perPage: NEWS_PER_PAGE };
    if (page > pageCount(paging)) return null;
    const query = options.keepToken ? `${options.keepToken}&` : '?';
    const hrefOf = (n: number) =>
      n > 1 ? `${options.base}${query}page=${n}` : `${options.base}${options.keepToken ?? ''}`;
    return { items: await newsThumbs(items), paging, hrefOf, level: options.level };
  }

  /** The body of a page: its panels, galleries and, when it hosts the News module, one page of the news. */
  async function pageBodyOf(request: SiteRequest, page: SitePage, { locale, now, keepToken }: ShowContext) {
    const hostsNews = page.moduleId === MODULES.blog;
    const base = request.params.titleUrl === undefined ? `/${locale}/` : pageUrl(locale, page.titleUrl);
    const [panels, galleries, news, hero] = await Promise.all([
      pagePanelsOf(db, page.id, locale),
      linkedGalleries(db, PAGE_GALLERIES, page.id, locale, now).then(withThumbs),
      hostsNews
        ? newsOf(locale, pageParam(request), now, { base, keepToken, categoryId: page.categoryId, level: 3 })
        : undefined,
      heroOf(MEDIA.page, page.id, page.image),
    ]);
    if (news === null) return null;
    const newsHtml = news && newsSection(locale, news);
    return pageBody(locale, { page, hero, panels, galleries, news: newsHtml }, mediaUrl);
  }

  /** The page at `titleUrl`, or the home page (the first item of the main menu) when the route has none. */
  function showPage(request: SiteRequest, reply: FastifyReply) {
    const { titleUrl } = request.params;
    return showRecord(request, reply, {
      kind: 'page',
      find(locale, now, menus) {
        if (titleUrl !== undefined) return findPage(db, locale, { titleUrl }, now);
        const home = menus.main[0];
        return home ? findPage(db, locale, { id: home.pageId }, now) : Promise.resolve(undefined);
      },
      languageLink: (l, page) => {
        if (titleUrl === undefined) return `/${l}/`;
        const url = page.titleUrls[l];
        return url === undefined ? undefined : pageUrl(l, url);
      },
      answer: (page) => {
        const target = safeRedirect(page.redirect);
        return target ? reply.redirect(target, 302) : undefined;
      },
      body: (page, show) => pageBodyOf(request, page, show),
      currentPageId: (page) => page.id,
      isHome: titleUrl === undefined,
      moved: titleUrl === undefined ? undefined : (l) => movedAddress(db, SITE_KINDS.pages, l, titleUrl),
      seo: async (page, locale) => ({
        type: 'website',
        image: await heroOf(MEDIA.page, page.id, page.image),
        trail: [],
        paged: page.moduleId === MODULES.blog,
        feed: page.moduleId === MODULES.blog ? await newsFeedLink(locale, page.categoryId) : undefined,
      }),
    });
  }

  /** An article's picture: its image, else its poster. */
  const articleHero = (article: { id: number; image: string | null; poster: string | null }) =>
    heroOf(MEDIA.article, article.id, article.image).then(
      (image) => image ?? heroOf(MEDIA.article, article.id, article.poster),
    );

  /** The head's feed of a page hosting the news: the category's, or all news. */
  const newsFeedLink = async (locale: Locale, categoryId: number | null) => ({
    title: await feedTitle(db, locale),
    path: feedUrl(locale, categoryId),
  });

  /** The language switch of a record: its own title_url in each locale that has one. */
  const sameRecord =
    (urlOf: (locale: Locale, titleUrl: string) => string) =>
    (l: Locale, record: { titleUrls: Partial<Record<Locale, string>> }) => {
      const url = record.titleUrls[l];
      return url === undefined ? undefined : urlOf(l, url);
    };
  const titleUrlOf = (request: SiteRequest) => request.params.titleUrl ?? '';

  // A refused address renders the HTML 400 page; a failure a plain HTML 500 with the request id (details to the log).
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError && error.status < 500) {
      return sendBadRequestPage(reply, request.lang ?? DEFAULT_LOCALE, error.status);
    }
    request.log.error({ err: error, reqId: request.id }, 'site page failed');
    const locale = request.lang ?? DEFAULT_LOCALE;
    reply.header('Cache-Control', 'no-store');
    const frame = { locale, title: t(locale, 'site.errorTitle'), menus: NO_MENUS };
    return sendDocument(reply, 500, documentOf(frame, errorBody(locale, request.id)));
  });

  app.get('/', (_request, reply) => reply.redirect(`/${DEFAULT_LOCALE}/`));
  app.get('/:locale', showPage);
  app.get('/:locale/:titleUrl', showPage);

  app.get('/:locale/news', (request: SiteRequest, reply) =>
    showList(request, reply, {
      title: (locale) => word(locale, 'news'),
      languageLink: (l) => newsUrl(l),
      async body(locale, page, now) {
        const news = await newsOf(locale, page, now, { base: newsUrl(locale), level: 2 });
        return news && newsPageBody(locale, news);
      },
      feed: (locale) => newsFeedLink(locale, null),
    }),
  );
  /** How an article is shown, wherever it was found (its address, a preview of its form). */
  const articleShown: Shown<SiteArticle> = {
    kind: 'article',
    languageLink: sameRecord(newsUrl),
    async body(article, { locale, now }) {
      const [extras, hero] = await Promise.all([articleExtras(db, article.id, locale, now), articleHero(article)]);
      const galleries = await withThumbs(extras.galleries);
      return articleBody(locale, { article, ...extras, galleries, hero }, mediaUrl);
    },
    seo: async (article, locale) => ({
      type: 'article',
      image: await articleHero(article),
      published: article.date,
      modified: article.updatedAt,
      trail: [{ name: word(locale, 'news'), path: newsUrl(locale) }],
      feed: await newsFeedLink(locale, null),
    }),
  };
  app.get('/:locale/news/:titleUrl', (request: SiteRequest, reply) =>
    showRecord(request, reply, {
      ...articleShown,
      moved: (l) => movedAddress(db, SITE_KINDS.news, l, titleUrlOf(request)),
      find: (locale, now) => findArticle(db, locale, titleUrlOf(request), now),
    }),
  );

  app.get('/:locale/reference', (request: SiteRequest, reply) =>
    showList(request, reply, {
      title: (locale) => word(locale, 'references'),
      languageLink: (l) => referenceUrl(l),
      async body(locale, page, now) {
        const { items, total } = await listReferences(db, locale, page, now);
        const paging = { page, total, perPage: REFERENCES_PER_PAGE };
        if (page > pageCount(paging)) return null;
        const thumbs = await thumbsOf(items.map((item) => ({ model: MEDIA.reference, id: item.id, file: item.image })));
        const shown = items.map((item, i) => ({ ...item, thumb: thumbs[i] ?? null }));
        return referenceListBody(locale, { items: shown, paging });
      },
    }),
  );
  /** How a reference is shown, wherever it was found (its address, a preview of its form). */
  const referenceShown: Shown<SiteReference> = {
    kind: 'reference',
    languageLink: sameRecord(referenceUrl),
    async body(reference, { locale, now }) {
      const [extras, hero] = await Promise.all([
        referenceExtras(db, reference.id, locale, now),
        heroOf(MEDIA.reference, reference.id, reference.image),
      ]);
      const galleries = await withThumbs(extras.galleries);
      return referenceBody(locale, { reference, ...extras, galleries, hero }, mediaUrl);
    },
    seo: async (reference, locale) => ({
      type: 'website',
      image: await heroOf(MEDIA.reference, reference.id, reference.image),
      trail: [{ name: word(locale, 'references'), path: referenceUrl(locale) }],
    }),
  };
  app.get('/:locale/reference/:titleUrl', (request: SiteRequest, reply) =>
    showRecord(request, reply, {
      ...referenceShown,
      moved: (l) => movedAddress(db, SITE_KINDS.references, l, titleUrlOf(request)),
      find: (locale, now) => findReference(db, locale, titleUrlOf(request), now),
    }),
  );

  // Galleries have no preview link in the admin, so only a published gallery is shown.
  app.get('/:locale/gallery/:titleUrl', (request: SiteRequest, reply) =>
    showRecord(request, reply, {
      kind: null,
      moved: (l) => movedAddress(db, SITE_KINDS.galleries, l, titleUrlOf(request)),
      find: (locale, now) => findGallery(db, locale, titleUrlOf(request), now),
      languageLink: sameRecord(galleryUrl),
      body: async (gallery) => {
        const [shown] = await withThumbs([gallery]);
        return shown ? galleryBody(shown, mediaUrl) : null;
      },
      seo: async () => ({ type: 'website', trail: [] }),
    }),
  );

  registerFormPages(app, ctx);

  // The preview of a form's values before they are saved (preview.ts): staff only, an API route with the API's
  // session, CSRF and error answers, rendered by the site's own templates.
  const allow = authorizer(canEditContent);
  await app.register(async (api) => {
    registerErrorHandler(api);
    api.addHook('onRequest', authenticate);
    api.post(
      '/api/preview/:locale/:kind/:id',
      {
        config: allow.roles('view'),
        schema: {
          summary: "Preview a form's values on the public site (HTML)",
          params: typedPreviewParams,
          body: typedRecordSchema,
        },
      },
      (request, reply) => {
        allow(request, 'view');
        const { kind, id } = request.params as z.output<typeof typedPreviewParams>;
        const typed = request.body as TypedRecord;
        const site = request as unknown as SiteRequest;
        const find =
          <R extends object>(saved: (locale: Locale) => Promise<R | undefined>, blank: R) =>
          (locale: Locale) =>
            (id === 'new' ? Promise.resolve(blank) : saved(locale)).then((base) => {
              // An API answer: a record that is not there is the API's 404, with its message.
              if (!base) throw notFoundError();
              return typedOver(base, typed, locale);
            });
        if (kind === 'article')
          return showRecord(site, reply, {
            ...articleShown,
            typed: true,
            find: find((l) => findArticle(db, l, { id: Number(id) }), blankRecord('article')),
          });
        if (kind === 'reference')
          return showRecord(site, reply, {
            ...referenceShown,
            typed: true,
            find: find((l) => findReference(db, l, { id: Number(id) }), blankRecord('reference')),
          });
        return showRecord<SitePage>(site, reply, {
          kind: 'page',
          typed: true,
          find: find((l) => findPage(db, l, { id: Number(id) }), blankRecord('page')),
          languageLink: sameRecord(pageUrl),
          body: (page, show) => pageBodyOf(site, page, show),
          currentPageId: (page) => page.id,
          seo: async () => ({ type: 'website', trail: [] }),
        });
      },
    );
  });

  // Deeper paths are none of the above: the 404 page, or the application's 404 under its own prefixes.
  app.get('/:locale/*', (request: SiteRequest, reply) =>
    withLocale(request, reply, (locale) => notFound(reply, locale)),
  );
};
