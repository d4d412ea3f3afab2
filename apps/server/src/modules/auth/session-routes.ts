import { bulkResultSchema, dataResponse, messageSchema, sessionItemSchema } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../http/session.js';
import { t } from '../../i18n/index.js';
import * as sessions from './sessions.js';

/**
 * The signed-in user's sessions (user menu → Sessions, docs/features/sign-in-and-users.md): the list, signing one out,
 * and signing out everywhere else. An ended session answers 401 at its next request.
 */
export const sessionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/user/me/sessions',
    {
      onRequest: authenticate,
      schema: { summary: 'My signed-in sessions', response: { 200: dataResponse(sessionItemSchema) } },
    },
    async (request) => ({ data: await sessions.listSessions(ctx, currentUser(request)) }),
  );

  app.delete(
    '/api/user/me/sessions/:id',
    {
      onRequest: authenticate,
      config: { openapiErrors: ['NotFound'] },
      schema: {
        summary: 'Sign one of my sessions out',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      const { current } = await sessions.endSession(ctx, currentUser(request), request.params.id);
      // Ending this very session is a sign-out: the browser gets a fresh anonymous session.
      if (current) reply.startSession();
      return { message: t(request.lang, 'twoFactor.sessionEnded') };
    },
  );

  app.post(
    '/api/user/me/sessions/revoke-others',
    { onRequest: authenticate, schema: { summary: 'Sign out everywhere else', response: { 200: bulkResultSchema } } },
    async (request) => {
      const count = await sessions.endOtherSessions(ctx, currentUser(request));
      return { message: t(request.lang, 'twoFactor.sessionsEnded', { count }), count };
    },
  );
};
