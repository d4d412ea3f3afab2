import { z } from 'zod';
import { LOCALES, type Locale } from '../constants.js';
import { zCheckedRecordId } from '../zod-helpers.js';

/**
 * The remote title_url check (docs/api.md Uniqueness checks): the value, its locale and the record being edited
 * (0 or missing for a new record). Sent as a query (GET) or a body (POST).
 */
export const titleUrlCheckSchema = z.object({
  value: z.string().trim().max(255).default(''),
  language_code: z.enum(LOCALES),
  id: zCheckedRecordId,
});
export type TitleUrlCheck = z.infer<typeof titleUrlCheckSchema>;

/** An option whose title is in the request language (modules, panels, galleries: docs/spec-index.md S1.3 Option lists). */
export interface LangOption {
  id: number;
  lang: { title: string };
}

/** An option shown by its label (categories, parents: docs/spec-index.md S1.3 Option lists). */
export interface LabelOption {
  id: number;
  label: string;
}

/** `LangOption` as a schema for answers (`{data: LangOption[]}`). */
export const langOptionSchema = z
  .object({ id: z.number().int(), lang: z.object({ title: z.string() }) })
  .meta({ id: 'LangOption' });

/** `LabelOption` as a schema for answers; the category tree is such a list, each label indented by its depth. */
export const labelOptionSchema = z.object({ id: z.number().int(), label: z.string() }).meta({ id: 'LabelOption' });

/** Translated fields of a record, keyed by locale. */
export type Langs<T> = Record<Locale, T>;
