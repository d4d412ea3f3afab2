import { ERR } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../http/session.js';
import { imageUploadConfig, storeImage } from '../../media/images.js';
import { mediaStorage } from '../../media/storage.js';

/**
 * Editor images are stored under model folder `editor` and the uploading user's id
 * (`MEDIA_DIR/editor/<userId>/<file>` + `thumb/`): the `<model>/<id>` layout of every other image holds,
 * the id is always a positive integer, and one user's uploads can be found (or purged) together. The image
 * belongs to no record yet (the text, article or page may not even be saved), so nothing ties it to a row.
 */
const EDITOR_MODEL = 'editor';

const uploadBody = z.object({
  file: z
    .custom<Buffer>((v) => Buffer.isBuffer(v), { message: ERR.image })
    .meta({ type: 'string', format: 'binary', description: 'The image (JPEG, PNG, GIF, WebP, AVIF)' }),
});
/** `{location}`: the stored image's address, which the editor puts into the text. */
const uploaded = z.object({ location: z.string() }).meta({ id: 'EditorImage' });

/** `POST /api/upload` (multipart `file`) → `{location}` for the rich-text editor (docs/api.md "Editor images"). */
export const uploadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const storage = mediaStorage(ctx.config);

  app.post(
    '/api/upload',
    {
      onRequest: authenticate,
      config: imageUploadConfig,
      // Multipart only: a file cannot come as JSON (the document shows `file` as binary).
      schema: { body: uploadBody, consumes: ['multipart/form-data'], response: { 200: uploaded } },
    },
    async (request) => {
      // Any signed-in staff member may upload (members, role 3, cannot sign in at all).
      const user = currentUser(request);
      const file = await storeImage(ctx, {
        model: EDITOR_MODEL,
        id: user.id,
        field: 'file',
        buffer: request.body.file,
      });
      // Not written to the activity log: LOG_MODELS has no model for a loose editor image (it belongs to no
      // record and has no row id), and logging it under the record being edited would be a guess — that
      // record's own update is logged when the editor saves it.
      return { location: storage.url(EDITOR_MODEL, user.id, file) };
    },
  );
};
