import { z } from 'zod';
import { INT4_MAX } from '../constants.js';
import { ERR } from '../messages.js';
import { zBool, zLangs, zTitleContentLang, zUpdatedAt } from '../zod-helpers.js';
import type { Langs } from './common.js';

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

export interface PanelRow {
  id: number;
  title: string;
  status: boolean;
  priority: number;
  pages_count: number;
  updated_at: string;
  deleted_at: string | null;
}

export interface PanelRecord {
  id: number;
  status: boolean;
  priority: number;
  langs: Langs<{ title: string; content: string }>;
  pages_count: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
