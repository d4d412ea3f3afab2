import type { PartnerInput, PartnerRecord, PartnerRow } from '@backoffice/shared';
import { createResourceApi } from './resource';

/** Partners, /api/partner/. */
export const partnerApi = createResourceApi<PartnerRow, PartnerRecord, PartnerInput>('partners', '/api/partner/');
