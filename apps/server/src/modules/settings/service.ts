import {
  DELETE_MARKER,
  ERR,
  isSettingsSecret,
  keepsSecret,
  LOCALES,
  type Locale,
  maskSecret,
  SETTINGS,
  SETTINGS_IMAGES,
  SETTINGS_READONLY,
  SETTINGS_SECRETS,
  type SettingsName,
  type SettingsSecrets,
  type SettingsValues,
  secretState,
  settingsNameOf,
} from '@backoffice/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { countries, revisions, settings, settingValues } from '../../db/schema.js';
import { readSettings } from '../../db/settings.js';
import { forbidden, HttpError, invalid, notFound, stale } from '../../http/errors.js';
import type { AuthUser } from '../../http/session.js';
import { type ProcessedImage, processImageField, removeImages, writeImages } from '../../media/images.js';
import { mediaStorage } from '../../media/storage.js';
import { keepOriginal, recordWrite, type WriteEntry } from '../../resources/revisions.js';
import { canSettings } from './policy.js';

/** Where settings images are stored and served: `/gallery/settings/{id}/thumb/<file>` (docs/spec-index.md S2.3). */
export const SETTINGS_MEDIA = 'settings';

/** The record name of an id, or 404. */
export function settingsName(id: number): SettingsName {
  const name = settingsNameOf(id);
  if (!name) throw notFound();
  return name;
}

/**
 * A settings record as the API answers it (docs/features/settings-and-mail.md), to every role alike: contact_country_id as a number (null
 * when blank); each secret (`SETTINGS_SECRETS`) masked in `data` (`''` or `••••abcd`) and described in `secrets`
 * (`{key: {sk: {set, last4}, en: …}}`), never its value.
 */
export async function getSettings(
  db: Db,
  id: number,
): Promise<{ data: SettingsValues; secrets: SettingsSecrets; updated_at: string }> {
  const [record] = await db.select().from(settings).where(eq(settings.id, id)).limit(1);
  if (!record) throw notFound();
  const stored = await readSettings(db, settingsName(id));
  const values: SettingsValues = stored;
  const secrets: SettingsSecrets = {};
  for (const key of SETTINGS_SECRETS[settingsName(id)] ?? []) {
    const perLocale = stored[key];
    if (!perLocale) continue;
    const state = { sk: secretState(perLocale.sk), en: secretState(perLocale.en) };
    secrets[key] = state;
    values[key] = { sk: maskSecret(state.sk), en: maskSecret(state.en) };
  }
  const country = values.contact_country_id;
  if (country)
    for (const l of LOCALES) {
      const n = Number.parseInt(String(country[l]), 10);
      country[l] = Number.isInteger(n) && n > 0 ? n : null;
    }
  return { data: values, secrets, updated_at: record.updated_at.toISOString() };
}

/**
 * A settings record as its revision keeps it (docs/features/revisions.md): each key's value by locale under `langs`,
 * as a content record keeps its translated fields, so that a change is named per locale (`langs.en.meta_title`).
 * The secrets are left out altogether: a revision never holds one, masked or not, and a restore keeps the current one.
 * `db` may be the save's transaction.
 */
export async function settingsRevision(db: Db, id: number) {
  const secrets = SETTINGS_SECRETS[settingsName(id)] ?? [];
  const { data, updated_at } = await getSettings(db, id);
  const keys = Object.keys(data).filter((key) => !secrets.includes(key));
  const langs = Object.fromEntries(
    LOCALES.map((l) => [l, Object.fromEntries(keys.map((key) => [key, data[key]?.[l] ?? null]))]),
  ) as Record<Locale, Record<string, string | number | null>>;
  return { id, langs, updated_at };
}

