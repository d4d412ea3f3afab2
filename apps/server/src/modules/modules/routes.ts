import { dataResponse, langOptionSchema } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authorizer, canEditContent } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { moduleOptions } from './service.js';

/** Modules, /api/module: the options of the page and category forms (docs/spec-index.md S1.7 Options). */
export const moduleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const allow = authorizer(canEditContent);
  app.addHook('onRequest', authenticate);

  app.get(
    '/',
    { config: allow.roles('view'), schema: { response: { 200: dataResponse(langOptionSchema) } } },
    async (request) => {
      allow(request, 'view');
      return { data: await moduleOptions(ctx.db, request.lang) };
    },
  );
};
