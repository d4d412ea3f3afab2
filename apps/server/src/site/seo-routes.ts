import { isLocale } from '@backoffice/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { isSiteKind } from './addresses.js';
import { newsFeed } from './feed.js';
import { robotsTxt, sitemap, sitemapFile } from './sitemap.js';

/** Crawlers and feed readers ask often; five minutes keeps that off the database behind a cache. */
const MACHINE_CACHE = 'public, max-age=300';

const send = (reply: FastifyReply, type: string, body: string) =>
  reply.type(type).header('Cache-Control', MACHINE_CACHE).header('X-Content-Type-Options', 'nosniff').send(body);

/** A machine's address that names nothing: a plain 404 (a person following a link gets the site's 404 page). */
const notFound = (reply: FastifyReply) =>
  reply.code(404).type('text/plain; charset=utf-8').header('Cache-Control', 'no-cache').send('Not found\n');

/**
 * What search engines and feed readers read (docs/features/public-site.md): `/robots.txt`, `/sitemap.xml` (or the
 * index of `/sitemaps/<kind>-<n>.xml` past 50,000 addresses) and the RSS of the news, `/{locale}/news/feed.xml`
 * with `?category=<id>` for one category.
 */
export const seoRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;

  app.get('/robots.txt', async (_request, reply) =>
    send(reply, 'text/plain; charset=utf-8', await robotsTxt(db, config.appUrl)),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    send(reply, 'application/xml; charset=utf-8', await sitemap(db, config.appUrl)),
  );
  app.get('/sitemaps/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const match = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(file);
    const name = match?.[1] ?? '';
    const body =
      match && (name === 'site' || isSiteKind(name))
        ? await sitemapFile(db, config.appUrl, name, Number(match[2]))
        : null;
    if (body === null) return notFound(reply);
    return send(reply, 'application/xml; charset=utf-8', body);
  });

  app.get('/:locale/news/feed.xml', async (request, reply) => {
    const { locale } = request.params as { locale: string };
    const { category } = request.query as { category?: unknown };
    if (!isLocale(locale)) return notFound(reply);
    if (category !== undefined && !(typeof category === 'string' && /^[1-9]\d{0,9}$/.test(category))) {
      return notFound(reply);
    }
    const id = category === undefined ? null : Number(category);
    if (id !== null && id > 2_147_483_647) return notFound(reply);
    const body = await newsFeed(db, config.appUrl, locale, id);
    if (body === null) return notFound(reply);
    return send(reply, 'application/rss+xml; charset=utf-8', body);
  });
};
