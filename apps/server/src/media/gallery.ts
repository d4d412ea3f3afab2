import { mkdir } from 'node:fs/promises';
import { extname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { HttpError, notFound } from '../http/errors.js';
import { IMAGE_MIME_BY_EXT } from './images.js';
import { GALLERY_PREFIX, mediaStorage } from './storage.js';

/**
 * The only paths served: `/gallery/<model>/<id>/[thumb/]<file>` (DESIGN §5) in plain characters. Anything else,
 * including `..`, `.`, empty segments, dot files and any percent-encoding (`%2e%2e`, `%2f`), is a 404 before
 * a file is looked up; a malformed encoding is a 400.
 */
const GALLERY_PATH =
  /^\/gallery\/[a-z][a-z0-9-]{0,39}\/[1-9][0-9]{0,15}\/(thumb\/)?[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.[a-z0-9]{2,5}$/;

/** Inline images get this policy too: a file opened directly can run nothing and load nothing else. */
const GALLERY_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Media from MEDIA_DIR at /gallery/ (DESIGN §3, §8): a second @fastify/static instance (the admin's owns
 * `reply.sendFile`), no index, no directory listing, `nosniff`, a year of caching (every stored name is random
 * and never reused, so a changed image is a new URL), and `Content-Disposition: attachment` for anything that is
 * not one of the image formats we store (SVG included), sent as application/octet-stream.
 */
export const galleryRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { root } = mediaStorage(ctx.config);
  await mkdir(root, { recursive: true });

  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    try {
      decodeURIComponent(path);
    } catch {
      throw new HttpError(400, 'http.badRequest');
    }
    if (!GALLERY_PATH.test(path)) throw notFound();
  });

  await app.register(fastifyStatic, {
    root,
    prefix: `${GALLERY_PREFIX}/`,
    decorateReply: false,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'deny',
    acceptRanges: true,
    setHeaders: (reply, path) => {
      const mime = IMAGE_MIME_BY_EXT[extname(path).slice(1).toLowerCase()];
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      reply.header('Content-Security-Policy', GALLERY_CSP);
      if (mime) reply.header('Content-Type', mime);
      else reply.header('Content-Type', 'application/octet-stream').header('Content-Disposition', 'attachment');
    },
  });
};
