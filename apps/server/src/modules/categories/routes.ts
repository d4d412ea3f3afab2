import {
  categoryRecordSchema,
  categoryRowSchema,
  categorySchema,
  dataResponse,
  labelOptionSchema,
  listQuerySchema,
  zFilterBool,
  zFilterId,
  zPathId,
  zPathIdOrNew,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authorizer } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { registerContentRoutes } from '../../resources/crud-routes.js';
import { registerTitleUrlCheck } from '../../resources/record-routes.js';
import { canCategory } from './policy.js';
import * as categories from './service.js';
import { categoryTree, descendantsOf } from './tree.js';

const listQuery = listQuerySchema.extend({ status: zFilterBool, module_id: zFilterId });
const moduleParams = z.object({ moduleId: zPathId });
/** `parents/{moduleId}/{id}`: id 0 (or none) is a new category. */
const parentParams = moduleParams.extend({ id: zPathIdOrNew.default(0) });
/** The category options of a module, depth-first, each label indented by its depth ("— " per level). */
const options = { 200: dataResponse(labelOptionSchema) };

/** Categories, /api/content/category (docs/spec-index.md S1.2 Category list and form, S1.7). */
export const categoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const allow = authorizer(canCategory);
  app.addHook('onRequest', authenticate);

  registerContentRoutes(app, {
    resource: categories.categoryResource(db),
    listQuery,
    list: (query, lang) => categories.listCategories(db, query, lang),
    body: categorySchema,
    config: ctx.config,
    row: categoryRowSchema,
    record: categoryRecordSchema,
    duplicate: {},
  });

  app.get(
    '/list/:moduleId',
    { config: allow.roles('view'), schema: { params: moduleParams, response: options } },
    async (request) => {
      allow(request, 'view');
      return { data: await categoryTree(db, request.params.moduleId, request.lang) };
    },
  );

  // Parent options of a category form; a new record (id 0 or none) may hang under any category of the module.
  app.get(
    '/parents/:moduleId/:id?',
    { config: allow.roles('view'), schema: { params: parentParams, response: options } },
    async (request) => {
      allow(request, 'view');
      const { moduleId, id } = request.params;
      const below = id ? await descendantsOf(db, id) : new Set<number>();
      const options = await categoryTree(db, moduleId, request.lang, id || null);
      return { data: options.filter((o) => !below.has(o.id)) };
    },
  );

  registerTitleUrlCheck(app, allow, (value, lang, id) => categories.titleUrlFree(db, value, lang, id));
};
