import {
  isLocale,
  listQuerySchema,
  listResponse,
  type MailTemplateInput,
  mailPreviewSchema,
  mailTemplateRecordSchema,
  mailTemplateRowSchema,
  mailTemplateSchema,
  mailTestSchema,
  messageSchema,
  recordResponse,
  translationStatusSchema,
  writeResponse,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { authorizer } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { t } from '../../i18n/index.js';
import { idParams } from '../../resources/crud-routes.js';
import { translationStatusOf } from '../../resources/langs.js';
import { registerRevisionRoutes } from '../../resources/revision-routes.js';
import { registerTranslationRoutes } from '../../resources/translation-routes.js';
import { canMailTemplate } from './policy.js';
import * as mail from './service.js';

const abilitiesOf = (update: boolean) => ({ create: false, update, destroy: false, restore: false });
const notAllowed = () => new HttpError(405, 'http.methodNotAllowed', undefined, {}, { Allow: 'GET, POST' });

/**
 * Mail templates, /api/mail (docs/spec-index.md S2.2, docs/api.md): list, record (with the event's placeholders as `models`),
 * save, `preview/{id}` → `{content}` (the HTML filled with sample values) and each template's history
 * (`{id}/revisions`, docs/features/revisions.md). There is no create and no delete: `POST /` and `DELETE /{id}`
 * answer 405.
 */
export const mailTemplateRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const allow = authorizer(canMailTemplate);
  app.addHook('onRequest', authenticate);
  const model = 'MailTemplate';
  const writes = mail.mailTemplateOperations(db);

  app.get(
    '/',
    {
      config: allow.roles('view'),
      schema: { querystring: listQuerySchema, response: { 200: listResponse(mailTemplateRowSchema) } },
    },
    async (request) => {
      const user = allow(request, 'view');
      return {
        ...(await mail.listMailTemplates(db, request.query, request.lang)),
        abilities: abilitiesOf(canMailTemplate(user, 'update')),
      };
    },
  );

  app.get(
    '/:id',
    {
      config: allow.roles('view'),
      schema: {
        params: idParams,
        response: {
          200: recordResponse(mailTemplateRecordSchema).extend({ translation: translationStatusSchema.optional() }),
        },
      },
    },
    async (request) => {
      const user = allow(request, 'view');
      const { id } = request.params;
      return {
        data: await mail.getMailTemplate(db, id),
        abilities: abilitiesOf(canMailTemplate(user, 'update')),
        // Each locale's translation state (docs/features/translations.md).
        translation: await translationStatusOf(db, mail.mailTemplateLangRows, id),
      };
    },
  );

  app.get(
    '/preview/:id',
    {
      config: allow.roles('view'),
      schema: {
        params: idParams,
        querystring: z.object({ lang: z.string().optional() }),
        response: { 200: mailPreviewSchema },
      },
    },
    async (request) => {
      allow(request, 'view');
      const lang = isLocale(request.query.lang) ? request.query.lang : request.lang;
      return mail.previewMailTemplate(ctx, request.params.id, lang);
    },
  );

  app.post(
    '/:id',
    {
      config: allow.roles('update'),
      schema: {
        params: idParams,
        body: mailTemplateSchema,
        response: { 200: writeResponse(mailTemplateRecordSchema) },
      },
    },
    async (request) => {
      const data = await writes.update(allow(request, 'update'), request.params.id, request.body);
      return { message: t(request.lang, 'crud.updated'), data };
    },
  );

  // A test mail of the saved template to the signed-in user's own address; who may edit a template may send one
  // (docs/features/settings-and-mail.md "Test mail").
  app.post(
    '/:id/test',
    {
      config: { openapiErrors: ['TooManyRequests'], ...allow.roles('update') },
      schema: {
        summary: 'Send a test mail of a template to oneself',
        params: idParams,
        body: mailTestSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const user = allow(request, 'update');
      const email = await mail.sendTestMail(ctx, user, request.params.id, request.body.lang);
      return { message: t(request.lang, 'mail.testSent', { email }) };
    },
  );

  // The history of a template (docs/features/revisions.md): who may edit it may restore a version.
  registerRevisionRoutes(app, {
    db,
    model,
    allow,
    body: () => mailTemplateSchema,
    response: writeResponse(mailTemplateRecordSchema),
    restore: async (request, id, input: MailTemplateInput, user) => ({
      message: t(request.lang, 'crud.updated'),
      data: await writes.revert(user, id, input),
    }),
  });
  registerTranslationRoutes(app, {
    db,
    model,
    allow,
    translations: mail.mailTemplateLangRows,
    read: mail.getMailTemplate,
  });

  // Templates belong to their events: none is created or removed (docs/api.md). These two answers exist only to
  // say 405 with `Allow`, so the OpenAPI document leaves them out (`hide`): they are no operations.
  app.post('/', { config: allow.roles('view'), schema: { hide: true } }, async (request) => {
    allow(request, 'view');
    throw notAllowed();
  });
  app.delete('/:id', { config: allow.roles('view'), schema: { hide: true } }, async (request) => {
    allow(request, 'view');
    throw notAllowed();
  });
};
