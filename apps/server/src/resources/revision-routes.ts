// The history routes of a content resource (docs/features/revisions.md): a record's revisions, one revision as
// saved, and its restore as a new save (the usual validation, 409 on a stale `updated_at`, the activity log).
import {
  LIMITS,
  type ListMeta,
  type LogModel,
  listMetaSchema,
  writeResponse,
  zPathId,
  zUpdatedAt,
} from '@backoffice/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { invalid, notFound } from '../http/errors.js';
import type { AuthUser } from '../http/session.js';
import { t } from '../i18n/index.js';
import { logActivity } from './activity-log.js';
import { pageMeta } from './paging.js';
import { getRevision, keepRevisions, listRevisions } from './revisions.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const revisionParams = z.object({ id: zPathId, revision: zPathId });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(LIMITS.perPageMax).catch(20).default(20),
});

const revisionRowSchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    action: z.string(),
    changed: z.array(z.string()),
    user: z.object({ id: z.number().int(), name: z.string(), surname: z.string() }).nullable(),
  })
  .meta({ id: 'RevisionRow' });

/** `GET {id}/revisions`, `GET {id}/revisions/{revision}`, `POST {id}/revisions/{revision}/restore`. */
export function registerRevisionRoutes(
  app: ZodApp,
  spec: {
    db: Db;
    model: LogModel;
    allow: (request: FastifyRequest, action: 'view' | 'update') => AuthUser;
    read: (id: number) => Promise<unknown>;
    record: z.ZodType;
    body: z.ZodType;
    update: (id: number, input: never) => Promise<void>;
  },
) {
  const { db, model, allow, read } = spec;
  app.get(
    '/:id/revisions',
    {
      schema: {
        summary: 'List the saved versions of a record, newest first',
        params: z.object({ id: zPathId }),
        querystring: pageQuery,
        response: {
          200: z.object({ data: z.array(revisionRowSchema), meta: listMetaSchema as unknown as z.ZodType<ListMeta> }),
        },
      },
    },
    async (request) => {
      allow(request, 'view');
      const { page, per_page } = request.query;
      const { rows, total } = await listRevisions(db, model, request.params.id, page, per_page);
      return { data: rows, meta: pageMeta(total, page, per_page) };
    },
  );

  app.get(
    '/:id/revisions/:revision',
    {
      schema: {
        summary: 'Get one saved version of a record, its fields as saved',
        params: revisionParams,
        response: {
          200: z.object({ data: revisionRowSchema.omit({ user: true }).extend({ record: z.unknown() }) }),
        },
      },
    },
    async (request) => {
      allow(request, 'view');
      const revision = await getRevision(db, model, request.params.id, request.params.revision);
      if (!revision) throw notFound();
      const { data, ...rest } = revision;
      return { data: { ...rest, record: data } };
    },
  );

  app.post(
    '/:id/revisions/:revision/restore',
    {
      schema: {
        summary: 'Restore a saved version of a record as a new save',
        params: revisionParams,
        body: z.object({ updated_at: zUpdatedAt }),
        response: { 200: writeResponse(spec.record) },
      },
    },
    async (request) => {
      const user = allow(request, 'update');
      const { id, revision: revisionId } = request.params;
      const revision = await getRevision(db, model, id, revisionId);
      if (!revision) throw notFound();
      // The saved fields as a form would send them; files stay as they are now.
      const parsed = spec.body.safeParse({ ...(revision.data as object), updated_at: request.body.updated_at });
      if (!parsed.success) {
        throw invalid(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), [issue.message]])));
      }
      await spec.update(id, parsed.data as never);
      await logActivity(db, { userId: user.id, model, rowIds: [id], action: 'update' });
      const kept = await keepRevisions(db, { model, rowIds: [id], userId: user.id, action: 'revert' }, read);
      return { message: t(request.lang, 'crud.updated'), data: kept.get(id) ?? (await read(id)) };
    },
  );
}
