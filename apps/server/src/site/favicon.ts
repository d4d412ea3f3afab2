import { SETTINGS } from '@backoffice/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { readSettings } from '../db/settings.js';
import { IMAGE_MIME_BY_EXT } from '../media/images.js';
import { ObjectNotFoundError } from '../media/object-store.js';
import { mediaStorage, StoragePathError } from '../media/storage.js';
import { SETTINGS_MEDIA } from '../modules/settings/service.js';

/** Browsers ask for /favicon.ico on every site whatever the page links; an hour keeps that off the database. */
const FAVICON_CACHE = 'public, max-age=3600';

/**
 * `/favicon.ico`: the favicon of the main settings (the Slovak one, as the head's link falls back to it) with its
 * own content type; none configured, or its file gone, answers 204 so the browser's request is not a logged 404.
 */
export const faviconRoute: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const storage = mediaStorage(ctx.config);
  app.get('/favicon.ico', async (_request, reply) => {
    const main = await readSettings(ctx.db, 'main');
    const file = main.favicon?.sk || main.favicon?.en || '';
    reply.header('Cache-Control', FAVICON_CACHE);
    if (file) {
      try {
        const bytes = await storage.read(SETTINGS_MEDIA, SETTINGS.main.id, file);
        const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
        return reply
          .type(IMAGE_MIME_BY_EXT[ext] ?? 'application/octet-stream')
          .header('X-Content-Type-Options', 'nosniff')
          .send(bytes);
      } catch (err) {
        if (!(err instanceof StoragePathError || err instanceof ObjectNotFoundError)) throw err;
      }
    }
    return reply.code(204).send();
  });
};
