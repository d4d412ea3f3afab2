import {
  ERR,
  isEmptyTranslation,
  type Langs,
  LOCALES,
  type Locale,
  TRANSLATION_FILTERS,
  type TranslationFilter,
  type TranslationState,
  type TranslationStatus,
} from '@backoffice/shared';
import { and, eq, getTableColumns, getTableName, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import { type AddressKind, keepOldAddresses } from './old-addresses.js';

export type { Tx };

/** The record's columns each of its language rows keeps as `record_<name>` (schema/base.ts recordKeys). */
const RECORD_KEYS = ['status', 'updated_at', 'deleted_at'] as const;

/** A table of soft-deletable, publishable records (texts, panels, categories …). */
export type OwnerTable = PgTable & {
  id: AnyPgColumn;
  status: AnyPgColumn;
  updated_at: AnyPgColumn;
  deleted_at: AnyPgColumn;
};
/** Its `<entity>_langs` table: one row per record and locale, with at least a title. */
export type LangTable = PgTable & { language_code: AnyPgColumn; title: AnyPgColumn };

/**
 * The translated half of a resource (docs/data.md): which `<entity>_langs` table holds it, which column points at
 * the record, which fields the API exposes and which of them are rich text (sanitised on every save).
 */
export function translations<L extends LangTable, F extends string>(spec: {
  owner: OwnerTable;
  table: L;
  ownerColumn: AnyPgColumn;
  fields: readonly F[];
  richText?: readonly F[];
  /** The record has an address on the public site: a changed title_url is kept as an old address of this kind. */
  addressKind?: AddressKind;
}) {
  const { owner, ownerColumn, fields } = spec;
  // Queries go through the plain table type; callers keep the exact one (`tr.table.title_url`).
  const table: LangTable = spec.table;
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const ownerKey = Object.keys(columns).find((key) => columns[key] === ownerColumn);
  if (!ownerKey) throw new Error('translations: ownerColumn is not a column of table');
  const rich = new Set<string>(spec.richText ?? []);
  const fieldColumns = Object.fromEntries(fields.map((f) => [f, columns[f]])) as Record<F, AnyPgColumn>;
  const stateColumns = columns as Record<'outdated' | 'missing' | 'changed_at', AnyPgColumn>;
  const flagColumns = (of: PgTable) => {
    const all = getTableColumns(of) as Record<string, AnyPgColumn | undefined>;
    return Object.fromEntries(
      TRANSLATION_FILTERS.map((filter) => {
        const column = all[`translation_${filter}`];
        if (!column) throw new Error(`translations: ${getTableName(of)} has no translation_${filter}`);
        return [filter, column];
      }),
    ) as Record<TranslationFilter, AnyPgColumn>;
  };
  const flags = { owner: flagColumns(owner), table: flagColumns(table) };
  // The record's columns its language rows keep (schema/base.ts recordKeys), by the record's column.
  const ownerColumns = getTableColumns(owner) as Record<string, AnyPgColumn | undefined>;
  const recordKeys = new Map(
    RECORD_KEYS.flatMap((name) => {
      const own = ownerColumns[name];
      const kept = columns[`record_${name}`];
      return own && kept ? [[own, kept] as const] : [];
    }),
  );
  const flagsBefore = Object.fromEntries(TRANSLATION_FILTERS.map((filter) => [`was_${filter}`, flags.table[filter]]));

  const translated = {
    owner,
    table: spec.table,
    ownerColumn,
    /**
     * The record's translation flags (docs/features/translations.md), one column per filter: on the record, and the
     * same on each of its language rows.
     */
    flags,
    /**
     * The column of the language rows that keeps `column` of the record (its status, last change or removal), so
     * that a search filters and orders its matches without reading their records; undefined for any other column.
     */
    recordKey: (column: AnyPgColumn): AnyPgColumn | undefined => recordKeys.get(column),
    /** The join to the row of one locale: `<entity>_langs.<owner>_id = <entity>.id and language_code = lang`. */
    joinOn: (lang: Locale): SQL => and(eq(ownerColumn, owner.id), eq(table.language_code, lang)) as SQL,

    /** Both locales of one record as `{sk: {...}, en: {...}}`; a missing row reads as empty strings. */
    async read(db: Db | Tx, id: number): Promise<Langs<Record<F, string>>> {
      const rows = (await db
        .select({ language_code: table.language_code, ...fieldColumns })
        .from(table)
        .where(eq(ownerColumn, id))) as Record<string, unknown>[];
      return Object.fromEntries(
        LOCALES.map((locale) => {
          const row = rows.find((r) => r.language_code === locale);
          return [locale, Object.fromEntries(fields.map((f) => [f, String(row?.[f] ?? '')]))];
        }),
      ) as Langs<Record<F, string>>;
    },

    /**
     * Inserts or replaces the rows of both locales, sanitising the rich-text fields, and keeps their translation
     * state (docs/features/translations.md): a locale whose fields changed gets `changed_at` now and is no longer
     * outdated; the other locale, unchanged, turns outdated unless this save brought an outdated locale up to date;
     * `missing` marks a locale with a field empty that the other fills. The record's flags follow, on the record and
     * on both rows; the record is written only when they change.
     */
    async write(tx: Tx, id: number, langs: Langs<Record<F, string>>): Promise<void> {
      const values = Object.fromEntries(
        LOCALES.map((locale) => [
          locale,
          Object.fromEntries(
            fields.map((f) => [f, rich.has(f) ? sanitizeRichText(langs[locale][f]) : langs[locale][f]]),
          ) as Record<F, string>,
        ]),
      ) as Langs<Record<F, string>>;
      const before = (await tx
        .select({
          language_code: table.language_code,
          outdated: stateColumns.outdated,
          ...flagsBefore,
          ...fieldColumns,
        })
        .from(table)
        .where(eq(ownerColumn, id))) as (Record<string, unknown> & { language_code: string; outdated: boolean })[];
      // Stored rich text may be as an older version or the seed wrote it (`<br>` where the sanitiser writes `<br />`):
      // a field that differs only so is unchanged, else saving one language would leave the other outdated.
      const normalised = (row: Record<string, unknown>, locale: Locale) =>
        Object.fromEntries(
          [...rich].map((f) => {
            const stored = String(row[f] ?? '');
            return [f, stored === values[locale]?.[f as F] ? stored : sanitizeRichText(stored)];
          }),
        );
      const previous = Object.fromEntries(
        before.map((row) => [row.language_code, { ...row, ...normalised(row, row.language_code as Locale) }]),
      );
      const state = translationState(
        fields,
        values,
        (locale) => previous[locale] as (Record<F, unknown> & { outdated: boolean }) | undefined,
      );
      const recordFlags = recordFlagsOf(state);
      const flagSet = Object.fromEntries(
        TRANSLATION_FILTERS.map((filter) => [`translation_${filter}`, recordFlags[filter]]),
      );
      for (const locale of LOCALES) {
        const { changed, outdated, missing } = state[locale];
        const set = {
          ...values[locale],
          outdated,
          missing,
          ...flagSet,
          ...(changed ? { changed_at: sql`now()` } : {}),
          // Up to date after this save: the revision it writes is where this locale's outdated changes start from.
          ...(outdated ? {} : { current_at: sql`now()` }),
        };
        await tx
          .insert(table)
          .values({ [ownerKey]: id, language_code: locale, ...set })
          .onConflictDoUpdate({ target: [ownerColumn, table.language_code], set });
      }
      // The language rows held the record's flags as they were (a new record's are all off, the columns' default).
      const changedFlags = TRANSLATION_FILTERS.some(
        (filter) => Boolean(before[0]?.[`was_${filter}`] ?? false) !== recordFlags[filter],
      );
      if (changedFlags) await tx.update(owner).set(flagSet).where(eq(owner.id, id));
      if (spec.addressKind) {
        const titleUrlOf = (row: Record<string, unknown> | undefined) =>
          typeof row?.title_url === 'string' ? row.title_url : undefined;
        await keepOldAddresses(
          tx,
          spec.addressKind,
          id,
          Object.fromEntries(LOCALES.map((l) => [l, titleUrlOf(previous[l])])),
          Object.fromEntries(LOCALES.map((l) => [l, String(titleUrlOf(values[l]) ?? '')])) as Record<Locale, string>,
        );
      }
    },
  };
  TRANSLATED_OWNERS.set(owner, translated);
  return translated;
}

/**
 * "Mark as up to date" (docs/features/translations.md): the outdated `locale` of record `id` becomes current without
 * a change of its text, and the record's flags follow, as a save keeps them. Its language rows are locked first, so
 * that a save running beside it is read after it. Answers `marked`, or why nothing was written: the record has no
 * language rows (`unknown`), the locale was not outdated (`current`).
 */
export async function markTranslationCurrent(
  tx: Tx,
  tr: Translations,
  id: number,
  locale: Locale,
): Promise<'marked' | 'unknown' | 'current'> {
  const state = tr.table as unknown as Record<'missing' | 'outdated', AnyPgColumn>;
  const rows = await tx
    .select({ language_code: tr.table.language_code, missing: state.missing, outdated: state.outdated })
    .from(tr.table)
    .where(eq(tr.ownerColumn, id))
    .for('update');
  const stateOf = (l: Locale) => {
    const row = rows.find((r) => r.language_code === l);
    return { missing: Boolean(row?.missing), outdated: Boolean(row?.outdated) && l !== locale };
  };
  if (rows.length === 0) return 'unknown';
  if (!rows.find((r) => r.language_code === locale)?.outdated) return 'current';
  const recordFlags = recordFlagsOf({ sk: stateOf('sk'), en: stateOf('en') });
  const flagSet = Object.fromEntries(
    TRANSLATION_FILTERS.map((filter) => [`translation_${filter}`, recordFlags[filter]]),
  );
  await tx
    .update(tr.table)
    .set({ outdated: false, current_at: sql`now()` } as Record<string, unknown>)
    .where(and(eq(tr.ownerColumn, id), eq(tr.table.language_code, locale)));
  await tx.update(tr.table).set(flagSet).where(eq(tr.ownerColumn, id));
  await tx.update(tr.owner).set(flagSet).where(eq(tr.owner.id, id));
  return 'marked';
}

/**
 * The translated half of each owner table, as its module declared it: the generic routes find a record's
 * language rows from its table (static configuration, the same in every process).
 */
const TRANSLATED_OWNERS = new Map<PgTable, Translations>();
export const translationsOf = (owner: PgTable): Translations | undefined => TRANSLATED_OWNERS.get(owner);

/** Each locale's translation state of one record (docs/features/translations.md); undefined without its rows. */
export async function translationStatusOf(
  db: Db,
  tr: Translations,
  id: number,
): Promise<TranslationStatus | undefined> {
  const flags = tr.table as unknown as Record<'missing' | 'outdated', AnyPgColumn>;
  const rows = await db
    .select({ language_code: tr.table.language_code, missing: flags.missing, outdated: flags.outdated })
    .from(tr.table)
    .where(eq(tr.ownerColumn, id));
  if (rows.length === 0) return undefined;
  const stateOf = (locale: Locale): TranslationState => {
    const row = rows.find((r) => r.language_code === locale);
    return row?.missing ? 'missing' : row?.outdated ? 'outdated' : 'complete';
  };
  return { sk: stateOf('sk'), en: stateOf('en') };
}

/**
 * The translation state of both locales after a save (docs/features/translations.md): which changed, which is
 * outdated now, which misses a field the other fills.
 */
export function translationState<F extends string>(
  fields: readonly F[],
  next: Langs<Record<F, string>>,
  previous: (locale: Locale) => (Record<F, unknown> & { outdated: boolean }) | undefined,
): Record<Locale, { changed: boolean; outdated: boolean; missing: boolean }> {
  const other = (locale: Locale): Locale => (locale === 'sk' ? 'en' : 'sk');
  const changed = (locale: Locale) => {
    const before = previous(locale);
    return !before || fields.some((f) => String(before[f] ?? '') !== next[locale][f]);
  };
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const mine = changed(locale);
      const theirs = changed(other(locale));
      const wasOutdated = previous(locale)?.outdated ?? false;
      const otherWasOutdated = previous(other(locale))?.outdated ?? false;
      // A locale edited now is up to date; one left alone falls behind when the other changed, unless that
      // change was the other catching up (it was the outdated one).
      const outdated = mine ? false : theirs ? !otherWasOutdated || wasOutdated : wasOutdated;
      const missing = fields.some(
        (f) => isEmptyTranslation(next[locale][f]) && !isEmptyTranslation(next[other(locale)][f]),
      );
      return [locale, { changed: mine, outdated, missing }];
    }),
  ) as Record<Locale, { changed: boolean; outdated: boolean; missing: boolean }>;
}

