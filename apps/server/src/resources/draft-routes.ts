// The draft routes of a resource whose published records can be edited without going live (docs/features/drafts.md):
// `GET drafts` (which records have one), `GET {id}/draft` (the draft or null), `POST {id}/draft` (keep the form's values
// as the draft), `DELETE {id}/draft` (discard it). The record's ordinary save publishes it.
import { draftListSchema, draftSchema, messageSchema } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Allow } from '../http/policy.js';
import { t } from '../i18n/index.js';
import { idParams, nounOf } from './crud-routes.js';
import { draftOf, draftsOf } from './drafts.js';
import type { ContentOperations, ContentWrites } from './operations.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export function registerDraftRoutes<B extends z.ZodType>(
  app: ZodApp,
  spec: {
    resource: Pick<ContentWrites<unknown>, 'db' | 'model'>;
    operations: Pick<ContentOperations<z.output<B>>, 'keepDraft' | 'discardDraft'>;
    allow: Allow<'view' | 'update'>;
    body: B;
    record: z.ZodType;
  },
) {
  const { resource, operations, allow } = spec;
  const noun = nounOf(app);

  app.get(
    '/drafts',
    {
      config: allow.roles('view'),
      schema: { summary: `The ${noun.many} that have a draft`, response: { 200: draftListSchema } },
    },
    async (request) => {
      allow(request, 'view');
      return { data: await draftsOf(resource.db, resource.model) };
    },
  );

  app.get(
    '/:id/draft',
    {
      config: allow.roles('view'),
      schema: {
        summary: `The draft of ${noun.a} ${noun.one}, or null`,
        params: idParams,
        response: { 200: z.object({ data: draftSchema(spec.record).nullable() }) },
      },
    },
    async (request) => {
      allow(request, 'view');
      return { data: (await draftOf(resource.db, resource.model, request.params.id)) ?? null };
    },
  );

  app.post(
    '/:id/draft',
    {
      config: allow.roles('update'),
      schema: {
        summary: `Keep changes of ${noun.a} ${noun.one} as a draft, not live`,
        params: idParams,
        body: spec.body,
        response: { 200: draftSchema(spec.record).extend({ message: messageSchema.shape.message }) },
      },
    },
    async (request) => {
      const user = allow(request, 'update');
      const draft = await operations.keepDraft(user, request.params.id, request.body as z.output<B>);
      return { message: t(request.lang, 'drafts.kept'), ...draft };
    },
  );

  app.delete(
    '/:id/draft',
    {
      config: allow.roles('update'),
      schema: {
        summary: `Discard the draft of ${noun.a} ${noun.one}`,
        params: idParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await operations.discardDraft(allow(request, 'update'), request.params.id);
      return { message: t(request.lang, 'drafts.discarded') };
    },
  );
}
