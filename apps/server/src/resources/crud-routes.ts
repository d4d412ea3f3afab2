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
  type LogModel,
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
import type { Db } from '../db/client.js';
import { inTransaction } from '../db/transaction.js';
import { notFound } from '../http/errors.js';
import { abilitiesOf, authorizer, type ContentAction } from '../http/policy.js';
import type { AuthUser } from '../http/session.js';
import { t } from '../i18n/index.js';
import { imageUploadConfig } from '../media/images.js';
import { type ImageColumn, imageFields } from './image-fields.js';
import { translationStatusOf, translationsOf } from './langs.js';
import { softResource } from './resource.js';
import { registerRevisionRoutes } from './revision-routes.js';
import { recordWrite, type WriteEntry } from './revisions.js';
import { bulkWrite } from './revisions-bulk.js';

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
 * logged under `model`; the resource's own routes (options, checks) are registered beside these.
 */
export function registerContentRoutes<Q extends z.ZodType, B extends z.ZodType>(
  app: ZodApp,
  spec: {
    db: Db;
    table: Parameters<typeof softResource>[1];
    model: LogModel;
    can: (user: AuthUser, action: ContentAction) => boolean;
    listQuery: Q;
    list: (query: z.output<Q>, lang: Locale) => Promise<ListResponse<unknown>>;
    body: B;
    /**
     * Inserts a record and answers its id; given `id` (reserved by `image.createWith` for a record with images),
     * inserts it with that id.
     */
    create: (input: z.output<B>, id?: number) => Promise<number>;
    update: (id: number, input: z.output<B>) => Promise<void>;
    read: (id: number) => Promise<unknown>;
    /** Refuses (throws) a restore that would break a rule, e.g. a title_url taken while the record was removed. */
    checkRestore?: (id: number) => Promise<void>;
    /**
     * The record's image columns (`image` unless `fields` names others, e.g. a news article's poster) take
     * uploads stored under `MEDIA_DIR/<media>/<id>/` (docs/features/media-storage.md).
     */
    image?: { media: string; config: Config; fields?: readonly ImageColumn[] };
    /**
     * The zod schemas of a list row and of a record: the answers are serialized through them and the OpenAPI
     * document shows them. Until a resource names its own, any object with an id passes as it is.
     */
    row?: z.ZodType;
    record?: z.ZodType;
  },
) {
  const { db, model, can, read } = spec;
  // Every write is logged for its user and kept as a revision of each record it changed (docs/features/revisions.md),
  // a bulk action's in one insert. It answers the records as read for their revisions, which the routes answer with
  // rather than reading again. Each write and its record run in one transaction (`inTransaction`): the module's
  // save and `read` go through `db`, which joins it, so a failed log entry or revision leaves the record unchanged.
  const recorded = (entry: WriteEntry) => recordWrite(db, entry, read);
  const noun = nounOf(app);
  const row = spec.row ?? anyRecordSchema;
  const record = spec.record ?? anyRecordSchema;
  // `{data, abilities}`, and for a translated record each locale's state (docs/features/translations.md).
  const recordAnswer = recordResponse(record).extend({ translation: translationStatusSchema.optional() });
  const allow = authorizer(can);
  const image = spec.image ? imageFields(db, spec.table, spec.image) : undefined;
  const files = spec.image ? (spec.image.fields ?? ['image']) : [];
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
      const data = await read(id);
      // A translated record also says how its locales stand (docs/features/translations.md).
      const translated = translationsOf(spec.table);
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
      // inserts the record with that id, points it at them and keeps its revision.
      const create = (reserved?: number, point?: () => Promise<void>) =>
        inTransaction(db, async () => {
          const id = await spec.create(input, reserved);
          if (reserved !== undefined && id !== reserved) throw new Error(`${model} was not created with its id`);
          await point?.();
          return { id, kept: await recorded({ userId: user.id, model, rowIds: [id], action: 'store' }) };
        });
      const uploads = image && (await image.checked(request));
      const { id, kept } = image && uploads ? await image.createWith(request, uploads, create) : await create();
      reply.code(201);
      return { message: t(request.lang, 'crud.stored'), data: kept.get(id) ?? (await read(id)) };
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
      // The new image files are written before the transaction (image.update), which then saves the record, points
      // it at them and keeps its revision.
      const save = (point?: () => Promise<void>) =>
        inTransaction(db, async () => {
          await spec.update(id, input);
          await point?.();
          return recorded({ userId: user.id, model, rowIds: [id], action: 'update' });
        });
      const uploads = image && (await image.checked(request));
      const kept = image && uploads ? await image.update(request, id, uploads, save) : await save();
      return { message: t(request.lang, 'crud.updated'), data: kept.get(id) ?? (await read(id)) };
    },
  );

  registerRevisionRoutes(app, {
    db,
    model,
    allow,
    body: () => spec.body,
    response: writeResponse(record),
    restore: async (request, id, input: z.output<B>, user) => {
      const kept = await inTransaction(db, async () => {
        await spec.update(id, input);
        return recorded({ userId: user.id, model, rowIds: [id], action: 'update', revision: 'revert' });
      });
      return { message: t(request.lang, 'crud.updated'), data: kept.get(id) ?? (await read(id)) };
    },
  });

  // Removal is soft (docs/data.md Removal): DELETE {id}, POST {id}/restore, POST array/{publish|hide|destroy}.
  const ops = softResource(db, spec.table);
  app.delete(
    '/:id',
    {
      config: allow.roles('destroy'),
      schema: { summary: `Delete ${noun.a} ${noun.one}`, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      const user = allow(request, 'destroy');
      await inTransaction(db, async () => {
        const changed = await ops.destroy([request.params.id]);
        if (changed.length === 0 && !(await ops.exists(request.params.id))) throw notFound();
        await recorded({ userId: user.id, model, rowIds: changed, action: 'destroy' });
      });
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
    async (request) => {
      const user = allow(request, 'restore');
      const { id } = request.params;
      const kept = await inTransaction(db, async () => {
        await spec.checkRestore?.(id);
        const changed = await ops.restore([id]);
        if (changed.length === 0 && !(await ops.exists(id))) throw notFound();
        return recorded({ userId: user.id, model, rowIds: changed, action: 'restore' });
      });
      return { message: t(request.lang, 'crud.restored'), data: kept.get(id) ?? (await read(id)) };
    },
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
        const user = allow(request, action);
        const rows = [...new Set(request.body.rows)];
        const status = action === 'destroy' ? undefined : action === 'publish';
        // The records are read for their revisions before the transaction opens (docs/features/revisions.md).
        const changed = await bulkWrite(
          db,
          { table: spec.table, read },
          rows,
          status,
          () => (status === undefined ? ops.destroy(rows) : ops.setStatus(rows, status)),
          (changed, current) => recordWrite(db, { userId: user.id, model, rowIds: changed, action }, current),
        );
        return { message: t(request.lang, BULK_MESSAGES[action], { count: changed.length }), count: changed.length };
      },
    );
  }
}