/**
 * The record's translation flags after a save (docs/features/translations.md): a locale misses a field, one of the
 * two is outdated, the Slovak is, the English is.
 */
export const recordFlagsOf = (
  state: Record<Locale, { outdated: boolean; missing: boolean }>,
): Record<TranslationFilter, boolean> => ({
  missing_sk: state.sk.missing,
  missing_en: state.en.missing,
  outdated: state.sk.outdated || state.en.outdated,
  outdated_sk: state.sk.outdated,
  outdated_en: state.en.outdated,
});

export type Translations = Pick<
  ReturnType<typeof translations>,
  'owner' | 'table' | 'joinOn' | 'ownerColumn' | 'flags' | 'recordKey'
>;

/**
 * Whether another live record already uses `value` as its title_url in `lang` (docs/data.md): the record being
 * edited (`exceptId`) and soft-deleted records do not count.
 */
export async function titleUrlTaken(
  db: Db | Tx,
  tr: Translations & { table: { title_url: AnyPgColumn } },
  check: { value: string; lang: Locale; exceptId?: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: tr.owner.id })
    .from(tr.owner)
    .innerJoin(tr.table, tr.joinOn(check.lang))
    .where(
      and(
        eq(tr.table.title_url, check.value),
        isNull(tr.owner.deleted_at),
        check.exceptId ? ne(tr.owner.id, check.exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

type TitleUrlTranslations = Translations & { table: { title_url: AnyPgColumn } };

/** `langs.<locale>.title_url: [errors.titleUrlUnique]` for each locale whose title_url another live record holds. */
export async function titleUrlErrors(
  db: Db | Tx,
  tr: TitleUrlTranslations,
  langs: Record<Locale, { title_url: string }>,
  id: number,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const locale of LOCALES) {
    if (await titleUrlTaken(db, tr, { value: langs[locale].title_url, lang: locale, exceptId: id })) {
      errors[`langs.${locale}.title_url`] = [ERR.titleUrlUnique];
    }
  }
  return errors;
}

/** Serialises the saves of one resource on its title_url check, so two editors cannot take the same free value. */
export const lockTitleUrls = (tx: Tx, tr: TitleUrlTranslations) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${getTableName(tr.table)}))`);
