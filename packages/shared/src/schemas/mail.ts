/**
 * The events the product sends mail for; each has one template (spec 2 §3 Mail template, DESIGN §4). A template's
 * `%model.property%` placeholders are filled from the values the sender passes, keyed by model:
 * `{form: {name: 'Ján', …}, site: {…}}`. Form events carry the submission's columns under `form` (the column names
 * of `form_contacts`, `form_prices`, `form_registrations`); every event also gets `site` (name, url) from the
 * settings. Only the properties a template's event lists (`MAIL_PLACEHOLDERS`) are ever filled.
 */
export const MAIL_EVENTS = ['contact', 'price', 'registration', 'password_reset', 'user_created'] as const;
export type MailEvent = (typeof MAIL_EVENTS)[number];

/** The values of one mail, by model and property; a missing value leaves its placeholder empty. */
export type MailValues = Record<string, Record<string, string | number | null | undefined>>;
