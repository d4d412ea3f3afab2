import { extname } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { HttpError, notFound } from '../http/errors.js';
import { IMAGE_MIME_BY_EXT } from './images.js';
import { sendObject } from './serve-object.js';
import { closeObjectStore, GALLERY_PREFIX, objectStore } from './storage.js';

/**
 * The only paths served: `/gallery/<model>/<id>/[thumb/]<file>` and the renditions
 * `/gallery/<model>/<id>/renditions/<file>/<width>.<ext>` (docs/features/media-storage.md) in plain characters. Anything else,
 * including `..`, `.`, empty segments, dot files and any percent-encoding (`%2e%2e`, `%2f`), is a 404 before
 * a file is looked up; a malformed encoding is a 400.
 */
const GALLERY_PATH =
  /^\/gallery\/[a-z][a-z0-9-]{0,39}\/[1-9][0-9]{0,15}\/(thumb\/|renditions\/[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.[a-z0-9]{2,5}\/)?[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.[a-z0-9]{2,5}$/;

/** Inline images get this policy too: a file opened directly can run nothing and load nothing else. */
const GALLERY_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Media at /gallery/ (docs/features/media-storage.md), read through the object store, so every server process serves every file
 * whichever driver holds it: no index, no listing, `nosniff`, a year of caching (every stored name is random and
 * never reused, so a changed image is a new URL), ETag, Last-Modified and byte ranges (`sendObject`), and
 * `Content-Disposition: attachment` for anything that is not one of the image formats we store (SVG included),
 * sent as application/octet-stream. The bytes are streamed from the store rather than redirected to a presigned
 * S3 address: the answer keeps these headers, the bucket stays private, and the address stays the same.
 */
export const galleryRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const store = objectStore(ctx.config);
  app.addHook('onClose', async () => closeObjectStore(ctx.config));

  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    try {
      decodeURIComponent(path);
    } catch {
      throw new HttpError(400, 'http.badRequest');
    }
    if (!GALLERY_PATH.test(path)) throw notFound();
  });

  // HEAD is its own method here: Fastify's generated HEAD route would answer Content-Length 0.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${GALLERY_PREFIX}/*`,
    handler: async (request, reply) => {
      const key = (request.url.split('?')[0] ?? '').slice(GALLERY_PREFIX.length + 1);
      const mime = IMAGE_MIME_BY_EXT[extname(key).slice(1).toLowerCase()];
      return sendObject(request, reply, store, key, {
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Security-Policy': GALLERY_CSP,
        ...(mime
          ? { 'Content-Type': mime }
          : { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment' }),
      });
    },
  });
};
