import { z } from 'zod';
import { LIMITS, LOCALES } from '../constants.js';
import { ERR } from '../messages.js';
import { zLangs, zShortText, zTitle, zUpdatedAt } from '../zod-helpers.js';
import { type RecordStamps, rowTranslationShape } from './article.js';
import type { Langs } from './common.js';
import { FORM_FIELDS, type FormKind } from './form.js';
import { apiTimestamp, apiTimestampOrNull } from './user.js';

/**
 * The events the product sends mail for; each has one template (docs/spec-index.md S2.3 Mail template, docs/api.md). A template's
 * `%model.property%` placeholders are filled from the values the sender passes, keyed by model:
 * `{form: {name: 'Ján', …}, site: {…}}`. Form events carry the submission's columns under `form` (the column names
 * of `form_contacts`, `form_prices`, `form_registrations`); every event also gets `site` (name, url) from the
 * settings. Only the properties a template's event lists (`MAIL_PLACEHOLDERS`) are ever filled.
 */
export const MAIL_EVENTS = ['contact', 'price', 'registration', 'password_reset', 'user_created'] as const;
export type MailEvent = (typeof MAIL_EVENTS)[number];

/** The values of one mail, by model and property; a missing value leaves its placeholder empty. */
export type MailValues = Record<string, Record<string, string | number | null | undefined>>;

/** One model of placeholders an event offers: `%model.property%` for each property. */
export interface MailPlaceholderModel {
  /** The admin's label key under `mail.models.` (a model may appear under another label, e.g. the signed-in link). */
  label: string;
  model: string;
  properties: readonly string[];
}

const site: MailPlaceholderModel = { label: 'site', model: 'site', properties: ['name', 'url'] };
const user: MailPlaceholderModel = { label: 'user', model: 'user', properties: ['name', 'surname', 'email'] };
/** A form event's `form` model: the submission's columns (`FORM_FIELDS`), its language and its date. */
const formModel = (kind: FormKind): MailPlaceholderModel => ({
  label: 'form',
  model: 'form',
  properties: [...FORM_FIELDS[kind], 'language_code', 'created_at'],
});

/**
 * The placeholders each event's template may use (SECURITY.md: the allow-list; nothing else is ever filled). Form
 * events offer the columns of their submission table under `form`; `cars` of a registration is its list of cars
 * as text (one line per car).
 */
export const MAIL_PLACEHOLDERS: Record<MailEvent, readonly MailPlaceholderModel[]> = {
  contact: [formModel('contact'), site],
  price: [formModel('price'), site],
  registration: [formModel('registration'), site],
  password_reset: [user, { label: 'resetLink', model: 'link', properties: ['url', 'minutes'] }, site],
  user_created: [user, { label: 'signInLink', model: 'link', properties: ['url'] }, site],
};

export const isMailEvent = (value: unknown): value is MailEvent => MAIL_EVENTS.includes(value as MailEvent);

/** The text of one placeholder as it is written into a template. */
export const mailPlaceholder = (model: string, property: string) => `%${model}.${property}%`;

/** Per locale (docs/spec-index.md S2.5 Mail template): title and subject min 3, the plain text at most 240, the HTML required. */
export const mailTemplateLangShape = {
  title: zTitle,
  subject: zTitle,
  content_plain: zShortText(LIMITS.mailPlainMax, ERR.max240),
  content: z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: ERR.required })
      .max(200_000, ERR.invalid)
      // Markup alone (an editor's empty paragraph) is no content.
      .refine(
        (s) =>
          s
            .replace(/<[^>]*>/g, '')
            .replace(/&nbsp;/g, ' ')
            .trim() !== '',
        ERR.required,
      ),
  ),
};
export const zMailTemplateLang = z.object(mailTemplateLangShape);
export type MailTemplateLang = z.infer<typeof zMailTemplateLang>;

/** A template save (there is no create: one template per event, seeded). */
export const mailTemplateSchema = z.object({ langs: zLangs(zMailTemplateLang), updated_at: zUpdatedAt });
export type MailTemplateInput = z.infer<typeof mailTemplateSchema>;

/** The list's sortable columns; the default is updated_at descending (docs/spec-index.md S2.9). */
export const MAIL_TEMPLATE_SORTS = ['title', 'event', 'updated_at', 'id'] as const;
export const MAIL_TEMPLATE_DEFAULT_SORT = { sort: 'updated_at', order: 'desc' } as const;

export interface MailTemplateRow {
  id: number;
  title: string;
  event: MailEvent;
  updated_at: string;
  deleted_at: string | null;
}

export interface MailTemplateRecord extends RecordStamps {
  id: number;
  event: MailEvent;
  langs: Langs<MailTemplateLang>;
  /** The placeholders of the event (docs/spec-index.md S2.3 Mail template). */
  models: readonly MailPlaceholderModel[];
}

/* ── Answers of /api/mail (docs/api.md): the server serializes through these. ── */

/** A row of `GET /api/mail`: the title in the request's language. */
export const mailTemplateRowSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    event: z.enum(MAIL_EVENTS),
    updated_at: apiTimestamp,
    deleted_at: apiTimestampOrNull,
    ...rowTranslationShape,
  })
  .meta({ id: 'MailTemplateRow' });

/** One model of placeholders: `%model.property%` for each property; `label` is the admin's key under `mail.models.`. */
export const mailPlaceholderModelSchema = z
  .object({ label: z.string(), model: z.string(), properties: z.array(z.string()).readonly() })
  .meta({ id: 'MailPlaceholderModel' });

/** A template with both language versions and the placeholders of its event (`GET /api/mail/{id}`, a save's `data`). */
export const mailTemplateRecordSchema = z
  .object({
    id: z.number().int(),
    event: z.enum(MAIL_EVENTS),
    langs: z.object({
      sk: z.object({ title: z.string(), subject: z.string(), content_plain: z.string(), content: z.string() }),
      en: z.object({ title: z.string(), subject: z.string(), content_plain: z.string(), content: z.string() }),
    }),
    models: z.array(mailPlaceholderModelSchema).readonly(),
    created_at: apiTimestamp,
    updated_at: apiTimestamp,
    deleted_at: apiTimestampOrNull,
  })
  .meta({ id: 'MailTemplate' });

/**
 * `POST /api/mail/{id}/test`: the saved template in `lang`, filled with sample values, mailed to the signed-in user's
 * own address (docs/features/settings-and-mail.md "Test mail").
 */
export const mailTestSchema = z.object({ lang: z.enum(LOCALES, { error: ERR.requiredOption }) });
export type MailTestInput = z.infer<typeof mailTestSchema>;

/** `GET /api/mail/preview/{id}`: the template filled with sample values, as a whole HTML document, its subject and text. */
export const mailPreviewSchema = z
  .object({ content: z.string(), subject: z.string(), text: z.string() })
  .meta({ id: 'MailPreview' });
