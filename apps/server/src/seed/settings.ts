import { LOCALES, type Locale, SETTINGS, type SettingsName } from '@backoffice/shared';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { countries, settings, settingValues } from '../db/schema.js';

type Defaults = Record<string, string | Record<Locale, string>>;

/** What the first values of a new site come from: the first administrator, MAIL_FROM, the public address. */
type SettingsConfig = Partial<Pick<Config, 'adminEmail' | 'mailFrom' | 'appUrl'>>;

/**
 * The settings of a new site (docs/spec-index.md, "Settings"): nothing of anyone's company. The texts stay empty
 * until role 1 fills them in (the dashboard lists what is still empty); the form mails go to the first administrator
 * and leave from MAIL_FROM, else from no-reply at the site's host (`seedSettings`). A value for both locales, or one
 * per locale.
 */
export const DEFAULTS: Record<SettingsName, Defaults> = {
  main: {
    meta_title: '',
    meta_description: '',
    og_title: '',
    og_description: '',
    og_image: '',
    favicon: '',
    copyright: '',
    search_indexing: 'on',
  },
  contact: {
    contact_name: '',
    contact_address: '',
    contact_city: '',
    contact_zip: '',
    contact_country_id: '',
    contact_lat: '',
    contact_lng: '',
    contact_business_id: '',
    contact_tax_id: '',
    contact_vat: '',
    contact_bank: '',
    contact_iban: '',
    contact_swift: '',
    contact_others: '',
  },
  email: { email_recipient: '', email_sender: '', email_sender_name: '', mailchimp_api_key: '', mailchimp_list_id: '' },
  social: {
    social_facebook_app_id: '',
    social_facebook_link: '',
    social_instagram_link: '',
    social_twitter_link: '',
    social_youtube_link: '',
    social_linkedin_link: '',
  },
};

/** The demo company's settings (`npm run demo`): a value for both locales, or one per locale. */
export const DEMO_SETTINGS: Record<SettingsName, Defaults> = {
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
    search_indexing: 'on',
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
export async function seedSettings(db: Db, config: SettingsConfig = {}) {
  const mailDefaults: Record<string, string> = {
    email_recipient: config.adminEmail ?? '',
    email_sender: config.mailFrom?.address ?? (config.appUrl ? `no-reply@${new URL(config.appUrl).hostname}` : ''),
    email_sender_name: config.mailFrom?.name ?? '',
  };
  await db
    .insert(settings)
    .values((Object.keys(SETTINGS) as SettingsName[]).map((name) => ({ id: SETTINGS[name].id, name })))
    .onConflictDoNothing();
  const [slovakia] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'SK')).limit(1);
  const rows = (Object.keys(SETTINGS) as SettingsName[]).flatMap((name) =>
    SETTINGS[name].keys.flatMap((key) =>
      LOCALES.map((language_code) => {
        const value = mailDefaults[key] || (DEFAULTS[name][key] ?? '');
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

/**
 * The demo company in place of the new site's empty values (`npm run demo`, once per database): every text still
 * empty becomes the demo's, one somebody saved stays; the mail addresses become the demo's.
 */
export async function seedDemoSettings(db: Db) {
  for (const name of Object.keys(SETTINGS) as SettingsName[]) {
    for (const [key, value] of Object.entries(DEMO_SETTINGS[name])) {
      if (key === 'contact_country_id') continue;
      for (const language_code of LOCALES) {
        const text = typeof value === 'string' ? value : value[language_code];
        await db
          .update(settingValues)
          .set({ value: text })
          .where(
            and(
              eq(settingValues.setting_id, SETTINGS[name].id),
              eq(settingValues.key, key),
              eq(settingValues.language_code, language_code),
              key.startsWith('email_') ? undefined : eq(settingValues.value, ''),
            ),
          );
      }
    }
  }
}
