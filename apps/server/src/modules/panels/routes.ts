import {
  dataResponse,
  langOptionSchema,
  listQuerySchema,
  panelRecordSchema,
  panelRowSchema,
  panelSchema,
  zFilterBool,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authorizer } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { registerContentRoutes } from '../../resources/crud-routes.js';
import { canPanel } from './policy.js';
import * as panels from './service.js';

const listQuery = listQuerySchema.extend({ status: zFilterBool });

/** Panels, /api/content/panel (docs/spec-index.md S1.2 Panel list and form, S1.7). */
export const panelRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const allow = authorizer(canPanel);
  app.addHook('onRequest', authenticate);

  registerContentRoutes(app, {
    resource: panels.panelResource(db),
    config: ctx.config,
    listQuery,
    list: (query, lang) => panels.listPanels(db, query, lang),
    body: panelSchema,
    row: panelRowSchema,
    record: panelRecordSchema,
    duplicate: {},
  });

  // The options of the page form's panels multi-select (docs/spec-index.md S1.7 Options).
  app.get(
    '/list',
    { config: allow.roles('view'), schema: { response: { 200: dataResponse(langOptionSchema) } } },
    async (request) => {
      allow(request, 'view');
      return { data: await panels.panelOptions(db, request.lang) };
    },
  );
};
