import {
  listQuerySchema,
  referenceRecordSchema,
  referenceRowSchema,
  referenceSchema,
  zFilterBool,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authorizer } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { registerContentRoutes } from '../../resources/crud-routes.js';
import { registerDraftRoutes } from '../../resources/draft-routes.js';
import {
  registerLangOptions,
  registerOrderUpdate,
  registerPreview,
  registerTitleUrlCheck,
} from '../../resources/record-routes.js';
import { previewLink } from '../pages/preview.js';
import { canReference } from './policy.js';
import * as reference from './service.js';

const listQuery = listQuerySchema.extend({ status: zFilterBool });

/** References, /api/reference (docs/spec-index.md S2.2 Reference list and form, S2.7). */
export const referenceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const allow = authorizer(canReference);
  app.addHook('onRequest', authenticate);

  const resource = reference.referenceResource(db);
  const operations = registerContentRoutes(app, {
    resource,
    listQuery,
    list: (query, lang) => reference.listReferences(db, query, lang),
    body: referenceSchema,
    config,
    row: referenceRowSchema,
    record: referenceRecordSchema,
    duplicate: {},
    categories: reference.referenceCategorySpec,
  });
  registerDraftRoutes(app, { resource, operations, allow, body: referenceSchema, record: referenceRecordSchema });

  registerTitleUrlCheck(app, allow, (value, lang, id) => reference.referenceWrites.titleUrlFree(db, value, lang, id));
  registerLangOptions(app, allow, db, reference.referenceLangRows);
  registerOrderUpdate(app, { allow, operations, record: referenceRecordSchema });
  registerPreview(
    app,
    allow,
    previewLink(config, 'reference'),
    async (id) => (await reference.getReference(db, id)).langs.sk.title_url,
  );
};
