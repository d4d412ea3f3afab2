import { z } from 'zod';
import { LIMITS, LOCALES, type Locale } from '../constants.js';
import { ERR } from '../messages.js';
import { zRequiredId, zUpdatedAt } from '../zod-helpers.js';

/**
 * The four settings records (docs/spec-index.md S2.3 Settings, S2.9): their ids and the keys each holds. Every key has a value per
 * locale (`{key: {sk, en}}`, docs/features/settings-and-mail.md); `GET`/`POST /api/settings/{id}`.
 */
export const SETTINGS = {
  main: {
    id: 1,
    keys: [
      'meta_title',
      'meta_description',
      'og_title',
      'og_description',
      'og_image',
      'favicon',
      'copyright',
      'search_indexing',
    ],
  },
  contact: {
    id: 2,
    keys: [
      'contact_name',
      'contact_address',
      'contact_city',
      'contact_zip',
      'contact_country_id',
      'contact_lat',
      'contact_lng',
      'contact_business_id',
      'contact_tax_id',
      'contact_vat',
      'contact_bank',
      'contact_iban',
      'contact_swift',
      'contact_others',
    ],
  },
  email: {
    id: 3,
    keys: ['email_recipient', 'email_sender', 'email_sender_name', 'mailchimp_api_key', 'mailchimp_list_id'],
  },
  social: {
    id: 4,
    keys: [
      'social_facebook_app_id',
      'social_facebook_link',
      'social_instagram_link',
      'social_twitter_link',
      'social_youtube_link',
      'social_linkedin_link',
    ],
  },
} as const;
export type SettingsName = keyof typeof SETTINGS;
export type SettingsId = (typeof SETTINGS)[SettingsName]['id'];

/**
 * The keys that hold credentials (SECURITY.md): write-only. Every key of the four records was weighed: only the
 * mailing service's API key grants access to anything. Not secret: the list id (names an audience, useless without
 * the key), the Facebook app id (public, it goes into the site's pages), the bank details (printed in the footer).
 * The SMTP credentials are no setting at all (SMTP_URL, the server's environment).
 */
export const SETTINGS_SECRETS: Partial<Record<SettingsName, readonly string[]>> = { email: ['mailchimp_api_key'] };

/** Whether `key` of record `name` is a secret. */
export const isSettingsSecret = (name: SettingsName, key: string): boolean =>
  SETTINGS_SECRETS[name]?.includes(key) ?? false;

/** What the API says about one stored secret instead of its value: whether one is set and, for a long one, its end. */
export interface SecretState {
  set: boolean;
  last4: string | null;
}
/** The secrets of a record: `{mailchimp_api_key: {sk: {set, last4}, en: {set, last4}}}`. */
export type SettingsSecrets = Record<string, Record<Locale, SecretState>>;

/** The prefix of a masked secret; a credential never starts with it, so a value starting with it means "keep". */
export const SECRET_MASK = '••••';
/** The last 4 characters are shown only of a secret at least this long (of a short one they would give too much). */
export const SECRET_LAST4_MIN = 12;
/** The longest secret a save takes. */
export const SECRET_MAX = 255;

/** The state of a stored secret (`''` = none). */
export const secretState = (stored: string): SecretState => ({
  set: stored !== '',
  last4: stored.length >= SECRET_LAST4_MIN ? stored.slice(-4) : null,
});

/** A secret as the API answers it in `data`: `''` when none is set, else `••••` and its last 4 (`••••abcd`). */
export const maskSecret = (state: SecretState): string => (state.set ? `${SECRET_MASK}${state.last4 ?? ''}` : '');

/**
 * A secret's value in a save that keeps the stored one: absent, blank or a masked value sent back as it was
 * loaded. `@delete@` clears it; anything else replaces it.
 */
export const keepsSecret = (value: unknown): boolean =>
  value == null || (typeof value === 'string' && (value.trim() === '' || value.startsWith(SECRET_MASK)));

/* ── The rules of each settings record (docs/spec-index.md S2.5), one value per locale: `{meta_title: {sk, en}, …}` ── */

/** Blank (missing, null) becomes '' before the rule runs. */
const blank = (v: unknown) => (v == null ? '' : v);
const zMin = (min: number, key: string, max = 255) =>
  z.preprocess(blank, z.string({ error: key }).trim().min(min, key).max(max, key));
const zOptionalText = (max: number) =>
  z.preprocess(blank, z.string({ error: ERR.invalid }).trim().max(max, ERR.invalid));
