import type { PanelInput, PanelRecord, PanelRow } from '@backoffice/shared';
import { useLangOptions } from './options';
import { createResourceApi } from './resource';

/** Panels, /api/content/panel/ (docs/spec-index.md S1.7). */
export const panelApi = createResourceApi<PanelRow, PanelRecord, PanelInput>('panels', '/api/content/panel/');

/** GET /api/content/panel/list/ → the panels a page may show. */
export const usePanelOptions = () => useLangOptions('/api/content/panel/list/');
