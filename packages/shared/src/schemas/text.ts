import { z } from 'zod';
import type { Option, TextRecord, TextRow } from '../api.js';
import { zBool, zIdList, zLangs, zTitleContentLang, zUpdatedAt } from '../zod-helpers.js';
import { recordStampsShape, rowStampsShape, rowTranslationShape, zInt } from './article.js';

/** Text block (docs/spec-index.md S1.2 Text form, S1.3, S1.5): per-locale title and content, positions, status. */
export const textSchema = z.object({
  langs: zLangs(zTitleContentLang),
  positions: zIdList,
  status: zBool.default(true),
  updated_at: zUpdatedAt,
});
export type TextInput = z.infer<typeof textSchema>;

/** The list's sortable columns; the first is the default (updated_at descending). */
export const TEXT_SORTS = ['updated_at', 'title', 'status', 'id'] as const;
export const TEXT_DEFAULT_SORT = { sort: 'updated_at', order: 'desc' } as const;

/** A text position (`GET /api/content/text/positions`, a text row's positions): its id and title. */
export const textPositionSchema = z.object({ id: zInt, title: z.string() }).meta({ id: 'TextPosition' });

/** A row of the text list (`GET /api/content/text`), with the positions it shows in. */
export const textRowSchema = z
  .object({
    id: zInt,
    title: z.string(),
    status: z.boolean(),
    positions: z.array(textPositionSchema),
    ...rowTranslationShape,
    ...rowStampsShape,
  })
  .meta({ id: 'TextRow' });

/** A text as its form loads it (`GET /api/content/text/{id}`): both locales and the ids of its positions. */
export const textRecordSchema = z
  .object({
    id: zInt,
    status: z.boolean(),
    langs: zLangs(z.object({ title: z.string(), content: z.string() })),
    positions: z.array(zInt),
    ...recordStampsShape,
  })
  .meta({ id: 'TextRecord' });

// The schemas above and the interfaces of api.ts describe the same answers (a compile-time check).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const textShapesAgree: [
  Same<Omit<z.output<typeof textRowSchema>, 'translation'>, TextRow>,
  Same<z.output<typeof textRecordSchema>, TextRecord>,
  Same<z.output<typeof textPositionSchema>, Option>,
] = [true, true, true];
