import { blogSchema, listQuerySchema, zFilterBool, zFilterId } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { articles } from '../../db/schema.js';
import { authenticate } from '../../http/session.js';
import {
  authorizer,
  registerContentRoutes,
  registerLangOptions,
  registerPreview,
  registerTitleUrlCheck,
} from '../../resources/crud-routes.js';
import { previewLink } from '../pages/preview.js';
import { canBlog } from './policy.js';
import * as blog from './service.js';

const listQuery = listQuerySchema.extend({ status: zFilterBool, category_id: zFilterId });

/** News, /api/blog (spec 1 §2 News list and form, §7). */
export const blogRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const allow = authorizer(canBlog);
  const writes = blog.blogWrites(db);
  app.addHook('onRequest', authenticate);

  registerContentRoutes(app, {
    db,
    table: articles,
    model: 'Blog',
    can: canBlog,
    listQuery,
    list: (query, lang) => blog.listBlog(db, query, lang),
    body: blogSchema,
    create: writes.create,
    update: writes.update,
    read: (id) => blog.getBlog(db, id),
    checkRestore: writes.checkRestore,
    image: { media: 'blog', config, fields: ['image', 'poster'] },
  });

  registerTitleUrlCheck(app, allow, writes.titleUrlFree);
  registerLangOptions(app, allow, db, blog.blogLangRows);
  registerPreview(
    app,
    allow,
    previewLink(config, 'article'),
    async (id) => (await blog.getBlog(db, id)).langs.sk.title_url,
  );
};
