import {
  articleRecordSchema,
  articleRowSchema,
  articleSchema,
  listQuerySchema,
  zFilterBool,
  zFilterId,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authorizer } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { registerContentRoutes } from '../../resources/crud-routes.js';
import { registerDraftRoutes } from '../../resources/draft-routes.js';
import { registerLangOptions, registerPreview, registerTitleUrlCheck } from '../../resources/record-routes.js';
import { previewLink } from '../pages/preview.js';
import { canArticle } from './policy.js';
import * as service from './service.js';

const listQuery = listQuerySchema.extend({ status: zFilterBool, category_id: zFilterId });

/** News, /api/blog (docs/spec-index.md S1.2 News list and form, S1.7). */
export const articleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const allow = authorizer(canArticle);
  app.addHook('onRequest', authenticate);

  const resource = service.articleResource(db);
  const operations = registerContentRoutes(app, {
    resource,
    listQuery,
    list: (query, lang) => service.listArticles(db, query, lang),
    body: articleSchema,
    config,
    row: articleRowSchema,
    record: articleRecordSchema,
    duplicate: {},
    categories: service.articleCategorySpec,
  });
  registerDraftRoutes(app, { resource, operations, allow, body: articleSchema, record: articleRecordSchema });

  registerTitleUrlCheck(app, allow, (value, lang, id) => service.articleWrites.titleUrlFree(db, value, lang, id));
  registerLangOptions(app, allow, db, service.articleLangRows);
  registerPreview(
    app,
    allow,
    previewLink(config, 'article'),
    async (id) => (await service.getArticle(db, id)).langs.sk.title_url,
  );
};
