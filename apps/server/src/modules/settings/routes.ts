import {
  SETTINGS,
  SETTINGS_SCHEMAS,
  type SettingsName,
  settingsResponseSchema,
  settingsSavedSchema,
} from '@backoffice/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authorizer } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { t } from '../../i18n/index.js';
import { imageUploadConfig } from '../../media/images.js';
import { idParams } from '../../resources/crud-routes.js';
import { registerRevisionRoutes } from '../../resources/revision-routes.js';
import { canSettings } from './policy.js';
import {
  checkSettingsUploads,
  getSettings,
  settingsName,
  settingsOperations,
  settingsRevisionBody,
} from './service.js';

/**
 * The four settings records, /api/settings/{id} (docs/spec-index.md S2.2 Settings, docs/features/settings-and-mail.md): `GET` → `{data: {key: {sk, en}},
 * secrets, updated_at, abilities}`; `POST` (JSON or multipart with bracket keys `meta_title[sk]`, images
 * `og_image[sk]`) validates with the record's shared schema, answers `{message, data, secrets, updated_at}` and is
 * logged as `Settings` (which record, never a value) and kept as a revision, secrets left out. Secrets are masked in
 * every answer (`getSettings`). A save is all or nothing (`settingsOperations`): an image that cannot be written is a 507
 * `{message}` and no value changes.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const allow = authorizer(canSettings);
  const raw = new WeakMap<FastifyRequest, Record<string, unknown>>();
  app.addHook('onRequest', authenticate);
  const model = 'Settings';
  const writes = settingsOperations(ctx);

  // `SettingsValues` types every value as string | number | null; the answer's schema holds each record to its
  // own keys and types (contact_country_id a number or null, the rest text), and serializing checks it.
  const readRecord = async (id: number) =>
    (await getSettings(db, id)) as unknown as Omit<z.input<typeof settingsResponseSchema>, 'abilities'>;

  const abilities = (request: FastifyRequest) => {
    const user = allow(request, 'view');
    return { update: canSettings(user, 'update'), updateSecrets: canSettings(user, 'updateSecrets') };
  };

  const view = allow.roles('view');
  app.get(
    '/:id',
    { config: view, schema: { params: idParams, response: { 200: settingsResponseSchema } } },
    async (request) => {
      settingsName(request.params.id);
      const can = abilities(request);
      return { ...(await readRecord(request.params.id)), abilities: can };
    },
  );

  for (const name of Object.keys(SETTINGS) as SettingsName[]) {
    const { id } = SETTINGS[name];
    app.post(
      `/${id}`,
      {
        config: { ...imageUploadConfig, ...allow.roles('update') },
        // Refused before the body is read into the schema: a role that may not save learns nothing about it.
        preValidation: async (request) => {
          allow(request, 'update');
          const body = request.body as Record<string, unknown> | null | undefined;
          raw.set(request, body && typeof body === 'object' ? body : {});
        },
        schema: { body: SETTINGS_SCHEMAS[name], response: { 200: settingsSavedSchema(name) } },
      },
      async (request) => {
        const user = allow(request, 'update');
        const body = request.body as Record<string, unknown> & { updated_at?: string };
        const uploads = await checkSettingsUploads(id, raw.get(request) ?? {});
        await writes.save(user, id, body, uploads);
        return { message: t(request.lang, 'crud.updated'), ...(await readRecord(id)) };
      },
    );
  }

  // The history of each record, `/api/settings/{id}/revisions…` (docs/features/revisions.md): every staff role reads
  // it (the secrets are never in it), only who may save the record restores a version, with its images; the secrets
  // stay as they are now.
  registerRevisionRoutes(app, {
    db,
    model,
    allow,
    known: settingsName,
    body: (id) => SETTINGS_SCHEMAS[settingsName(id)],
    toBody: settingsRevisionBody,
    response: settingsResponseSchema.omit({ abilities: true }).extend({ message: z.string() }),
    restore: async (request, id, input: Record<string, unknown>, user, version) => {
      await writes.revert(user, id, input, version);
      return { message: t(request.lang, 'crud.updated'), ...(await readRecord(id)) };
    },
  });
};
