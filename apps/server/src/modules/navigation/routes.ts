import {
  dataResponse,
  labelOptionSchema,
  navigationGroupTreeSchema,
  navigationTreeSchema,
  writeResponse,
  zPathId,
  zPathIdOrNew,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authorizer, canEditContent } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { t } from '../../i18n/index.js';
import { moveTree } from './operations.js';
import { groupOptions, navigationTree, parentOptions } from './service.js';

/** `{groupId}/{pageId}`: page 0 is a new page. */
const parentParams = z.object({ groupId: zPathId, pageId: zPathIdOrNew });
/** Options by label: the groups, or a group's nodes depth-first with each label indented by its depth. */
const labelOptions = { 200: dataResponse(labelOptionSchema) };
/** Every navigation group with its tree of nodes (`NavigationNode` is recursive, a named component). */
const trees = z.array(navigationGroupTreeSchema);

/** Navigation, /api/content/navigation (docs/spec-index.md S1.2 Navigation, S1.7 Options; docs/api.md Navigation). */
export const navigationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const allow = authorizer(canEditContent);
  app.addHook('onRequest', authenticate);

  app.get('/groups', { config: allow.roles('view'), schema: { response: labelOptions } }, async (request) => {
    allow(request, 'view');
    return { data: await groupOptions(db) };
  });

  app.get(
    '/tree',
    { config: allow.roles('view'), schema: { response: { 200: z.object({ data: trees }) } } },
    async (request) => {
      allow(request, 'view');
      return { data: await navigationTree(db, request.lang) };
    },
  );

  app.post(
    '/tree/:groupId',
    {
      config: allow.roles('update'),
      schema: {
        params: z.object({ groupId: zPathId }),
        body: navigationTreeSchema,
        response: { 200: writeResponse(trees) },
      },
    },
    async (request) => {
      await moveTree(db, allow(request, 'update'), request.params.groupId, request.body.tree);
      return { message: t(request.lang, 'crud.updated'), data: await navigationTree(db, request.lang) };
    },
  );

  app.get(
    '/:groupId/:pageId',
    { config: allow.roles('view'), schema: { params: parentParams, response: labelOptions } },
    async (request) => {
      allow(request, 'view');
      const { groupId, pageId } = request.params;
      return { data: await parentOptions(db, groupId, pageId, request.lang) };
    },
  );
};
