import {
  bulkResultSchema,
  bulkSchema,
  listQuerySchema,
  listResponse,
  messageSchema,
  recordResponse,
  USER_BULK_ACTIONS,
  type UserBulkAction,
  userCheckAnswerSchema,
  userCheckSchema,
  userCreateSchema,
  userRecordSchema,
  userRowSchema,
  userUpdateSchema,
  writeResponse,
  zFilterBool,
  zFilterId,
} from '@backoffice/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { abilitiesOf, authorizer } from '../../http/policy.js';
import { type AuthUser, authenticate } from '../../http/session.js';
import { t } from '../../i18n/index.js';
import { imageUploadConfig } from '../../media/images.js';
import { idParams, imageFields } from '../../resources/crud-routes.js';
import { listUsers } from './list.js';
import { sendUserCreatedMail } from './mail.js';
import { userOperations } from './operations.js';
import { canEditUser, canRemoveOrBlockUser, canUsers } from './policy.js';
import * as service from './service.js';

const listQuery = listQuerySchema.extend({ status: zFilterBool, role_id: zFilterId });
const BULK_MESSAGES = { activate: 'users.activated', block: 'users.blocked', destroy: 'crud.destroyedMany' } as const;
/** The answer of a create (201), an update and a restore: `{message, data: user}`. */
const written = writeResponse(userRecordSchema);

/**
 * Users, /api/user (docs/spec-index.md S2.2 Users, docs/features/sign-in-and-users.md, S2.8): the list, the record (never the password), create,
 * update, soft delete and restore, bulk activate|block|destroy and the two uniqueness checks. The rules depend on
 * the row: only role 1 creates, removes and changes role or status; role 2 edits itself and site members only;
 * nobody removes or blocks themselves or the owner; blocking, a role change or a password change ends that
 * user's sessions at once.
 */
export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const allow = authorizer(canUsers);
  const image = imageFields(db, users, { media: 'user', config });
  const writes = userOperations(db);
  app.addHook('onRequest', authenticate);

  /** The caller when they may edit the row `id` (404 for an unknown row, 403 for someone else's). */
  const editor = async (request: FastifyRequest, id: number) => {
    const user = allow(request, 'update');
    const row = await service.findUserRow(db, id);
    if (!canEditUser(user, row)) throw forbidden();
    return { user, row };
  };
  const recordAbilities = (user: AuthUser, row: { id: number; role_id: number }) => ({
    ...abilitiesOf(user, canUsers),
    update: canEditUser(user, row),
    destroy: canRemoveOrBlockUser(user, row),
  });

  app.get(
    '/',
    { config: allow.roles('view'), schema: { querystring: listQuery, response: { 200: listResponse(userRowSchema) } } },
    async (request) => {
      const user = allow(request, 'view');
      return {
        ...(await listUsers(db, request.query, request.lang, user)),
        abilities: abilitiesOf(user, canUsers),
      };
    },
  );

  app.get(
    '/:id',
    { config: allow.roles('view'), schema: { params: idParams, response: { 200: recordResponse(userRecordSchema) } } },
    async (request) => {
      const { user, row } = await editor(request, request.params.id);
      return { data: service.presentUser(row), abilities: recordAbilities(user, row) };
    },
  );

  app.post(
    '/',
    {
      config: { ...imageUploadConfig, ...allow.roles('create') },
      preValidation: image.capture,
      schema: { body: userCreateSchema, response: { 201: written } },
    },
    async (request, reply) => {
      const user = allow(request, 'create');
      const uploads = await image.checked(request);
      // As every create with images (crud-routes.ts): the files under a reserved id first, then one transaction
      // inserts the user with it, points it at them and logs it.
      const id = await writes.create(user, request.body, (save) => image.createWith(uploads, save, request));
      const created = await service.getUser(db, id);
      await sendUserCreatedMail(ctx, created, request.lang, request.log);
      reply.code(201);
      return { message: t(request.lang, 'crud.stored'), data: created };
    },
  );

  app.post(
    '/:id',
    {
      config: { ...imageUploadConfig, ...allow.roles('update') },
      preValidation: image.capture,
      schema: { params: idParams, body: userUpdateSchema, response: { 200: written } },
    },
    async (request) => {
      const { id } = request.params;
      const uploads = await image.checked(request);
      await writes.update(allow(request, 'update'), id, request.body, (save) =>
        image.update(id, uploads, save, request),
      );
      return { message: t(request.lang, 'crud.updated'), data: await service.getUser(db, id) };
    },
  );

  app.delete(
    '/:id',
    { config: allow.roles('destroy'), schema: { params: idParams, response: { 200: messageSchema } } },
    async (request) => {
      await writes.remove(allow(request, 'destroy'), request.params.id);
      return { message: t(request.lang, 'crud.destroyed') };
    },
  );

  app.post(
    '/:id/restore',
    { config: allow.roles('restore'), schema: { params: idParams, response: { 200: written } } },
    async (request) => {
      const { id } = request.params;
      await writes.restore(allow(request, 'restore'), id);
      return { message: t(request.lang, 'crud.restored'), data: await service.getUser(db, id) };
    },
  );

  // Bulk: role 1 only; the per-row rules apply to every row, and one refused row refuses the whole request.
  app.post(
    '/array/:action',
    {
      config: allow.roles('status', 'destroy'),
      schema: {
        params: z.object({ action: z.enum(USER_BULK_ACTIONS) }),
        body: bulkSchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => {
      const action: UserBulkAction = request.params.action;
      const count = await writes.bulk(
        allow(request, action === 'destroy' ? 'destroy' : 'status'),
        action,
        request.body.rows,
      );
      return { message: t(request.lang, BULK_MESSAGES[action], { count }), count };
    },
  );

  // The uniqueness checks (docs/features/sign-in-and-users.md): `{value, id?}` → JSON true when the value is free.
  const check = (field: 'title_url' | 'email', free: (value: string, id: number) => Promise<boolean>) => {
    const answer = (request: FastifyRequest, input: z.output<typeof userCheckSchema>) => {
      allow(request, 'view');
      return free(input.value, input.id);
    };
    const response = { 200: userCheckAnswerSchema };
    const config = allow.roles('view');
    app.get(`/validate/${field}`, { config, schema: { querystring: userCheckSchema, response } }, (request) =>
      answer(request, request.query),
    );
    app.post(`/validate/${field}`, { config, schema: { body: userCheckSchema, response } }, (request) =>
      answer(request, request.body),
    );
  };
  check('title_url', (value, id) => service.titleUrlFree(db, value, id));
  check('email', (value, id) => service.emailFree(db, value, id));
};
