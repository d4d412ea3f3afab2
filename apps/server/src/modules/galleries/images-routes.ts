import {
  abilitiesSchema,
  BULK_ACTIONS,
  bulkResultSchema,
  bulkSchema,
  ERR,
  type GalleryImageUploadResponse,
  galleryImageChunkSchema,
  galleryImageReorderSchema,
  galleryImageSchema,
  galleryImageTitlesSchema,
  galleryImageUploadedSchema,
  galleryUploadSchema,
  messageSchema,
  writeResponse,
  zPathId,
} from '@backoffice/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authorizer } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { t } from '../../i18n/index.js';
import { imageUploadConfig } from '../../media/images.js';
import { galleryImageOperations } from './image-operations.js';
import { canGalleryImage, type GalleryImageAction, galleryImageAbilities } from './images-policy.js';
import { assertGallery, listImages, readImage } from './images-service.js';
import { startUploadCleanup } from './upload-cleanup.js';

const galleryParams = z.object({ galleryId: zPathId });
const imageParams = z.object({ galleryId: zPathId, imageId: zPathId });

const uploadBody = galleryUploadSchema(z.custom<Buffer>((v) => Buffer.isBuffer(v), { message: ERR.image }));

/** `{data: images, abilities}`: the image screen's list; images have no trash, so `restore` is always false. */
const imageList = z.object({ data: z.array(galleryImageSchema), abilities: abilitiesSchema });
/** `{valid: true}`: the session may upload to the gallery. */
const tokenValid = z.object({ valid: z.literal(true) });

const BULK_MESSAGES = { publish: 'crud.published', hide: 'crud.hidden', destroy: 'crud.destroyedMany' } as const;

/**
 * The image screen of a gallery, /api/gallery/image/{galleryId}/… (docs/spec-index.md S1.7 Gallery images). Every route
 * checks that the gallery exists and that an image named in the path or the body belongs to it (404 otherwise).
 * Writes are logged under `GalleryImage`.
 */
export const galleryImageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const allow = authorizer(canGalleryImage);
  app.addHook('onRequest', authenticate);

  const stopCleanup = startUploadCleanup(ctx, (err) => app.log.warn({ err }, 'stale gallery upload cleanup failed'));
  app.addHook('onClose', async () => stopCleanup());

  /** The signed-in user allowed `action` on an existing gallery. */
  const guard = async (request: FastifyRequest, action: GalleryImageAction, galleryId: number) => {
    const user = allow(request, action);
    await assertGallery(ctx.db, galleryId);
    return user;
  };
  const images = galleryImageOperations(ctx);

  app.get(
    '/:galleryId',
    { config: allow.roles('view'), schema: { params: galleryParams, response: { 200: imageList } } },
    async (request) => {
      const user = await guard(request, 'view', request.params.galleryId);
      return { data: await listImages(ctx, request.params.galleryId), abilities: galleryImageAbilities(user) };
    },
  );

  // The admin asks this before an upload starts: a lapsed session is a 401 here rather than in the middle of it.
  app.get(
    '/:galleryId/token/check',
    { config: allow.roles('upload'), schema: { params: galleryParams, response: { 200: tokenValid } } },
    async (request) => {
      await guard(request, 'upload', request.params.galleryId);
      return { valid: true } as const;
    },
  );

  app.post(
    '/:galleryId/upload',
    {
      config: { ...imageUploadConfig, ...allow.roles('upload') },
      schema: {
        params: galleryParams,
        body: uploadBody,
        response: { 200: galleryImageChunkSchema, 201: galleryImageUploadedSchema },
      },
    },
    async (request, reply): Promise<GalleryImageUploadResponse> => {
      const { galleryId } = request.params;
      const outcome = await images.upload(
        allow(request, 'upload'),
        galleryId,
        request.body.file,
        request.body.chunk,
        (err) => request.log.warn({ err }, 'stale gallery upload cleanup failed'),
      );
      if (!outcome.complete) return outcome;
      reply.code(201);
      return {
        complete: true,
        message: t(request.lang, 'galleryImage.uploaded'),
        data: await readImage(ctx, galleryId, outcome.imageId),
      };
    },
  );

  app.post(
    '/:galleryId/reorder',
    {
      config: allow.roles('order'),
      schema: {
        params: galleryParams,
        body: galleryImageReorderSchema,
        response: { 200: writeResponse(z.array(galleryImageSchema)) },
      },
    },
    async (request) => {
      const { galleryId } = request.params;
      await images.reorder(allow(request, 'order'), galleryId, request.body);
      return { message: t(request.lang, 'galleryImage.ordered'), data: await listImages(ctx, galleryId) };
    },
  );

  const written = { 200: writeResponse(galleryImageSchema) };
  app.post(
    '/:galleryId/rotate/:imageId',
    {
      config: { openapiErrors: ['Invalid', 'Conflict'], ...allow.roles('rotate') },
      schema: { params: imageParams, response: written },
    },
    async (request) => {
      const { galleryId, imageId } = request.params;
      await images.rotate(allow(request, 'rotate'), galleryId, imageId);
      return { message: t(request.lang, 'galleryImage.rotated'), data: await readImage(ctx, galleryId, imageId) };
    },
  );

  app.post(
    '/:galleryId/:imageId',
    {
      config: allow.roles('update'),
      schema: { params: imageParams, body: galleryImageTitlesSchema, response: written },
    },
    async (request) => {
      const { galleryId, imageId } = request.params;
      await images.retitle(allow(request, 'update'), galleryId, imageId, request.body);
      return { message: t(request.lang, 'crud.updated'), data: await readImage(ctx, galleryId, imageId) };
    },
  );

  app.delete(
    '/:galleryId/destroy/:imageId',
    { config: allow.roles('destroy'), schema: { params: imageParams, response: { 200: messageSchema } } },
    async (request) => {
      const { galleryId, imageId } = request.params;
      await images.remove(allow(request, 'destroy'), galleryId, [imageId]);
      return { message: t(request.lang, 'crud.destroyed') };
    },
  );

  app.post(
    '/:galleryId/array/:action',
    {
      config: allow.roles(...BULK_ACTIONS),
      schema: {
        params: galleryParams.extend({ action: z.enum(BULK_ACTIONS) }),
        body: bulkSchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => {
      const { galleryId, action } = request.params;
      const user = allow(request, action);
      const rows = [...new Set(request.body.rows)];
      const changed =
        action === 'destroy'
          ? await images.remove(user, galleryId, rows)
          : await images.setStatus(user, galleryId, rows, action);
      return { message: t(request.lang, BULK_MESSAGES[action], { count: changed.length }), count: changed.length };
    },
  );
};
