// The translation workflow's routes of a translated record (docs/features/translations.md): what changed in the other
// locale since an outdated one was last current, and "mark as up to date", which records that a locale is current
// without changing its text. The content resources and the mail templates share them.
import {
  type Locale,
  type LogModel,
  otherLocale,
  type TranslationChange,
  type TranslationChanges,
  translationChangesQuerySchema,
  translationChangesSchema,
  translationCurrentSchema,
  translationStatusSchema,
  zPathId,
} from '@backoffice/shared';
import { and, desc, eq, lte, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { revisions } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import type { Allow } from '../http/policy.js';
import { t } from '../i18n/index.js';
import type { Translations } from './langs.js';
import { markLocaleCurrent } from './operations.js';
import { revisionsKeep } from './revisions.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The newest kept revision of a record from when a locale was last current (`current_at`): written at or before then,
 * or else the record's `original` (kept by its first save through the admin, before it wrote: the record as it was
 * before any revision, when a seeded locale was current). Undefined when the history holds neither.
 */
async function revisionAsOf(db: Db, model: LogModel, id: number, currentAt: Date) {
  if (revisionsKeep() === 0) return undefined;
  const [row] = await db
    .select({ id: revisions.id, created_at: revisions.created_at, action: revisions.action, data: revisions.data })
    .from(revisions)
    .where(
      and(
        eq(revisions.model, model),
        eq(revisions.record_id, id),
        or(lte(revisions.created_at, currentAt), eq(revisions.action, 'original')),
      ),
    )
    .orderBy(desc(revisions.id))
    .limit(1);
  return row;
}

/** A kept record's fields of one locale (`data.langs[locale]`), as strings; empty when it has none. */
const langsOf = (data: unknown, locale: Locale): Record<string, unknown> =>
  ((data as { langs?: Partial<Record<Locale, Record<string, unknown>>> } | null)?.langs?.[locale] ?? {}) as Record<
    string,
    unknown
  >;

/**
 * What changed in the other locale since `locale` of record `id` was last current: its fields in the revision from
 * then against the record's now (`read`, as its form loads it). Undefined when the record has no language rows.
 */
export async function translationChanges(
  db: Db,
  tr: Translations,
  spec: { model: LogModel; read: (db: Db, id: number) => Promise<unknown> },
  id: number,
  locale: Locale,
): Promise<TranslationChanges | undefined> {
  const state = tr.table as unknown as Record<'outdated' | 'current_at', AnyPgColumn>;
  const [row] = await db
    .select({ outdated: state.outdated, current_at: state.current_at })
    .from(tr.table)
    .where(and(eq(tr.ownerColumn, id), eq(tr.table.language_code, locale)))
    .limit(1);
  if (!row) return undefined;
  const currentAt = row.current_at as Date;
  const answer = { locale, outdated: Boolean(row.outdated), current_at: currentAt.toISOString() };
  if (!row.outdated) return { ...answer, revision: null, changes: [] };
  const revision = await revisionAsOf(db, spec.model, id, currentAt);
  if (!revision) return { ...answer, revision: null, changes: [] };
  const other = otherLocale(locale);
  const before = langsOf(revision.data, other);
  const now = langsOf(await spec.read(db, id), other);
  const changes: TranslationChange[] = Object.keys(now).flatMap((field) => {
    const was = String(before[field] ?? '');
    const is = String(now[field] ?? '');
    return was === is ? [] : [{ field, before: was, after: is }];
  });
  return {
    ...answer,
    revision: { id: revision.id, created_at: revision.created_at.toISOString(), action: revision.action },
    changes,
  };
}

/** What a translated record's translation routes need of its resource. */
export interface TranslationRoutesSpec {
  db: Db;
  model: LogModel;
  translations: Translations;
  /** The signed-in user when they may view (the changes) or edit (mark as up to date) the record, else 401/403. */
  allow: Allow<'view' | 'update'>;
  /** The record as its form loads it (its revisions keep the same shape); throws 404 for an unknown id. */
  read: (db: Db, id: number) => Promise<unknown>;
}

/**
 * `GET {id}/translation/changes?locale=…` and `POST {id}/translation/current` under the resource's prefix. A locale
 * other than sk or en is a 422 naming `locale`; marking a locale that is not outdated too (`errors.notOutdated`).
 */
export function registerTranslationRoutes(app: ZodApp, spec: TranslationRoutesSpec) {
  const { db, model, allow } = spec;
  const params = z.object({ id: zPathId });

  app.get(
    '/:id/translation/changes',
    {
      config: allow.roles('view'),
      schema: {
        summary: 'What changed in the other language since this one was last up to date',
        params,
        querystring: translationChangesQuerySchema,
        response: { 200: z.object({ data: translationChangesSchema }) },
      },
    },
    async (request) => {
      allow(request, 'view');
      const data = await translationChanges(db, spec.translations, spec, request.params.id, request.query.locale);
      if (!data) throw notFound();
      return { data };
    },
  );

  app.post(
    '/:id/translation/current',
    {
      config: { openapiErrors: ['Invalid'], ...allow.roles('update') },
      schema: {
        summary: 'Mark a language as up to date without changing its text',
        params,
        body: translationCurrentSchema,
        response: { 200: z.object({ message: z.string(), translation: translationStatusSchema }) },
      },
    },
    async (request) => {
      const user = allow(request, 'update');
      const { translations } = spec;
      const translation = await markLocaleCurrent(
        db,
        { model, translations, can: allow.can },
        user,
        request.params.id,
        request.body.locale,
      );
      return { message: t(request.lang, 'crud.markedCurrent'), translation };
    },
  );
}
