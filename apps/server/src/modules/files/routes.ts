import {
  bulkResultSchema,
  ERR,
  FILES,
  fileDeleteSchema,
  fileEntrySchema,
  fileListQuerySchema,
  fileListResponseSchema,
  fileMkdirSchema,
  fileMoveSchema,
  fileRenameSchema,
  fileTokenResponseSchema,
  writeResponse,
} from '@backoffice/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { forbidden, HttpError } from '../../http/errors.js';
import type { ErrorName } from '../../http/openapi.js';
import { authenticate, currentUser } from '../../http/session.js';
import { t } from '../../i18n/index.js';
import { objectStore, storageFailureCause } from '../../media/storage.js';
import { checkUpload, UPLOAD_MAX_BYTES } from './content.js';
import { parseItemPath, parseNewName, parsePath } from './paths.js';
import { canUseFiles, type FileAction } from './policy.js';
import { fileServing } from './serve.js';
import { fileManager } from './service.js';
import { issueFileToken, userOfFileToken } from './token.js';

/** A file part of the upload body: the client's name (only its extension and base are used) and the bytes. */
interface UploadedFile {
  filename: string;
  data: Buffer;
}

const uploadBody = z.object({
  path: z.string().max(FILES.pathMax).default(''),
  file: z
    .custom<UploadedFile>((v) => typeof v === 'object' && v !== null && Buffer.isBuffer((v as UploadedFile).data), {
      message: ERR.required,
    })
    .meta({ type: 'string', format: 'binary', description: 'The file; its name gives the stored name and extension' }),
});

/** `{message, data: entry}`: a new folder or file (201), a renamed or moved item (200). */
const entryWritten = writeResponse(fileEntrySchema);

/** Room for the multipart framing and the path field around the largest file. */
const UPLOAD_BODY_LIMIT = UPLOAD_MAX_BYTES + 64 * 1024;

/**
 * Reads an upload's multipart body with the platform's FormData parser, which keeps each file's name (the
 * app-wide multipart plugin turns files into bare buffers). Only `path` and `file` are taken; a repeated field
 * stays a list, which the schema refuses.
 */
async function parseUpload(contentType: string, body: Buffer): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new HttpError(400, 'http.badRequest');
  }
  const read = async (key: string) => {
    const values = await Promise.all(
      form
        .getAll(key)
        .map(async (value) =>
          typeof value === 'string' ? value : { filename: value.name, data: Buffer.from(await value.arrayBuffer()) },
        ),
    );
    return values.length > 1 ? values : values[0];
  };
  return { path: await read('path'), file: await read('file') };
}

/**
 * The file manager's API under /api/files (docs/features/file-manager.md): list, upload, mkdir, rename, move, delete,
 * confined to MEDIA_DIR/files, plus `GET /token` for the address of the embedded file manager.
 *
 * Chain: the session (or the `?token=` of the file manager's address) → the policy (staff, 403 otherwise) →
 * the schema (422) → path checks (400 before anything is touched) → the work on disk. Writes need the CSRF
 * header in both modes (the frame is same-origin, so it has the XSRF cookie; without a session it fetches an
 * anonymous one first), so a leaked token alone does not let another site's form write.
 */
