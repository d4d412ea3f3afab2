// The generic routes of a resource. This layer (resources/) sits between the features (modules/*) and the
// transport (http/), and imports downward only. Of what a write needs beyond that, the activity-log writer is part
// of every write, so it lives beside these routes (activity-log.ts); the preview link is the public site's own
// knowledge (its signing and addresses), so a resource passes it in as a hook (`record-routes.ts` registerPreview's urlOf) rather than
// this layer importing a feature.
import {
  anyRecordSchema,
  BULK_ACTIONS,
  bulkResultSchema,
  bulkSchema,
  type ListResponse,
  type Locale,
  listResponse,
  messageSchema,
  recordResponse,
  translationStatusSchema,
  writeResponse,
  zPathId,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';
import { abilitiesOf, authorizer } from '../http/policy.js';
import { t } from '../i18n/index.js';
import { imageUploadConfig } from '../media/images.js';
import type { CategorySpec } from './assign-category.js';
import { registerCopyRoutes } from './bulk-copy-routes.js';
import { contentWriter } from './content-writer.js';
import { translationStatusOf, translationsOf } from './langs.js';
import type { ContentWrites, WithFiles, WithNewFiles } from './operations.js';
import { registerRevisionRoutes } from './revision-routes.js';
import { registerTranslationRoutes } from './translation-routes.js';

export { type ImageColumn, imageFields } from './image-fields.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** Path parameter `{id}`; a malformed one answers 404 (docs/api.md Errors). */
export const idParams = z.object({ id: zPathId });

const BULK_MESSAGES = { publish: 'crud.published', hide: 'crud.hidden', destroy: 'crud.destroyedMany' } as const;
const BULK_SUMMARIES = { publish: 'Publish', hide: 'Hide', destroy: 'Delete' } as const;

/**
 * The resource's name in the OpenAPI summaries ("List pages", "Create a page"), by the last segment of its URL
 * prefix (docs/api.md "OpenAPI document").
 */
const NOUNS: Record<string, { one: string; many: string; a: string }> = {
  text: { one: 'text', many: 'texts', a: 'a' },
  panel: { one: 'panel', many: 'panels', a: 'a' },
  category: { one: 'category', many: 'categories', a: 'a' },
  page: { one: 'page', many: 'pages', a: 'a' },
  gallery: { one: 'gallery', many: 'galleries', a: 'a' },
  blog: { one: 'news article', many: 'news articles', a: 'a' },
  reference: { one: 'reference', many: 'references', a: 'a' },
  partner: { one: 'partner', many: 'partners', a: 'a' },
};
/** The names of the resource registered under `app`'s prefix. */
export function nounOf(app: { prefix: string }) {
  const last = app.prefix.split('/').filter(Boolean).at(-1) ?? 'record';
  return NOUNS[last] ?? { one: last, many: `${last} records`, a: 'a' };
}

/**
 * The whole route set of a content resource (docs/api.md): `GET /` (list + abilities), `GET {id}` (record +
 * abilities), `POST /` (create, 201), `POST {id}` (update), `DELETE {id}` (soft), `POST {id}/restore` and
 * `POST array/{publish|hide|destroy}`. Each write is
 * logged under `model`; the resource's own routes (options, checks) are registered beside these. Answers the
 * resource's operations (operations.ts), for the routes registered beside.
 */
export function registerContentRoutes<Q extends z.ZodType, B extends z.ZodType>(
  app: ZodApp,
  spec: {
    /** The record's read and writes, as its module defines them (operations.ts ContentWrites). */
    resource: ContentWrites<z.output<B>>;
    listQuery: Q;
    list: (query: z.output<Q>, lang: Locale) => Promise<ListResponse<unknown>>;
    body: B;
    /** Where the record's image files go (its `image` columns: operations.ts ContentWrites). */
    config: Config;
    /**
     * The zod schemas of a list row and of a record: the answers are serialized through them and the OpenAPI
     * document shows them. Until a resource names its own, any object with an id passes as it is.
     */
    row?: z.ZodType;
    record?: z.ZodType;
    /**
     * Offers the bulk "duplicate" (bulk-copy-routes.ts); `adjust` clears what a copy must not inherit (a page's
     * navigation place). Unset: not offered.
     */
    duplicate?: { adjust?: (copy: z.output<B>) => z.output<B> };
    /** The records' categories: offers the bulk "assign a category" (bulk-copy-routes.ts). */
    categories?: CategorySpec;
  },
) {
  const { resource } = spec;
  const { db, can, read, table, model } = resource;
  // Every write is one operation (operations.ts): the policy, then the record, its revision and the log entry in
  // one transaction. The routes validate, write new files first (image-fields.ts) and answer.
  const { operations, image, media } = contentWriter(resource, spec.config);
  const files = media?.fields ?? [];
  const noun = nounOf(app);
  const row = spec.row ?? anyRecordSchema;
  const record = spec.record ?? anyRecordSchema;
  // `{data, abilities}`, and for a translated record each locale's state (docs/features/translations.md).
  const recordAnswer = recordResponse(record).extend({ translation: translationStatusSchema.optional() });
  const allow = authorizer(can);
  const writeOptions = image
    ? { config: { ...imageUploadConfig, openapiFiles: files }, preValidation: image.capture }
    : {};

  // The type provider leaves a generic schema's output as a deferred conditional type; the route's schema has
  // already validated the value, so naming its type (`as z.output<…>`) adds no unchecked assumption.
  app.get(
    '/',
    {
      config: allow.roles('view'),
      schema: { summary: `List ${noun.many}`, querystring: spec.listQuery, response: { 200: listResponse(row) } },
    },
    async (request) => {
      const user = allow(request, 'view');
      return {
        ...(await spec.list(request.query as z.output<Q>, request.lang)),
        abilities: abilitiesOf(user, can),
      };
    },
  );

  app.get(
    '/:id',
    {
      config: allow.roles('view'),
      schema: { summary: `Get ${noun.a} ${noun.one}`, params: idParams, response: { 200: recordAnswer } },
    },
    async (request) => {
      const user = allow(request, 'view');
      const { id } = request.params;
      const data = await read(db, id);
      // A translated record also says how its locales stand (docs/features/translations.md).
      const translated = translationsOf(table);
      const translation = translated ? await translationStatusOf(db, translated, id) : undefined;
      return { data, abilities: abilitiesOf(user, can), ...(translation ? { translation } : {}) };
    },
  );

  const written = { response: { 200: writeResponse(record), 201: writeResponse(record) } };
  app.post(
    '/',
    {
      ...writeOptions,
      config: { ...writeOptions.config, ...allow.roles('create') },
      schema: { summary: `Create ${noun.a} ${noun.one}`, body: spec.body, ...written },
    },
    async (request, reply) => {
      const user = allow(request, 'create');
      const input = request.body as z.output<B>;
      // The new image files are written under a reserved id before the transaction (image.createWith), which then
      // inserts the record with that id and points it at them.
      const uploads = image && (await image.checked(request));
      const files: WithNewFiles | undefined = image && uploads && ((save) => image.createWith(uploads, save, request));
      const { data } = await operations.create(user, input, files);
      reply.code(201);
      return { message: t(request.lang, 'crud.stored'), data };
    },
  );

  app.post(
    '/:id',
    {
      ...writeOptions,
      config: { ...writeOptions.config, ...allow.roles('update') },
      schema: { summary: `Update ${noun.a} ${noun.one}`, params: idParams, body: spec.body, ...written },
    },
    async (request) => {
      const user = allow(request, 'update');
      const { id } = request.params;
      const input = request.body as z.output<B>;
      // The new image files are written before the transaction (image.update), which then points the record at them.
      const uploads = image && (await image.checked(request));
      const files: WithFiles | undefined = image && uploads && ((save) => image.update(id, uploads, save, request));
      const data = await operations.update(user, id, input, files);
      return { message: t(request.lang, 'crud.updated'), data };
    },
  );

  registerRevisionRoutes(app, {
    db,
    model,
    allow,
    body: () => spec.body,
    response: writeResponse(record),
    // The version's image files come back with it (image.revert), where they still exist.
    restore: async (request, id, input: z.output<B>, user, version) => ({
      message: t(request.lang, 'crud.updated'),
      data: await operations.revert(user, id, input, image && ((save) => image.revert(id, version, save))),
    }),
  });
  // A translated record's changes since a locale was current, and "mark as up to date" (docs/features/translations.md).
  const translations = translationsOf(table);
  if (translations) registerTranslationRoutes(app, { db, model, allow, translations, read });

  // Removal is soft (docs/data.md Removal): DELETE {id}, POST {id}/restore, POST array/{publish|hide|destroy}.
  app.delete(
    '/:id',
    {
      config: allow.roles('destroy'),
      schema: { summary: `Delete ${noun.a} ${noun.one}`, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await operations.remove(allow(request, 'destroy'), request.params.id);
      return { message: t(request.lang, 'crud.destroyed') };
    },
  );

  app.post(
    '/:id/restore',
    // A restore refused by a rule (a title_url taken meanwhile) is a 422.
    {
      config: { openapiErrors: ['Invalid'], ...allow.roles('restore') },
      schema: { summary: `Restore a deleted ${noun.one}`, params: idParams, ...written },
    },
    async (request) => ({
      message: t(request.lang, 'crud.restored'),
      data: await operations.restore(allow(request, 'restore'), request.params.id),
    }),
  );

  // One route per action (the wire's `array/{action}`), so that each declares who may (`config.roles`).
  for (const action of BULK_ACTIONS) {
    app.post(
      `/array/${action}`,
      {
        config: allow.roles(action),
        schema: {
          summary: `${BULK_SUMMARIES[action]} many ${noun.many}`,
          body: bulkSchema,
          response: { 200: bulkResultSchema },
        },
      },
      async (request) => {
        const count = await operations.bulk(allow(request, action), action, request.body.rows);
        return { message: t(request.lang, BULK_MESSAGES[action], { count }), count };
      },
    );
  }
  // A bulk removal's "Undo": the records back in one operation.
  app.post(
    '/array/restore',
    {
      config: { openapiErrors: ['Invalid'], ...allow.roles('restore') },
      schema: {
        summary: `Restore many deleted ${noun.many}`,
        body: bulkSchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => {
      const count = await operations.restoreMany(allow(request, 'restore'), request.body.rows);
      return { message: t(request.lang, 'crud.restoredMany', { count }), count };
    },
  );
  registerCopyRoutes<z.output<B>>(app, {
    allow,
    noun,
    duplicate: spec.duplicate && {
      resource,
      body: spec.body as z.ZodType<z.output<B>>,
      adjust: spec.duplicate.adjust,
      image: media,
    },
    categories: spec.categories && { ...spec.categories, resource },
  });
  return operations;
}
