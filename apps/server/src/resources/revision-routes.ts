// The history routes of a record (docs/features/revisions.md): its revisions, one revision as saved, and its restore
// as a new save (the usual validation, 409 on a stale `updated_at`, the activity log). The content resources, the
// mail templates and the settings records share them; each hands in its body schema and its save.
import { LIMITS, type ListMeta, type LogModel, listMetaSchema, zPathId, zUpdatedAt } from '@backoffice/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { invalid, notFound } from '../http/errors.js';
import type { Allow } from '../http/policy.js';
import type { AuthUser } from '../http/session.js';
import { pageMeta } from './paging.js';
import { getRevision, listRevisions } from './revisions.js';

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

/** What a record's history routes need of its resource (docs/features/revisions.md). */
export interface RevisionRoutesSpec {
  db: Db;
  model: LogModel;
  /** The signed-in user when they may view (list, read) or edit (restore) the record, else 401/403. */
  allow: Allow<'view' | 'update'>;
  /** Refuses (404) an id that names no record, for resources whose ids are fixed (the settings records). */
  known?: (id: number) => void;
  /** The body schema a restored version goes through, as a save of that record would (each settings record its own). */
  body: (id: number) => z.ZodType;
  /** A kept version as that body (by default as saved: the content's revisions are their forms' values). */
  toBody?: (data: unknown) => object;
  /** The restore's answer (the resource's own save answer). */
  response: z.ZodType;
  /**
   * Saves the restored version as `user`, with its activity log entry (`update`) and its revision (`revert`), and
   * answers as the resource's save does; a stale `updated_at` is its 409. `version` is the kept version as saved
   * (a content record's image files come back from it: image-fields.ts `revert`).
   */
  restore: (request: FastifyRequest, id: number, input: never, user: AuthUser, version: unknown) => Promise<unknown>;
}

/**
 * `GET {id}/revisions`, `GET {id}/revisions/{revision}`, `POST {id}/revisions/{revision}/restore` under the
 * resource's prefix: the content resources (`registerContentRoutes`), the mail templates and the settings records.
 */
export function registerRevisionRoutes(app: ZodApp, spec: RevisionRoutesSpec) {
  const { db, model, allow } = spec;
  const known = spec.known ?? (() => {});
  app.get(
    '/:id/revisions',
    {
      config: allow.roles('view'),
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
      known(request.params.id);
      const { page, per_page } = request.query;
      const { rows, total } = await listRevisions(db, model, request.params.id, page, per_page);
      return { data: rows, meta: pageMeta(total, page, per_page) };
    },
  );

  app.get(
    '/:id/revisions/:revision',
    {
      config: allow.roles('view'),
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
      known(request.params.id);
      const revision = await getRevision(db, model, request.params.id, request.params.revision);
      if (!revision) throw notFound();
      const { data, ...rest } = revision;
      return { data: { ...rest, record: data } };
    },
  );

  app.post(
    '/:id/revisions/:revision/restore',
    {
      config: allow.roles('update'),
      schema: {
        summary: 'Restore a saved version of a record as a new save',
        params: revisionParams,
        body: z.object({ updated_at: zUpdatedAt }),
        response: { 200: spec.response },
      },
    },
    async (request) => {
      const user = allow(request, 'update');
      const { id, revision: revisionId } = request.params;
      known(id);
      const revision = await getRevision(db, model, id, revisionId);
      if (!revision) throw notFound();
      // The saved fields as a form would send them; secrets (and the settings' files) stay as they are now.
      const saved = spec.toBody ? spec.toBody(revision.data) : (revision.data as object);
      const parsed = spec.body(id).safeParse({ ...saved, updated_at: request.body.updated_at });
      if (!parsed.success) {
        throw invalid(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), [issue.message]])));
      }
      return spec.restore(request, id, parsed.data as never, user, revision.data);
    },
  );
}