/** A kept settings version as a save's body: `{key: {sk, en}}` (the secrets absent, so kept as they are). */
export function settingsRevisionBody(kept: unknown): Record<string, Record<Locale, unknown>> {
  const langs = (kept as { langs?: Partial<Record<Locale, Record<string, unknown>>> }).langs ?? {};
  const keys = new Set(LOCALES.flatMap((l) => Object.keys(langs[l] ?? {})));
  return Object.fromEntries(
    [...keys].map((key) => [key, Object.fromEntries(LOCALES.map((l) => [l, langs[l]?.[key] ?? null]))]),
  ) as Record<string, Record<Locale, unknown>>;
}

/** The secret keys a save would change (a new value or `@delete@` in some locale); the rest keep what is stored. */
export function changedSecrets(id: number, input: Record<string, unknown>): string[] {
  return (SETTINGS_SECRETS[settingsName(id)] ?? []).filter((key) => {
    const field = input[key];
    if (!field || typeof field !== 'object') return false;
    return LOCALES.some((l) => !keepsSecret((field as Partial<Record<Locale, unknown>>)[l]));
  });
}

/** New image files (checked and encoded) or removals of a save, by key and locale. */
export type SettingsUploads = { key: string; locale: Locale; value: ProcessedImage | typeof DELETE_MARKER }[];

/**
 * The image fields of a save taken from the raw body (`og_image[sk]`, `favicon[en]`): new files are checked before
 * anything is written (a bad one is 422 `errors.image` on `<key>.<locale>`); `@delete@` removes; anything else keeps.
 */
