import type { ReferenceInput, ReferenceRecord, ReferenceRow } from '@backoffice/shared';
import { createResourceApi } from './resource';

/** References, /api/reference/. */
export const referenceApi = createResourceApi<ReferenceRow, ReferenceRecord, ReferenceInput>(
  'references',
  '/api/reference/',
);
