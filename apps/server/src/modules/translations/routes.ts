import { translationSummarySchema } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../http/errors.js';
import { isStaff } from '../../http/policy.js';
import { currentUser } from '../../http/session.js';
import { translationSummary } from './service.js';

/** `GET /api/stats/translations`: the dashboard's translation card (docs/features/translations.md); staff only. */
export const translationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/translations',
    {
      schema: {
        summary: 'Records with a missing or outdated translation, per resource',
        response: { 200: translationSummarySchema },
      },
    },
    async (request) => {
      if (!isStaff(currentUser(request))) throw forbidden();
      return { data: await translationSummary(ctx.db) };
    },
  );
};
