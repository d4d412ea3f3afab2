import type { Locale } from '@backoffice/shared';
import dayjs from 'dayjs';

/** Date-time formats of the lists (docs/spec-index.md S2.9). */
export const DATE_TIME_FORMAT: Record<Locale, string> = { sk: 'D.M.YYYY HH:mm:ss', en: 'YYYY-MM-DD HH:mm:ss' };

/** A server timestamp in the browser's zone and the language's format; empty for null. */
export function formatDateTime(value: string | null | undefined, language: Locale): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT[language]) : '';
}
