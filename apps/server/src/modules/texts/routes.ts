import {
  dataResponse,
  ERR,
  listQuerySchema,
  type TextInput,
  textPositionSchema,
  textRecordSchema,
  textRowSchema,
  textSchema,
  zFilterBool,
  zFilterId,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { texts as textsTable } from '../../db/schema.js';
import { invalid } from '../../http/errors.js';
import { authorizer } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { registerContentRoutes } from '../../resources/crud-routes.js';
import { canText } from './policy.js';
import * as texts from './service.js';

const listQuery = listQuerySchema.extend({ status: zFilterBool, position_id: zFilterId });

/** Texts, /api/content/text (docs/spec-index.md S1.7 Texts). */
export const textRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const allow = authorizer(canText);
  app.addHook('onRequest', authenticate);

  /** Every position a save names must exist; otherwise 422 before anything is written. */
  const checkPositions = async (input: TextInput) => {
    const unknown = await texts.unknownPositions(db, input.positions);
    if (unknown.length > 0) throw invalid({ positions: [ERR.requiredSelect] });
    return input;
  };

  registerContentRoutes(app, {
    db,
    table: textsTable,
    model: 'Text',
    can: canText,
    listQuery,
    list: (query, lang) => texts.listTexts(db, query, lang),
    body: textSchema,
    create: async (input) => texts.createText(db, await checkPositions(input)),
    update: async (id, input) => texts.updateText(db, id, await checkPositions(input)),
    read: (id) => texts.getText(db, id),
    row: textRowSchema,
    record: textRecordSchema,
  });

  app.get(
    '/positions',
    { config: allow.roles('view'), schema: { response: { 200: dataResponse(textPositionSchema) } } },
    async (request) => {
      allow(request, 'view');
      return { data: await texts.positionOptions(db) };
    },
  );
};
