import { searchQuerySchema, searchResponseSchema } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../http/errors.js';
import { authenticate, currentUser } from '../../http/session.js';
import { canSearch } from './policy.js';
import { search } from './service.js';

/**
 * `GET /api/search?q=…&limit=20` (docs/features/search.md): the records of every resource the user may open, by
 * title in both locales, users and submissions by name and e-mail; the admin's search palette asks it.
 */
export const searchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate);
  app.get(
    '/',
    {
      schema: {
        summary: 'Search every record the user may open',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!canSearch(user)) throw forbidden();
      return { data: await search(ctx.db, user, request.query, request.lang) };
    },
  );
};
