import {
  deliveryArticleSchema,
  deliveryLocaleQuerySchema,
  deliveryNavigationSchema,
  deliveryNewsListSchema,
  deliveryNewsQuerySchema,
  deliveryPageSchema,
  deliverySettingsSchema,
  deliveryTitleUrlParamsSchema,
  ERR,
  type Locale,
} from '@backoffice/shared';
import etag from '@fastify/etag';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { invalid, notFound } from '../http/errors.js';
import { sanitizeRichText as sanitized } from '../rich-text/sanitize.js';
import { registerDeliveryAccess, shown } from './delivery-access.js';
import { deliveryCollectionRoutes, deliveryShapes } from './delivery-collections.js';
import { publishedCategoryTitle } from './feed.js';
import { findArticle, type NewsItem, type NewsPosition, newsAfter } from './news-service.js';
import { MEDIA, newsUrl, pageUrl } from './parts.js';
import { findPage, type MenuItem, siteMenus } from './service.js';
import { siteSettings } from './site-settings.js';

/** One item of the flat navigation the API answers. */
interface NavigationItem {
  page_id: number;
  parent_page_id: number | null;
  title: string;
  title_url: string;
  path: string;
}

/** A position in the news as the answer's `next_cursor` carries it: opaque to the caller. */
const cursorOf = (item: NewsItem) =>
  Buffer.from(JSON.stringify([item.date.toISOString(), item.id])).toString('base64url');

