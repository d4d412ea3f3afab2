import {
  bulkResultSchema,
  bulkSchema,
  FORM_KINDS,
  formRecordSchema,
  formRowSchema,
  listQuerySchema,
  listResponse,
  messageSchema,
  recordResponse,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authorizer } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { t } from '../../i18n/index.js';
import { idParams } from '../../resources/crud-routes.js';
import { removeSubmissions } from './operations.js';
import { canForm, formAbilities } from './policy.js';
import { getSubmission, listSubmissions } from './service.js';

const kindParams = z.object({ kind: z.enum(FORM_KINDS) });
const recordParams = kindParams.extend(idParams.shape);

/**
 * Form submissions, /api/form/{contact|price|registration} (docs/spec-index.md S2.2, docs/api.md Submissions): the paged list,
 * one record, and removal (soft; one or `array/destroy`). Read-only otherwise: the public site creates them.
 * Removals are logged as model Form.
 */
export const formRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const allow = authorizer(canForm);
  app.addHook('onRequest', authenticate);

  app.get(
    '/:kind',
    {
      config: allow.roles('view'),
      schema: { params: kindParams, querystring: listQuerySchema, response: { 200: listResponse(formRowSchema) } },
    },
    async (request) => {
      const user = allow(request, 'view');
      return {
        ...(await listSubmissions(db, request.params.kind, request.query)),
        abilities: formAbilities(user),
      };
    },
  );

  app.get(
    '/:kind/:id',
    {
      config: allow.roles('view'),
      schema: { params: recordParams, response: { 200: recordResponse(formRecordSchema) } },
    },
    async (request) => {
      const user = allow(request, 'view');
      const { kind, id } = request.params;
      return { data: await getSubmission(db, kind, id), abilities: formAbilities(user) };
    },
  );

  app.delete(
    '/:kind/:id',
    { config: allow.roles('destroy'), schema: { params: recordParams, response: { 200: messageSchema } } },
    async (request) => {
      const { kind, id } = request.params;
      await removeSubmissions(db, allow(request, 'destroy'), kind, [id], true);
      return { message: t(request.lang, 'crud.destroyed') };
    },
  );

  app.post(
    '/:kind/array/destroy',
    {
      config: allow.roles('destroy'),
      schema: { params: kindParams, body: bulkSchema, response: { 200: bulkResultSchema } },
    },
    async (request) => {
      const changed = await removeSubmissions(db, allow(request, 'destroy'), request.params.kind, request.body.rows);
      return { message: t(request.lang, 'crud.destroyedMany', { count: changed.length }), count: changed.length };
    },
  );
};
