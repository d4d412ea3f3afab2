import { z } from 'zod';
import { INT4_MAX } from '../constants.js';
import { ERR } from '../messages.js';
import { zBool, zLangs, zTitleContentLang, zUpdatedAt } from '../zod-helpers.js';
import { recordStampsShape, rowStampsShape, rowTranslationShape, zInt } from './article.js';

/** Panel (docs/spec-index.md S1.2 Panel form, S1.3, S1.5): per-locale title and content, status, priority ≥ 1 (errors.min1). */
export const panelSchema = z.object({
  langs: zLangs(zTitleContentLang),
  status: zBool.default(true),
  priority: z.coerce.number({ error: ERR.min1 }).int(ERR.min1).min(1, ERR.min1).max(INT4_MAX, ERR.invalid),
  updated_at: zUpdatedAt,
});
export type PanelInput = z.infer<typeof panelSchema>;

/** The list's sortable columns; the default is priority ascending (docs/spec-index.md S1.9). */
export const PANEL_SORTS = ['priority', 'title', 'status', 'pages_count', 'updated_at', 'id'] as const;
export const PANEL_DEFAULT_SORT = { sort: 'priority', order: 'asc' } as const;

/** A row of the panel list (`GET /api/content/panel`); `pages_count` is how many pages show the panel. */
export const panelRowSchema = z
  .object({
    id: zInt,
    title: z.string(),
    status: z.boolean(),
    priority: zInt,
    pages_count: zInt,
    ...rowTranslationShape,
    ...rowStampsShape,
  })
  .meta({ id: 'PanelRow' });
export type PanelRow = z.output<typeof panelRowSchema>;

/** A panel as its form loads it (`GET /api/content/panel/{id}`). */
export const panelRecordSchema = z
  .object({
    id: zInt,
    status: z.boolean(),
    priority: zInt,
    langs: zLangs(z.object({ title: z.string(), content: z.string() })),
    pages_count: zInt,
    ...recordStampsShape,
  })
  .meta({ id: 'PanelRecord' });
export type PanelRecord = z.output<typeof panelRecordSchema>;