export async function checkSettingsUploads(id: number, body: Record<string, unknown>): Promise<SettingsUploads> {
  const keys = SETTINGS_IMAGES[settingsName(id)] ?? [];
  const uploads: SettingsUploads = [];
  const errors: Record<string, string[]> = {};
  for (const key of keys) {
    const field = body[key];
    const perLocale: Record<string, unknown> =
      field && typeof field === 'object' && !Buffer.isBuffer(field) ? (field as Record<string, unknown>) : {};
    for (const locale of LOCALES) {
      const value = perLocale[locale];
      const path = `${key}.${locale}`;
      if (Buffer.isBuffer(value)) {
        try {
          uploads.push({ key, locale, value: await processImageField(path, value) });
        } catch (err) {
          if (!(err instanceof HttpError) || !err.errors) throw err;
          Object.assign(errors, err.errors);
        }
      } else if (value === DELETE_MARKER) uploads.push({ key, locale, value });
      else if (value !== undefined && value !== null && typeof value !== 'string') errors[path] = [ERR.image];
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return uploads;
}

type SettingRow = { setting_id: number; key: string; language_code: Locale; value: string };

/**
 * Saves a record all or nothing (SECURITY.md). The new image files are written first (a failed write is the 507 of
 * `storageFailure` and nothing changed); then one transaction, only where `updated_at` still equals what the editor
 * loaded (else 409), stores the text values (the keys of its schema, less the read-only ones) and points the image
 * keys at their new files (`''` for `@delete@`) or, for a restore, at the files its version names (`restored`). If it
 * fails the new files go. Answers the files it replaced, for the caller to release once it has committed
 * (`releaseImages`). A secret's locale is written only when it carries a new value (`@delete@` writes ''); blank or masked
 * keeps the stored one. Who may change secrets is the caller's question (`changedSecrets`). `recorded` runs last in
 * the transaction (the activity log entry and the revision).
 */
/** A settings record's values as a save sends them. */
type SettingsInput = Record<string, unknown> & { updated_at?: string };

async function saveSettings(
  ctx: Pick<AppContext, 'db' | 'config'>,
  id: number,
  input: SettingsInput,
  uploads: SettingsUploads = [],
  recorded?: { before: (tx: Db) => Promise<unknown>; after: (tx: Db) => Promise<unknown> },
  restored: SettingRow[] = [],
): Promise<string[]> {
  const { db } = ctx;
  const name = settingsName(id);
  const skipped = new Set([...(SETTINGS_READONLY[name] ?? []), ...(SETTINGS_IMAGES[name] ?? [])]);
  const keys = (SETTINGS[name].keys as readonly string[]).filter(
    (key) => !skipped.has(key) && input[key] && typeof input[key] === 'object',
  );
  if (name === 'contact') await checkCountries(db, input.contact_country_id as Record<Locale, number>);
  const rows: SettingRow[] = keys.flatMap((key) =>
    LOCALES.flatMap((language_code) => {
      const value = (input[key] as Record<Locale, unknown>)[language_code];
      if (!isSettingsSecret(name, key))
        return [{ setting_id: id, key, language_code, value: value == null ? '' : String(value) }];
      if (keepsSecret(value)) return [];
      return [{ setting_id: id, key, language_code, value: value === DELETE_MARKER ? '' : String(value) }];
    }),
  );

  const place = { model: SETTINGS_MEDIA, id };
  const written = await writeImages(
    ctx,
    place,
    uploads.map((upload) => (upload.value === DELETE_MARKER ? undefined : upload.value)),
  );
  const images: SettingRow[] = [
    ...uploads.map((upload, i) => ({
      setting_id: id,
      key: upload.key,
      language_code: upload.locale,
      value: written[i] ?? '',
    })),
    ...restored,
  ];
  let replaced: string[];
  try {
    replaced = await db.transaction(async (tx) => {
      const updated = await tx
        .update(settings)
        .set({ updated_at: new Date() })
        .where(
          and(eq(settings.id, id), input.updated_at ? eq(settings.updated_at, new Date(input.updated_at)) : undefined),
        )
        .returning({ id: settings.id });
      if (updated.length === 0) throw stale();
      await recorded?.before(tx);
      // The settings row is locked by the update above, so no other save reads or replaces these names meanwhile.
      const before = images.length > 0 ? await imageNames(tx, id) : new Map<string, string>();
      for (const row of [...rows, ...images])
        await tx
          .insert(settingValues)
          .values(row)
          .onConflictDoUpdate({
            target: [settingValues.setting_id, settingValues.key, settingValues.language_code],
            set: { value: row.value },
          });
      // The activity log entry and the revision commit with the values, or neither does.
      await recorded?.after(tx);
      return images.flatMap((row) => {
        const old = before.get(`${row.key}.${row.language_code}`);
        return old && old !== row.value ? [old] : [];
      });
    });
  } catch (err) {
    await removeImages(ctx, place, written, { prune: true });
    throw err;
  }
  return replaced;
}

/** The image files a kept settings version (its revision's `langs`) names. */
function versionImages(id: number, data: unknown): string[] {
  const langs = (data as { langs?: Partial<Record<Locale, Record<string, unknown>>> } | null)?.langs ?? {};
  return (SETTINGS_IMAGES[settingsName(id)] ?? []).flatMap((key) =>
    LOCALES.flatMap((l) => {
      const file = langs[l]?.[key];
      return typeof file === 'string' && file !== '' ? [file] : [];
    }),
  );
}

/**
 * After a save has committed, the files it replaced and those only the revisions it pruned named: each goes once
 * neither the record nor a kept version of it names it (docs/features/revisions.md "Files"), so that restoring a
 * version brings its images back, as a content record's.
 */
async function releaseImages(ctx: Pick<AppContext, 'db' | 'config'>, id: number, files: string[]) {
  const candidates = [...new Set(files.filter((file) => file !== ''))];
  if (candidates.length === 0) return;
  const now = new Set((await imageNames(ctx.db, id)).values());
  const versions = await ctx.db
    .select({ data: revisions.data })
    .from(revisions)
    .where(and(eq(revisions.model, 'Settings'), eq(revisions.record_id, id)));
  const named = new Set(versions.flatMap((row) => versionImages(id, row.data)));
  const unnamed = candidates.filter((file) => !now.has(file) && !named.has(file));
  await removeImages(ctx, { model: SETTINGS_MEDIA, id }, unnamed);
}

/**
 * The image keys a restore points back at its version's files: a key the version left empty is cleared, a file gone
 * from the storage since (pruned, or from before files were kept) keeps the current image. Checked before the save's
 * transaction opens: a storage request (S3) holds no connection.
 */
async function restoredImages(ctx: Pick<AppContext, 'config'>, id: number, version: unknown): Promise<SettingRow[]> {
  const input = settingsRevisionBody(version);
  const storage = mediaStorage(ctx.config);
  const exists = (file: string) => storage.has(SETTINGS_MEDIA, id, file);
  const rows = await Promise.all(
    (SETTINGS_IMAGES[settingsName(id)] ?? []).flatMap((key) =>
      LOCALES.map(async (language_code): Promise<SettingRow[]> => {
        const field = input[key];
        if (!field || typeof field !== 'object') return [];
        const file = (field as Partial<Record<Locale, unknown>>)[language_code];
        if (file === null || file === '') return [{ setting_id: id, key, language_code, value: '' }];
        return typeof file === 'string' && (await exists(file))
          ? [{ setting_id: id, key, language_code, value: file }]
          : [];
      }),
    ),
  );
  return rows.flat();
}

/** The stored file names of a record's image keys, by `<key>.<locale>`. */
async function imageNames(tx: Pick<Db, 'select'>, id: number): Promise<Map<string, string>> {
  const keys = SETTINGS_IMAGES[settingsName(id)] ?? [];
  const rows = await tx
    .select()
    .from(settingValues)
    .where(and(eq(settingValues.setting_id, id), inArray(settingValues.key, [...keys])));
  return new Map(rows.map((row) => [`${row.key}.${row.language_code}`, row.value]));
}

/** Each locale's country must exist (422 `errors.requiredOption` on `contact_country_id.<locale>`). */
async function checkCountries(db: Db, ids: Record<Locale, number> | undefined) {
  if (!ids) return;
  const wanted = [...new Set(Object.values(ids))];
  const found = new Set(
    (await db.select({ id: countries.id }).from(countries).where(inArray(countries.id, wanted))).map((r) => r.id),
  );
  const errors: Record<string, string[]> = {};
  for (const l of LOCALES) if (!found.has(ids[l])) errors[`contact_country_id.${l}`] = [ERR.requiredOption];
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/**
 * The writes of the settings records, each one operation: the policy (a save that replaces or clears a secret needs
 * its own right), then the files, then one transaction holding the values, the activity log entry (which record,
 * never a value) and the revision (`saveSettings`), then the release of the files no version names any more.
 * `revert` saves a version from the history with its images (`restoredImages`); the secrets stay as they are.
 */
export function settingsOperations(ctx: Pick<AppContext, 'db' | 'config'>) {
  /** `version`: a restore's kept version (its revision's data), whose images it brings back. */
  const save = async (
    actor: AuthUser,
    id: number,
    input: SettingsInput,
    uploads: SettingsUploads,
    version?: unknown,
  ) => {
    if (!canSettings(actor, 'update')) throw forbidden();
    if (changedSecrets(id, input).length > 0 && !canSettings(actor, 'updateSecrets')) throw forbidden();
    const pruned: string[] = [];
    const entry: WriteEntry = {
      userId: actor.id,
      model: 'Settings',
      rowIds: [id],
      action: 'update',
      onPruned: (_, data) => pruned.push(...versionImages(id, data)),
    };
    if (version !== undefined) entry.revision = 'revert';
    const restored = version !== undefined ? await restoredImages(ctx, id, version) : [];
    const replaced = await saveSettings(
      ctx,
      id,
      input,
      uploads,
      {
        before: (tx) => keepOriginal(tx, 'Settings', id, (rowId) => settingsRevision(tx, rowId)),
        after: (tx) => recordWrite(tx, entry, (rowId) => settingsRevision(tx, rowId)),
      },
      restored,
    );
    await releaseImages(ctx, id, [...replaced, ...pruned]);
  };
  return {
    save: (actor: AuthUser, id: number, input: SettingsInput, uploads: SettingsUploads) =>
      save(actor, id, input, uploads),
    revert: (actor: AuthUser, id: number, input: SettingsInput, version: unknown) =>
      save(actor, id, input, [], version ?? {}),
  };
}
