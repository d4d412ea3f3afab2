import type { PanelInput, PanelRecord, PanelRow } from '@backoffice/shared';
import { createResourceApi } from './resource';

/** Panels, /api/content/panel/ (spec 1 §7). */
export const panelApi = createResourceApi<PanelRow, PanelRecord, PanelInput>('panels', '/api/content/panel/');
