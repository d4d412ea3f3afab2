import {
  dataResponse,
  listQuerySchema,
  textPositionSchema,
  textRecordSchema,
  textRowSchema,
  textSchema,
  zFilterBool,
  zFilterId,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authorizer } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { registerContentRoutes } from '../../resources/crud-routes.js';
import { canText } from './policy.js';
import * as texts from './service.js';

const listQuery = listQuerySchema.extend({ status: zFilterBool, position_id: zFilterId });

/** Texts, /api/content/text (docs/spec-index.md S1.7 Texts). */
export const textRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const allow = authorizer(canText);
  app.addHook('onRequest', authenticate);

  registerContentRoutes(app, {
    resource: texts.textResource(db),
    config: ctx.config,
    listQuery,
    list: (query, lang) => texts.listTexts(db, query, lang),
    body: textSchema,
    row: textRowSchema,
    record: textRecordSchema,
    duplicate: {},
  });

  app.get(
    '/positions',
    { config: allow.roles('view'), schema: { response: { 200: dataResponse(textPositionSchema) } } },
    async (request) => {
      allow(request, 'view');
      return { data: await texts.positionOptions(db) };
    },
  );
};