/** The position a cursor names; null for one this server did not write. */
function positionOf(cursor: string): NewsPosition | null {
  try {
    const [date, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const at = new Date(String(date));
    // Only what this server writes: the ISO form of a date PostgreSQL takes (years 1–9999).
    if (typeof date !== 'string' || Number.isNaN(at.getTime()) || at.toISOString() !== date) return null;
    if (at.getUTCFullYear() < 1 || at.getUTCFullYear() > 9999) return null;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
    return { date: at, id };
  } catch {
    return null;
  }
}

/**
 * The delivery API (docs/api.md "Delivery API"): the published content of the public site as JSON, under
 * `/api/delivery`, without a session, for any other channel. The site's published rule and sanitised rich text;
 * weak ETags and 304; `Cache-Control` for a CDN.
 */
export const deliveryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const { heroOf, image, alternates } = deliveryShapes({ db, config });
  await app.register(etag, { weak: true });
  registerDeliveryAccess(app, db);

  app.get(
    '/settings',
    {
      schema: {
        security: [],
        summary: 'The public settings: site name, description, contact, social links',
        querystring: deliveryLocaleQuerySchema,
        response: { 200: deliverySettingsSchema },
      },
    },
    async (request) => {
      const { locale } = request.query;
      const site = await siteSettings(ctx, locale);
      return {
        data: {
          locale,
          site_name: site.metaTitle,
          description: site.metaDescription,
          copyright: site.copyright,
          image: image(site.ogImage),
          contact: {
            name: site.contact.name,
            address: site.contact.address,
            zip: site.contact.zip,
            city: site.contact.city,
            others: site.contact.others,
            business_id: site.contact.businessId,
            vat: site.contact.vat,
          },
          social: site.social.map((s) => ({ network: s.label, url: s.url })),
        },
      };
    },
  );

  app.get(
    '/navigation',
    {
      schema: {
        security: [],
        summary: 'The main and footer navigation: published pages in order, each under its parent',
        querystring: deliveryLocaleQuerySchema,
        response: { 200: deliveryNavigationSchema },
      },
    },
    async (request) => {
      const { locale } = request.query;
      const menus = await siteMenus(db, locale);
      const flat = (items: MenuItem[], parent: number | null): NavigationItem[] =>
        items.flatMap((item) => [
          {
            page_id: item.pageId,
            parent_page_id: parent,
            title: item.title,
            title_url: item.titleUrl,
            path: pageUrl(locale, item.titleUrl),
          },
          ...flat(item.children, item.pageId),
        ]);
      return { data: { main: flat(menus.main, null), footer: flat(menus.footer, null) } };
    },
  );

  /** A published page (the home page: the first of the main navigation) as the answer gives it. */
  async function pageAnswer(request: FastifyRequest, locale: Locale, where: { titleUrl: string } | { home: true }) {
    const now = new Date();
    const home = 'home' in where ? (await siteMenus(db, locale, now)).main[0] : undefined;
    const page =
      'home' in where
        ? home && (await findPage(db, locale, { id: home.pageId }, now))
        : await findPage(db, locale, where, now);
    if (!page || !shown(request, page)) throw notFound();
    return {
      data: {
        id: page.id,
        title: page.title,
        title_url: page.titleUrl,
        path: 'home' in where ? `/${locale}/` : pageUrl(locale, page.titleUrl),
        claim: page.claim,
        content: sanitized(page.content),
        page_text: sanitized(page.pageText),
        meta_title: page.metaTitle,
        meta_description: page.metaDescription,
        image: image(await heroOf(MEDIA.page, page.id, page.image), page.imageAlt),
        alternates: alternates(page.titleUrls, pageUrl),
      },
    };
  }
  const pageSchema = {
    querystring: deliveryLocaleQuerySchema,
    response: { 200: deliveryPageSchema },
  };
  app.get(
    '/home',
    { schema: { security: [], summary: 'The home page (the first page of the main navigation)', ...pageSchema } },
    (request) => pageAnswer(request, request.query.locale, { home: true }),
  );
  app.get(
    '/pages/:titleUrl',
    {
      schema: {
        security: [],
        summary: 'A published page by its title_url',
        params: deliveryTitleUrlParamsSchema,
        ...pageSchema,
      },
    },
    (request) => pageAnswer(request, request.query.locale, { titleUrl: request.params.titleUrl }),
  );

  const newsItem = async (item: NewsItem, locale: Locale) => ({
    id: item.id,
    title: item.title,
    title_url: item.titleUrl,
    path: newsUrl(locale, item.titleUrl),
    date: item.date.toISOString(),
    image: image(
      (await heroOf(MEDIA.article, item.id, item.image)) ?? (await heroOf(MEDIA.article, item.id, item.poster)),
      item.imageAlt,
    ),
    categories: item.categories,
  });

  app.get(
    '/news',
    {
      schema: {
        security: [],
        summary: 'Published news, newest first, by cursor; of one category',
        querystring: deliveryNewsQuerySchema,
        response: { 200: deliveryNewsListSchema },
      },
    },
    async (request) => {
      const { locale, category, cursor, limit } = request.query;
      const after = cursor === undefined ? null : positionOf(cursor);
      if (cursor !== undefined && !after) throw invalid({ cursor: [ERR.invalid] });
      // A category that is not published has no news to give (as its feed on the site is a 404).
      const preview = request.deliveryScope === 'preview';
      if (category !== undefined && !preview && !(await publishedCategoryTitle(db, category, locale, new Date())))
        throw notFound();
      const items = await newsAfter(db, locale, {
        after,
        categoryId: category ?? null,
        limit: limit + 1,
        unpublished: preview,
      });
      const shown = items.slice(0, limit);
      const last = shown.at(-1);
      return {
        data: await Promise.all(
          shown.map(async (item) => ({ ...(await newsItem(item, locale)), teaser: item.teaser })),
        ),
        next_cursor: items.length > limit && last ? cursorOf(last) : null,
      };
    },
  );

  app.get(
    '/news/:titleUrl',
    {
      schema: {
        security: [],
        summary: 'A published article by its title_url',
        querystring: deliveryLocaleQuerySchema,
        params: deliveryTitleUrlParamsSchema,
        response: { 200: deliveryArticleSchema },
      },
    },
    async (request) => {
      const { locale } = request.query;
      const article = await findArticle(db, locale, request.params.titleUrl);
      if (!article || !shown(request, article)) throw notFound();
      return {
        data: {
          ...(await newsItem({ ...article, teaser: '' }, locale)),
          content: sanitized(article.content),
          meta_title: article.metaTitle,
          meta_description: article.metaDescription,
          updated_at: article.updatedAt.toISOString(),
          alternates: alternates(article.titleUrls, newsUrl),
        },
      };
    },
  );

  await app.register(deliveryCollectionRoutes, { ctx });
};
