/**
 * The four settings records (spec 2 §3 Settings, §9): their ids and the keys each holds. Every key has a value per
 * locale (`{key: {sk, en}}`, DESIGN §4); `GET`/`POST /api/settings/{id}`.
 */
export const SETTINGS = {
  main: {
    id: 1,
    keys: ['meta_title', 'meta_description', 'og_title', 'og_description', 'og_image', 'favicon', 'copyright'],
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
