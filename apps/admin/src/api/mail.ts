import type { Locale, MailTemplateInput, MailTemplateRecord, MailTemplateRow } from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import { type MessageResponse, request } from './client';
import { createResourceApi } from './resource';

/** Mail templates, /api/mail/ (docs/spec-index.md S2.7): list, record, save; no create and no delete. */
export const mailApi = createResourceApi<MailTemplateRow, MailTemplateRecord, MailTemplateInput>('mail', '/api/mail/');

/** A template's HTML filled with sample values (`GET /api/mail/preview/{id}` → `{content}`); null asks nothing. */
export function useMailPreview(id: number | null) {
  return useQuery({
    queryKey: ['mail', 'preview', id],
    queryFn: ({ signal }) =>
      request<{ content: string; subject: string }>('GET', `/api/mail/preview/${id}`, { signal }),
    enabled: id !== null,
    gcTime: 0,
    staleTime: 0,
  });
}

/** Mails the saved template in `lang` with sample values to the signed-in user (`POST /api/mail/{id}/test`). */
export const sendTestMail = (id: number, lang: Locale) =>
  request<MessageResponse>('POST', `/api/mail/${id}/test`, { body: { lang } });