const zEmailValue = z.preprocess(blank, z.string({ error: ERR.email }).trim().max(255, ERR.email).email(ERR.email));
/** A coordinate: blank, or a decimal number within ±180. */
const zCoordinate = z.preprocess(
  (v) => (v == null ? '' : typeof v === 'number' ? String(v) : v),
  z
    .string({ error: ERR.invalid })
    .trim()
    .refine((s) => s === '' || (/^-?\d{1,3}(\.\d{1,12})?$/.test(s) && Math.abs(Number(s)) <= 180), ERR.invalid),
);
/** A country of the `countries` table (GET /api/country); the server checks that it exists. */
const zCountryId = z.preprocess(
  (v) => (v === '' || v == null || v === 0 || v === '0' || v === 'null' ? undefined : v),
  zRequiredId,
);
/** A web address the public site links to: blank or absolute http(s). */
const zLink = z.preprocess(
  blank,
  z
    .string({ error: ERR.invalid })
    .trim()
    .max(255, ERR.invalid)
    .refine((s) => s === '' || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(s), ERR.invalid),
);

/**
 * `{sk: rule, en: rule}` for one key. A key left out of a save keeps its stored value (the admin always sends all
 * of them; a stored value already passed these rules).
 */
const perLocale = <T extends z.ZodType>(rule: T) =>
  z.object(Object.fromEntries(LOCALES.map((l) => [l, rule])) as Record<Locale, T>).optional();

/** Whether search engines may index a locale of the site (robots.txt, the sitemap, `noindex`); blank = on. */
export const SEARCH_INDEXING = ['on', 'off'] as const;
const zIndexing = z.enum(SEARCH_INDEXING, { error: ERR.invalid });

/** Main settings (id 1): the site's SEO defaults and copyright; og_image and favicon are files, sent beside. */
export const mainSettingsSchema = z.object({
  meta_title: perLocale(zMin(LIMITS.titleMin, ERR.min3)),
  meta_description: perLocale(zMin(100, ERR.min100max160, LIMITS.metaDescriptionMax)),
  og_title: perLocale(zMin(LIMITS.titleMin, ERR.min3)),
  og_description: perLocale(zMin(100, ERR.min100max160, LIMITS.metaDescriptionMax)),
  copyright: perLocale(zOptionalText(255)),
  search_indexing: perLocale(z.preprocess((v) => (v == null || v === '' ? 'on' : v), zIndexing)),
  updated_at: zUpdatedAt,
});

/** Contact settings (id 2): the company and its address, shown in the public site's footer. */
export const contactSettingsSchema = z.object({
  contact_name: perLocale(zMin(LIMITS.titleMin, ERR.min3)),
  contact_address: perLocale(zMin(LIMITS.titleMin, ERR.min3)),
  contact_city: perLocale(zMin(LIMITS.nameMin, ERR.min2)),
  contact_zip: perLocale(zMin(LIMITS.titleMin, ERR.min3, 32)),
  contact_country_id: perLocale(zCountryId),
  contact_lat: perLocale(zCoordinate),
  contact_lng: perLocale(zCoordinate),
  contact_business_id: perLocale(zOptionalText(64)),
  contact_tax_id: perLocale(zOptionalText(64)),
  contact_vat: perLocale(zOptionalText(64)),
  contact_bank: perLocale(zOptionalText(255)),
  contact_iban: perLocale(zOptionalText(64)),
  contact_swift: perLocale(zOptionalText(32)),
  contact_others: perLocale(zOptionalText(2000)),
  updated_at: zUpdatedAt,
});

/** E-mail settings (id 3): who receives the site's forms and whom the mail comes from (the sender is fixed). */
export const emailSettingsSchema = z.object({
  email_recipient: perLocale(zEmailValue),
  email_sender: perLocale(zEmailValue),
  email_sender_name: perLocale(zMin(LIMITS.titleMin, ERR.min3)),
  mailchimp_api_key: perLocale(zOptionalText(SECRET_MAX)),
  mailchimp_list_id: perLocale(zOptionalText(255)),
  updated_at: zUpdatedAt,
});

/** Social settings (id 4): links of the footer (blank or http(s)); no rule is shown by the spec beyond that. */
export const socialSettingsSchema = z.object({
  social_facebook_app_id: perLocale(zOptionalText(64)),
  social_facebook_link: perLocale(zLink),
  social_instagram_link: perLocale(zLink),
  social_twitter_link: perLocale(zLink),
  social_youtube_link: perLocale(zLink),
  social_linkedin_link: perLocale(zLink),
  updated_at: zUpdatedAt,
});

/** The save rules of each record by name. */
export const SETTINGS_SCHEMAS = {
  main: mainSettingsSchema,
  contact: contactSettingsSchema,
  email: emailSettingsSchema,
  social: socialSettingsSchema,
} as const;

