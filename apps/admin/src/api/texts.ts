import type { TextInput, TextRecord, TextRow } from '@backoffice/shared';
import { useTitleOptions } from './options';
import { createResourceApi } from './resource';

/** Texts, /api/content/text/ (docs/spec-index.md S1.7). */
export const textApi = createResourceApi<TextRow, TextRecord, TextInput>('texts', '/api/content/text/');

/** GET /api/content/text/positions → options for the position filter and the form. */
export const useTextPositions = () => useTitleOptions(`${textApi.base}positions`, 5 * 60_000);
