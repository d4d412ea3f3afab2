import { listQuerySchema, partnerRecordSchema, partnerRowSchema, partnerSchema, zFilterBool } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authorizer } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { registerContentRoutes } from '../../resources/crud-routes.js';
import { registerOrderUpdate, registerTitleUrlCheck } from '../../resources/record-routes.js';
import { canPartner } from './policy.js';
import * as partner from './service.js';

const listQuery = listQuerySchema.extend({ status: zFilterBool });

/** Partners, /api/partner (docs/spec-index.md S2.2 Partner list and form, S2.7). */
export const partnerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const allow = authorizer(canPartner);
  app.addHook('onRequest', authenticate);

  const operations = registerContentRoutes(app, {
    resource: partner.partnerResource(db),
    listQuery,
    list: (query, lang) => partner.listPartners(db, query, lang),
    body: partnerSchema,
    config,
    row: partnerRowSchema,
    record: partnerRecordSchema,
    duplicate: {},
  });

  registerTitleUrlCheck(app, allow, (value, lang, id) => partner.partnerWrites.titleUrlFree(db, value, lang, id));
  registerOrderUpdate(app, { allow, operations, record: partnerRecordSchema });
};