/**
 * The keys a save requires (the rules above refuse them blank): a new site holds them empty (seed/settings.ts), and the
 * dashboard lists those still empty to role 1 until they are filled in.
 */
export const SETTINGS_REQUIRED: Record<SettingsName, readonly string[]> = {
  main: ['meta_title', 'meta_description', 'og_title', 'og_description'],
  contact: ['contact_name', 'contact_address', 'contact_city', 'contact_zip', 'contact_country_id'],
  email: ['email_recipient', 'email_sender', 'email_sender_name'],
  social: [],
};

/** The keys of a record that hold image files (served from /gallery/settings/{id}/thumb/). */
export const SETTINGS_IMAGES: Partial<Record<SettingsName, readonly string[]>> = { main: ['og_image', 'favicon'] };
/** Keys shown but never changed through the API (docs/spec-index.md S2.2: the sender field is disabled). */
export const SETTINGS_READONLY: Partial<Record<SettingsName, readonly string[]>> = { email: ['email_sender'] };

/** One settings record as the API answers it: every key with a value per locale (contact_country_id a number). */
export type SettingsValues = Record<string, Record<Locale, string | number | null>>;
export type MainSettingsInput = z.infer<typeof mainSettingsSchema>;
export type ContactSettingsInput = z.infer<typeof contactSettingsSchema>;
export type EmailSettingsInput = z.infer<typeof emailSettingsSchema>;
export type SocialSettingsInput = z.infer<typeof socialSettingsSchema>;

/** The record name of a settings id, if it is one. */
export const settingsNameOf = (id: number): SettingsName | undefined =>
  (Object.keys(SETTINGS) as SettingsName[]).find((name) => SETTINGS[name].id === id);

/* ── Answers of `GET`/`POST /api/settings/{id}` (docs/features/settings-and-mail.md) ── */

const textPerLocale = z.object({ sk: z.string(), en: z.string() });
/** contact_country_id: a country id per locale, null when blank. */
const countryPerLocale = z.object({ sk: z.number().int().nullable(), en: z.number().int().nullable() });

/** The values of one record: every key of `SETTINGS[name].keys` with its value per locale; secrets masked. */
const settingsValuesSchema = (name: SettingsName) =>
  z
    .object(
      Object.fromEntries(
        SETTINGS[name].keys.map((key) => [key, key === 'contact_country_id' ? countryPerLocale : textPerLocale]),
      ),
    )
    .meta({
      id: `${name[0]?.toUpperCase()}${name.slice(1)}Settings`,
      description:
        name === 'main'
          ? 'og_image and favicon name their files under /gallery/settings/1/ (empty when none).'
          : name === 'email'
            ? `mailchimp_api_key is never answered: '' when none is set, else ${SECRET_MASK} and its last 4 characters (of a key of ${SECRET_LAST4_MIN} or more).`
            : undefined,
    });

/** The values of each settings record as answered, by name. */
export const SETTINGS_VALUES_SCHEMAS = {
  main: settingsValuesSchema('main'),
  contact: settingsValuesSchema('contact'),
  email: settingsValuesSchema('email'),
  social: settingsValuesSchema('social'),
} as const;

/** `SecretState` as answered: whether a secret is set and, for a long one, its last 4 characters. */
export const secretStateSchema = z
  .object({ set: z.boolean(), last4: z.string().nullable() })
  .meta({ id: 'SecretState' });
/** The secrets of a record by key (`{mailchimp_api_key: {sk: SecretState, en: SecretState}}`; `{}` when none). */
const settingsSecretsSchema = z.record(z.string(), z.object({ sk: secretStateSchema, en: secretStateSchema }));

/** What the caller may do with the settings (the admin hides what the server would refuse). */
const settingsAbilitiesSchema = z.object({ update: z.boolean(), updateSecrets: z.boolean() });

/** `GET /api/settings/{id}`: the record's values (one of the four shapes), its secrets' states, updated_at, abilities. */
export const settingsResponseSchema = z.object({
  data: z.union([
    SETTINGS_VALUES_SCHEMAS.main,
    SETTINGS_VALUES_SCHEMAS.contact,
    SETTINGS_VALUES_SCHEMAS.email,
    SETTINGS_VALUES_SCHEMAS.social,
  ]),
  secrets: settingsSecretsSchema,
  updated_at: z.iso.datetime(),
  abilities: settingsAbilitiesSchema,
});

/** `POST /api/settings/{id}` of record `name`: `{message, data, secrets, updated_at}` after the save. */
export const settingsSavedSchema = (name: SettingsName) =>
  z.object({
    message: z.string(),
    data: SETTINGS_VALUES_SCHEMAS[name],
    secrets: settingsSecretsSchema,
    updated_at: z.iso.datetime(),
  });
