import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authorizer } from '../../http/crud-routes.js';
import { canEditContent } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { galleryOptions } from './service.js';

/** Galleries, /api/gallery: for now only the options of the page form (spec 1 §7 Options). */
export const galleryApiRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const allow = authorizer(canEditContent);
  app.addHook('onRequest', authenticate);

  app.get('/list', async (request) => {
    allow(request, 'view');
    return { data: await galleryOptions(ctx.db, request.lang) };
  });
};
