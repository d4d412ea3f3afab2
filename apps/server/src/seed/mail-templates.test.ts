import { readFileSync } from 'node:fs';
import type { Locale } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATE_DEFAULTS } from './mail-templates.js';

/** The admin's labels of a submission's fields (its detail panel), per language. */
const adminLabels = (locale: Locale): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../../admin/src/i18n/${locale}.json`, import.meta.url), 'utf8')).forms.fields;

describe('the staff mails of the forms', () => {
  it("label every field as the admin's submission detail does, in both languages", () => {
    for (const event of ['contact', 'price', 'registration'] as const) {
      for (const locale of ['sk', 'en'] as const) {
        const labels = adminLabels(locale);
        const rows = [...MAIL_TEMPLATE_DEFAULTS[event][locale].content.matchAll(/<th>([^<]+)<\/th><td>%form\.(\w+)%/g)];
        expect(rows.length).toBeGreaterThan(4);
        for (const [, label, field] of rows) {
          // A company form's name is the company's (formResources.tsx companyFields).
          const key = field === 'name' && event !== 'contact' ? 'companyName' : (field as string);
          expect({ event, locale, field, label }).toEqual({ event, locale, field, label: labels[key] });
        }
      }
    }
  });
});
