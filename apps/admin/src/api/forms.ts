import type { ContactRecord, FormRow, PriceRecord, RegistrationRecord } from '@backoffice/shared';
import { createResourceApi } from './resource';

/**
 * Form submissions (docs/spec-index.md S2.7): `/api/form/{contact|price|registration}/` lists and records, removal one by one or
 * `array/destroy`. The admin never creates or updates them (the public site does), so their input type is `never`.
 */
export const formContactApi = createResourceApi<FormRow, ContactRecord, never>('formContacts', '/api/form/contact/');
export const formPriceApi = createResourceApi<FormRow, PriceRecord, never>('formPrices', '/api/form/price/');
export const formRegistrationApi = createResourceApi<FormRow, RegistrationRecord, never>(
  'formRegistrations',
  '/api/form/registration/',
);
