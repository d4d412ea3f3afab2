import {
  listQuerySchema,
  moduleCheckSchema,
  pageRecordSchema,
  pageRowSchema,
  pageSchema,
  zFilterBool,
  zFilterId,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authorizer } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { registerContentRoutes } from '../../resources/crud-routes.js';
import { registerDraftRoutes } from '../../resources/draft-routes.js';
import { registerPreview, registerTitleUrlCheck } from '../../resources/record-routes.js';
import { canPage } from './policy.js';
import { previewLink } from './preview.js';
import * as pages from './service.js';

/** The module check's answer: JSON true when the page may host the module with that category. */
const moduleIsFree = z.boolean().meta({ description: 'true when the module is free for this page' });

const listQuery = listQuerySchema.extend({ status: zFilterBool, navigation: zFilterBool, module_id: zFilterId });

/** Pages, /api/content/page (docs/spec-index.md S1.2 Page list and form, S1.7 Pages). */
export const pageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const allow = authorizer(canPage);
  app.addHook('onRequest', authenticate);

  const resource = pages.pageResource(db);
  const operations = registerContentRoutes(app, {
    resource,
    listQuery,
    list: (query, lang) => pages.listPages(db, query, lang),
    body: pageSchema,
    config: ctx.config,
    row: pageRowSchema,
    record: pageRecordSchema,
    // A copy takes no place in the navigation and hosts no module: the original keeps both (docs/features/content.md).
    duplicate: {
      adjust: (copy) => ({
        ...copy,
        navigation: { value: false, parent_id: null },
        group_id: null,
        module_id: null,
        category_id: null,
      }),
    },
  });
  registerDraftRoutes(app, { resource, operations, allow, body: pageSchema, record: pageRecordSchema });

  registerTitleUrlCheck(app, allow, (value, lang, id) => pages.titleUrlFree(db, value, lang, id));

  // The remote module check (docs/spec-index.md S1.5): true unless another page hosts the module with no category.
  app.post(
    '/validate/module_id',
    { config: allow.roles('view'), schema: { body: moduleCheckSchema, response: { 200: moduleIsFree } } },
    async (request) => {
      allow(request, 'view');
      const { value, id, category_id } = request.body;
      return pages.moduleFree(db, value, id, category_id);
    },
  );

  registerPreview(
    app,
    allow,
    previewLink(config, 'page'),
    async (id) => (await pages.getPage(db, id)).langs.sk.title_url,
  );
};
