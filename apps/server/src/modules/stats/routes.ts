import { ROLES } from '@backoffice/shared';
import { and, count, isNull, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { categories, pages, texts, users } from '../../db/schema.js';
import { authenticate } from '../../http/session.js';

/** Dashboard counts keyed by model (spec 1 §3 Dashboard stats); a key appears once its resource exists. */
export const statsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate);
  app.get('/totals', async () => {
    const [[userCount], [textCount], [categoryCount], [pageCount]] = await Promise.all([
      ctx.db
        .select({ n: count() })
        .from(users)
        .where(and(isNull(users.deleted_at), ne(users.role_id, ROLES.member))),
      ctx.db.select({ n: count() }).from(texts).where(isNull(texts.deleted_at)),
      ctx.db.select({ n: count() }).from(categories).where(isNull(categories.deleted_at)),
      ctx.db.select({ n: count() }).from(pages).where(isNull(pages.deleted_at)),
    ]);
    return {
      data: {
        User: userCount?.n ?? 0,
        Text: textCount?.n ?? 0,
        Category: categoryCount?.n ?? 0,
        Page: pageCount?.n ?? 0,
      },
    };
  });
};
