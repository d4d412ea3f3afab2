import { z } from 'zod';
import { zBool, zIdList, zLangs, zTitleContentLang, zUpdatedAt } from '../zod-helpers.js';

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
