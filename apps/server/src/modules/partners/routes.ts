import { listQuerySchema, partnerRecordSchema, partnerRowSchema, partnerSchema, zFilterBool } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { partners } from '../../db/schema.js';
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
  const writes = partner.partnerWrites(db);
  const read = (id: number) => partner.getPartner(db, id);
  app.addHook('onRequest', authenticate);

  const operations = registerContentRoutes(app, {
    db,
    table: partners,
    model: 'Partner',
    can: canPartner,
    listQuery,
    list: (query, lang) => partner.listPartners(db, query, lang),
    body: partnerSchema,
    create: writes.create,
    update: writes.update,
    read,
    checkRestore: writes.checkRestore,
    image: { media: 'partner', config },
    row: partnerRowSchema,
    record: partnerRecordSchema,
  });

  registerTitleUrlCheck(app, allow, writes.titleUrlFree);
  registerOrderUpdate(app, { allow, operations, record: partnerRecordSchema });
};
