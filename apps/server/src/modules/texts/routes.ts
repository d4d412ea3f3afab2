import { BULK_ACTIONS, bulkSchema, ERR, listQuerySchema, textSchema, zFilterBool, zFilterId } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { forbidden, invalid, notFound } from '../../http/errors.js';
import { authenticate, currentUser } from '../../http/session.js';
import { t } from '../../i18n/index.js';
import { logActivity } from '../activity/service.js';
import { canText, type TextAction, textAbilities } from './policy.js';
import * as texts from './service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const listQuery = listQuerySchema.extend({ status: zFilterBool, position_id: zFilterId });
const BULK_MESSAGES = { publish: 'crud.published', hide: 'crud.hidden', destroy: 'crud.destroyedMany' } as const;

/** Texts, /api/content/text (spec 1 §7 Texts). */
export const textRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const ops = texts.textOps(db);
  app.addHook('onRequest', authenticate);

  const allow = (request: Parameters<typeof currentUser>[0], action: TextAction) => {
    const user = currentUser(request);
    if (!canText(user, action)) throw forbidden();
    return user;
  };
  const checkPositions = async (ids: number[]) => {
    const unknown = await texts.unknownPositions(db, ids);
    if (unknown.length > 0) throw invalid({ positions: [ERR.requiredSelect] });
  };

  app.get('/', { schema: { querystring: listQuery } }, async (request) => {
    const user = allow(request, 'view');
    return { ...(await texts.listTexts(db, request.query, request.lang)), abilities: textAbilities(user) };
  });

  app.get('/positions', async (request) => {
    allow(request, 'view');
    return { data: await texts.positionOptions(db) };
  });

  app.get('/:id', { schema: { params: idParams } }, async (request) => {
    const user = allow(request, 'view');
    return { data: await texts.getText(db, request.params.id), abilities: textAbilities(user) };
  });

  app.post('/', { schema: { body: textSchema } }, async (request, reply) => {
    const user = allow(request, 'create');
    await checkPositions(request.body.positions);
    const id = await texts.createText(db, request.body);
    await logActivity(db, { userId: user.id, model: 'Text', rowIds: [id], action: 'store' });
    reply.code(201);
    return { message: t(request.lang, 'crud.stored'), data: await texts.getText(db, id) };
  });

  app.post('/:id', { schema: { params: idParams, body: textSchema } }, async (request) => {
    const user = allow(request, 'update');
    await checkPositions(request.body.positions);
    await texts.updateText(db, request.params.id, request.body);
    await logActivity(db, { userId: user.id, model: 'Text', rowIds: [request.params.id], action: 'update' });
    return { message: t(request.lang, 'crud.updated'), data: await texts.getText(db, request.params.id) };
  });

  app.delete('/:id', { schema: { params: idParams } }, async (request) => {
    const user = allow(request, 'destroy');
    const changed = await ops.destroy([request.params.id]);
    if (changed.length === 0 && !(await ops.exists(request.params.id))) throw notFound();
    await logActivity(db, { userId: user.id, model: 'Text', rowIds: changed, action: 'destroy' });
    return { message: t(request.lang, 'crud.destroyed') };
  });

  app.post('/:id/restore', { schema: { params: idParams } }, async (request) => {
    const user = allow(request, 'restore');
    const changed = await ops.restore([request.params.id]);
    if (changed.length === 0 && !(await ops.exists(request.params.id))) throw notFound();
    await logActivity(db, { userId: user.id, model: 'Text', rowIds: changed, action: 'restore' });
    return { message: t(request.lang, 'crud.restored'), data: await texts.getText(db, request.params.id) };
  });

  app.post(
    '/array/:action',
    { schema: { params: z.object({ action: z.enum(BULK_ACTIONS) }), body: bulkSchema } },
    async (request) => {
      const { action } = request.params;
      const user = allow(request, action);
      const rows = [...new Set(request.body.rows)];
      const changed = action === 'destroy' ? await ops.destroy(rows) : await ops.setStatus(rows, action === 'publish');
      await logActivity(db, { userId: user.id, model: 'Text', rowIds: changed, action });
      return { message: t(request.lang, BULK_MESSAGES[action], { count: changed.length }), count: changed.length };
    },
  );
};