const fileApi: FastifyPluginAsyncZod<{ ctx: AppContext; files: ReturnType<typeof fileManager> }> = async (
  app,
  { ctx, files },
) => {
  /** onRequest guard: the session user, else the user of a valid `?token=`; 401 without either, 403 by policy. */
  const guard = (action: FileAction) => async (request: FastifyRequest) => {
    if (!request.user) {
      const token = (request.query as { token?: unknown } | undefined)?.token;
      if (typeof token === 'string' && token) request.user = await userOfFileToken(ctx.db, ctx.config, token);
    }
    if (!canUseFiles(currentUser(request), action)) throw forbidden();
  };

  /** What changed, in the server log (file operations belong to no record, so the activity log has no row). */
  const audit = (request: FastifyRequest, action: FileAction, path: string | string[]) =>
    request.log.info({ files: { action, path, user: request.user?.id } }, 'file manager');

  app.get(
    '/token',
    { onRequest: authenticate, schema: { response: { 200: fileTokenResponseSchema } } },
    async (request) => {
      const user = currentUser(request);
      if (!canUseFiles(user, 'view')) throw forbidden();
      return { data: issueFileToken(ctx.config, user) };
    },
  );

  app.get(
    '/',
    {
      onRequest: guard('view'),
      config: FILE_ERRORS,
      schema: { querystring: fileListQuerySchema, response: { 200: fileListResponseSchema } },
    },
    async (request) => {
      const dir = parsePath(request.query.path);
      return { data: await files.list(dir), path: dir.join('/') };
    },
  );

  app.post(
    '/mkdir',
    {
      onRequest: guard('mkdir'),
      config: FILE_ERRORS,
      schema: { body: fileMkdirSchema, response: { 201: entryWritten } },
    },
    async (request, reply) => {
      const dir = parsePath(request.body.path);
      const name = parseNewName(request.body.name);
      const entry = await files.mkdir(dir, name);
      audit(request, 'mkdir', entry.path);
      return reply.code(201).send({ message: t(request.lang, 'crud.stored'), data: entry });
    },
  );

  app.post(
    '/rename',
    {
      onRequest: guard('rename'),
      config: FILE_ERRORS,
      schema: { body: fileRenameSchema, response: { 200: entryWritten } },
    },
    async (request) => {
      const item = parseItemPath(request.body.path);
      const name = parseNewName(request.body.name);
      const entry = await files.rename(item, name);
      audit(request, 'rename', [item.join('/'), entry.path]);
      return { message: t(request.lang, 'crud.updated'), data: entry };
    },
  );

  app.post(
    '/move',
    {
      onRequest: guard('move'),
      config: FILE_ERRORS,
      schema: { body: fileMoveSchema, response: { 200: entryWritten } },
    },
    async (request) => {
      const item = parseItemPath(request.body.from);
      const to = parsePath(request.body.to);
      const entry = await files.move(item, to);
      audit(request, 'move', [item.join('/'), entry.path]);
      return { message: t(request.lang, 'crud.updated'), data: entry };
    },
  );

  app.post(
    '/delete',
    {
      onRequest: guard('delete'),
      config: FILE_ERRORS,
      schema: { body: fileDeleteSchema, response: { 200: bulkResultSchema } },
    },
    async (request) => {
      // Every path is checked before the first one is removed.
      const items = request.body.paths.map(parseItemPath);
      const count = await files.remove(items);
      audit(request, 'delete', request.body.paths);
      return { message: t(request.lang, 'crud.destroyedMany', { count }), count };
    },
  );

  // The upload in its own scope: only here does a multipart body go to parseUpload, with a limit of its own.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
      async (request: FastifyRequest, body: Buffer) => parseUpload(String(request.headers['content-type']), body),
    );
    scope.post(
      '/upload',
      {
        onRequest: guard('upload'),
        config: FILE_ERRORS,
        bodyLimit: UPLOAD_BODY_LIMIT,
        // Multipart only: a file cannot come as JSON (the document shows `file` as binary).
        schema: { body: uploadBody, consumes: ['multipart/form-data'], response: { 201: entryWritten } },
      },
      async (request, reply) => {
        const dir = parsePath(request.body.path);
        const { filename, data } = request.body.file;
        const checked = await checkUpload(filename, data);
        const entry = await files.upload(dir, checked).catch((err: unknown) => {
          const cause = storageFailureCause(err);
          if (cause) request.log.error({ err: cause, reqId: request.id }, 'file manager: upload not stored');
          throw err;
        });
        audit(request, 'upload', entry.path);
        return reply.code(201).send({ message: t(request.lang, 'crud.stored'), data: entry });
      },
    );
  });
};

/** The file manager: its API under /api/files and its files at /gallery/files/ (one `register` in app.ts). */
/** A folder or item that is not there (404), a path that leaves the file manager's root (400). */
const FILE_ERRORS: { openapiErrors: readonly ErrorName[] } = { openapiErrors: ['NotFound', 'BadRequest'] };

export const fileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const files = fileManager(ctx.config);
  const store = objectStore(ctx.config);
  if (store.driver === 'local') await files.root.ensure();
  await files.prepareTemporary();
  await app.register(fileServing, { files: files.root, store });
  await app.register(fileApi, { ctx, files, prefix: '/api/files' });
};
