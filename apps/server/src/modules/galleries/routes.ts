import {
  galleryRecordSchema,
  galleryRowSchema,
  gallerySchema,
  listQuerySchema,
  zFilterBool,
  zFilterId,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authorizer } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { registerContentRoutes } from '../../resources/crud-routes.js';
import { registerLangOptions, registerTitleUrlCheck } from '../../resources/record-routes.js';
import { canGallery } from './policy.js';
import * as gallery from './service.js';

const listQuery = listQuerySchema.extend({ status: zFilterBool, category_id: zFilterId });

/**
 * Galleries, /api/gallery (docs/spec-index.md S1.2 Gallery list and form, S1.7): the list, form and bulk routes, the title_url
 * check and `GET list` (the page form's gallery options). The images of a gallery live under /api/gallery/image.
 */
export const galleryApiRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const allow = authorizer(canGallery);
  app.addHook('onRequest', authenticate);

  registerContentRoutes(app, {
    resource: gallery.galleryResource(db),
    listQuery,
    list: (query, lang) => gallery.listGalleries(db, query, lang),
    body: gallerySchema,
    config,
    row: galleryRowSchema,
    record: galleryRecordSchema,
    // No bulk duplicate: a gallery is its images, which a copy would have to copy one by one.
    categories: gallery.galleryCategorySpec,
  });

  registerTitleUrlCheck(app, allow, (value, lang, id) => gallery.galleryWrites.titleUrlFree(db, value, lang, id));
  registerLangOptions(app, allow, db, gallery.galleryLangRows);
};
