import { LOCALES, type Locale, SETTINGS, type SettingsName } from '@backoffice/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { countries, settings, settingValues } from '../db/schema.js';

type Defaults = Record<string, string | Record<Locale, string>>;

/** The demo company's settings: a value for both locales, or one per locale (docs/spec-index.md S2.3 Settings). */
export const DEFAULTS: Record<SettingsName, Defaults> = {
  main: {
    meta_title: { sk: 'Stavby Demo – stavebné práce a rekonštrukcie', en: 'Stavby Demo – construction and renovation' },
    meta_description: {
      sk: 'Stavby Demo s.r.o. stavia rodinné domy, rekonštruuje byty a pripravuje cenové ponuky na mieru. Pozrite si naše referencie a napíšte nám.',
      en: 'Stavby Demo Ltd. builds family houses, renovates flats and prepares tailor-made price offers. See our references and get in touch with us.',
    },
    og_title: { sk: 'Stavby Demo', en: 'Stavby Demo' },
    og_description: {
      sk: 'Rodinné domy, rekonštrukcie a stavebné práce v Bratislave a okolí. Kvalitne, v termíne a za dohodnutú cenu.',
      en: 'Family houses, renovations and building work in and around Bratislava. Quality work, on time and at the agreed price.',
    },
    og_image: '',
    favicon: '',
    copyright: { sk: '© Stavby Demo s.r.o. Všetky práva vyhradené.', en: '© Stavby Demo Ltd. All rights reserved.' },
  },
  contact: {
    contact_name: { sk: 'Stavby Demo s.r.o.', en: 'Stavby Demo Ltd.' },
    contact_address: 'Hlavná 12',
    contact_city: 'Bratislava',
    contact_zip: '811 01',
    contact_country_id: '',
    contact_lat: '48.1486',
    contact_lng: '17.1077',
    contact_business_id: '12345678',
    contact_tax_id: '2023456789',
    contact_vat: 'SK2023456789',
    contact_bank: { sk: 'Demo banka, a.s.', en: 'Demo Bank plc' },
    contact_iban: 'SK31 1200 0000 1987 4263 7541',
    contact_swift: 'DEMOSKBX',
    contact_others: { sk: 'Po – Pi: 8.00 – 16.00', en: 'Mon – Fri: 8 am – 4 pm' },
  },
  email: {
    email_recipient: 'office@example.com',
    email_sender: 'no-reply@example.com',
    email_sender_name: { sk: 'Stavby Demo', en: 'Stavby Demo' },
    mailchimp_api_key: '',
    mailchimp_list_id: '',
  },
  social: {
    social_facebook_app_id: '',
    social_facebook_link: 'https://www.facebook.com/',
    social_instagram_link: 'https://www.instagram.com/',
    social_twitter_link: '',
    social_youtube_link: 'https://www.youtube.com/',
    social_linkedin_link: 'https://www.linkedin.com/',
  },
};

/**
 * The four settings records with a value for every key and locale (README.md). Idempotent: a record or a value
 * that exists is never overwritten; a key added later gets its default on the next start. The contact country is
 * Slovakia once the countries are there.
 */
export async function seedSettings(db: Db) {
  await db
    .insert(settings)
    .values((Object.keys(SETTINGS) as SettingsName[]).map((name) => ({ id: SETTINGS[name].id, name })))
    .onConflictDoNothing();
  const [slovakia] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'SK')).limit(1);
  const rows = (Object.keys(SETTINGS) as SettingsName[]).flatMap((name) =>
    SETTINGS[name].keys.flatMap((key) =>
      LOCALES.map((language_code) => {
        const value = DEFAULTS[name][key] ?? '';
        const text = typeof value === 'string' ? value : value[language_code];
        const country = key === 'contact_country_id' && slovakia ? String(slovakia.id) : text;
        return { setting_id: SETTINGS[name].id, key, language_code, value: country };
      }),
    ),
  );
  await db.insert(settingValues).values(rows).onConflictDoNothing();
  if (slovakia)
    await db
      .update(settingValues)
      .set({ value: String(slovakia.id) })
      .where(
        and(
          eq(settingValues.setting_id, SETTINGS.contact.id),
          eq(settingValues.key, 'contact_country_id'),
          eq(settingValues.value, ''),
        ),
      );
}
