// The routes a resource adds beside its content routes (`crud-routes.ts`), as it needs them: its option list, a
// preview link, the order from the list, the title_url check.
import {
  anyRecordSchema,
  dataResponse,
  type Locale,
  langOptionSchema,
  orderSchema,
  previewUrlSchema,
  titleUrlCheckSchema,
  writeResponse,
  zPathIdOrNew,
} from '@backoffice/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import type { Allow } from '../http/policy.js';
import { t } from '../i18n/index.js';
import type { Translations } from './langs.js';
import { langOptions } from './list.js';
import type { ContentOperations } from './operations.js';

export { type ImageColumn, imageFields } from './image-fields.js';

import { idParams, nounOf } from './crud-routes.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
const answerIsTrueWhenFree = z.boolean().meta({ description: 'true when the value is free' });

/**
 * `GET list?id=` (docs/spec-index.md S1.7 Options, S2.7): the live records as `{data: [{id, lang: {title}}]}` by title in
 * the request language, without record `id` (the form's own record is never its own similar).
 */
export function registerLangOptions(app: ZodApp, allow: Allow<'view'>, db: Db, tr: Translations) {
  const query = z.object({ id: zPathIdOrNew.optional().catch(undefined) });
  const summary = `${nounOf(app).many[0]?.toUpperCase()}${nounOf(app).many.slice(1)} (option list)`;
  const response = { 200: dataResponse(langOptionSchema) };
  app.get(
    '/list',
    { config: allow.roles('view'), schema: { summary, querystring: query, response } },
    async (request) => {
      allow(request, 'view');
      return { data: await langOptions(db, tr, request.lang, request.query.id) };
    },
  );
}

/**
 * `GET preview/{id}` → `{url}` (docs/features/public-site.md): a signed, short-lived link to the record on the public
 * site. Every staff role may preview. Signing the link and knowing the site's addresses belong to a feature
 * (`modules/pages/preview.ts`): the resource hands its `urlOf` in, so this layer imports no feature.
 */
export function registerPreview(
  app: ZodApp,
  allow: Allow<'view'>,
  urlOf: (id: number, titleUrl: string) => string,
  titleUrlOf: (id: number) => Promise<string>,
) {
  const schema = {
    summary: `A preview link to ${nounOf(app).a} ${nounOf(app).one} on the public site`,
    params: idParams,
    response: { 200: previewUrlSchema },
  };
  app.get('/preview/:id', { config: allow.roles('view'), schema }, async (request) => {
    allow(request, 'view');
    const { id } = request.params;
    return { url: urlOf(id, await titleUrlOf(id)) };
  });
}

/**
 * `POST order/{id}` with `{order}` (docs/features/content.md): sets the record's order (a whole number ≥ 0) from the
 * list through its operation (operations.ts `reorder`, logged as `order`); answers `{message, data}` with the record.
 */
export function registerOrderUpdate(
  app: ZodApp,
  spec: {
    allow: Allow<'update'>;
    operations: Pick<ContentOperations<unknown>, 'reorder'>;
    /** The record's zod schema, as in `registerContentRoutes`. */
    record?: z.ZodType;
  },
) {
  const { allow, operations } = spec;
  const schema = {
    summary: `Set the order of ${nounOf(app).a} ${nounOf(app).one}`,
    params: idParams,
    body: orderSchema,
    response: { 200: writeResponse(spec.record ?? anyRecordSchema) },
  };
  app.post('/order/:id', { config: allow.roles('update'), schema }, async (request) => ({
    message: t(request.lang, 'crud.ordered'),
    data: await operations.reorder(allow(request, 'update'), request.params.id, request.body.order),
  }));
}

/**
 * `GET|POST validate/title_url` with `{value, language_code, id?}` (docs/features/content.md): JSON true when the
 * value is free in that locale among the resource's live records other than `id`.
 */
export function registerTitleUrlCheck(
  app: ZodApp,
  allow: Allow<'view'>,
  free: (value: string, lang: Locale, id?: number) => Promise<boolean>,
) {
  const answer = (request: FastifyRequest, input: z.output<typeof titleUrlCheckSchema>) => {
    allow(request, 'view');
    return free(input.value, input.language_code, input.id);
  };
  const summary = `Check that ${nounOf(app).a} ${nounOf(app).one}'s title_url is free`;
  const response = { 200: answerIsTrueWhenFree };
  const config = allow.roles('view');
  app.get(
    '/validate/title_url',
    { config, schema: { summary, querystring: titleUrlCheckSchema, response } },
    (request) => answer(request, request.query),
  );
  app.post('/validate/title_url', { config, schema: { summary, body: titleUrlCheckSchema, response } }, (request) =>
    answer(request, request.body),
  );
}
