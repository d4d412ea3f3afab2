import {
  isLocale,
  type Locale,
  MAIL_PLACEHOLDERS,
  type MailEvent,
  type MailValues,
  SITE_TIME_ZONE,
} from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import type { AppContext, OutgoingMail } from '../context.js';
import type { Db } from '../db/client.js';
import { mailTemplateLangs, mailTemplates } from '../db/schema.js';
import { readSettings } from '../db/settings.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';

/*
 * The mail the product sends comes from the templates (docs/spec-index.md S2.3 Mail template, SECURITY.md): `%model.property%` is
 * replaced by a value only when the event offers that property (MAIL_PLACEHOLDERS); any other placeholder is left
 * out. Values are text: escaped in the HTML part, as they are in the subject and the plain part. Nothing in a
 * template is evaluated: the only syntax is the placeholder.
 */

const PLACEHOLDER = /%([A-Za-z][A-Za-z0-9_]*)\.([A-Za-z][A-Za-z0-9_]*)%/g;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The allowed properties of an event, by model. */
function allowList(event: MailEvent): Map<string, Set<string>> {
  return new Map(MAIL_PLACEHOLDERS[event].map((m) => [m.model, new Set(m.properties)]));
}

/** Fills the placeholders of one part: `html` escapes the values, `text` keeps them as they are. */
export function fillPlaceholders(template: string, event: MailEvent, values: MailValues, mode: 'html' | 'text') {
  const allowed = allowList(event);
  return template.replace(PLACEHOLDER, (_match, model: string, property: string) => {
    if (!allowed.get(model)?.has(property)) return '';
    const value = Object.hasOwn(values, model) ? values[model]?.[property] : undefined;
    const text = value == null ? '' : String(value);
    return mode === 'html' ? escapeHtml(text) : text;
  });
}

/** The template's HTML as a whole document (what is mailed and what the preview frame shows). */
export function mailDocument(body: string, lang: Locale): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title></title></head><body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222"><div style="max-width:640px;margin:0 auto;padding:24px;background:#fff;border-radius:6px">${body}</div></body></html>`;
}

/** A plain text made of HTML, for a template whose plain part is blank. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A moment as the spec writes dates in each language (sk `D.M.YYYY HH:mm:ss`, en `YYYY-MM-DD HH:mm:ss`), in the
 * site's zone: what a `created_at` placeholder shows instead of the stored ISO text.
 */
export function mailDate(iso: string, lang: Locale): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: SITE_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const time = `${parts.hour}:${parts.minute}:${parts.second}`;
  return lang === 'sk'
    ? `${Number(parts.day)}.${Number(parts.month)}.${parts.year} ${time}`
    : `${parts.year}-${parts.month}-${parts.day} ${time}`;
}

/** The values with every ISO moment written as a date of `lang`. */
function withDates(values: MailValues, lang: Locale): MailValues {
  return Object.fromEntries(
    Object.entries(values).map(([model, props]) => [
      model,
      Object.fromEntries(
        Object.entries(props ?? {}).map(([k, v]) => [
          k,
          typeof v === 'string' && ISO_INSTANT.test(v) ? mailDate(v, lang) : v,
        ]),
      ),
    ]),
  ) as MailValues;
}

/** One template language version filled with values (the HTML cleaned with the rich-text allow-list once more). */
export function renderTemplate(
  template: { subject: string; content_plain: string; content: string },
  event: MailEvent,
  values: MailValues,
  lang: Locale,
): RenderedMail {
  values = withDates(values, lang);
  const body = sanitizeRichText(fillPlaceholders(template.content, event, values, 'html'));
  const plain = template.content_plain.trim()
    ? fillPlaceholders(template.content_plain, event, values, 'text')
    : textOfHtml(body);
  return {
    subject: fillPlaceholders(template.subject, event, values, 'text')
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    html: mailDocument(body, lang),
    text: plain,
  };
}

/** The template of an event in `lang`, falling back to sk; undefined when the event has none. */
export async function loadTemplate(db: Db, event: MailEvent, lang: Locale) {
  const rows = await db
    .select({
      language_code: mailTemplateLangs.language_code,
      subject: mailTemplateLangs.subject,
      content_plain: mailTemplateLangs.content_plain,
      content: mailTemplateLangs.content,
    })
    .from(mailTemplates)
    .innerJoin(mailTemplateLangs, eq(mailTemplateLangs.template_id, mailTemplates.id))
    .where(eq(mailTemplates.event, event));
  const pick = (l: Locale) => rows.find((r) => r.language_code === l && (r.subject.trim() || r.content.trim()));
  return pick(lang) ?? pick('sk') ?? rows[0];
}

/** The `site` values every event offers: the company's name (contact settings) and the site's address. */
export async function siteValues(ctx: Pick<AppContext, 'db' | 'config'>, lang: Locale) {
  const [contact, main] = await Promise.all([readSettings(ctx.db, 'contact'), readSettings(ctx.db, 'main')]);
  return {
    name: contact.contact_name?.[lang] || contact.contact_name?.sk || main.meta_title?.[lang] || '',
    url: ctx.config.appUrl,
  };
}

/** The address the site's forms are mailed to (e-mail settings: email_recipient). */
export async function mailRecipient(db: Db): Promise<string> {
  const email = await readSettings(db, 'email');
  return email.email_recipient?.sk || email.email_recipient?.en || '';
}

/**
 * Sends one of the server's fixed notices (no template an editor changes: a sign-in alert, a new browser): the subject
 * and the paragraphs `keys` in `lang`, each written by `line(key, encode)` with its values HTML-escaped in the HTML part
 * and as they are in the text part, from the e-mail settings' sender.
 */
export async function sendNotice(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  to: string,
  lang: Locale,
  keys: readonly string[],
  line: (key: string, encode: (s: string) => string) => string,
) {
  const from = await mailSender(ctx.db, lang);
  await ctx.mailer.send({
    to,
    subject: line('subject', (s) => s),
    html: mailDocument(keys.map((k) => `<p>${line(k, escapeHtml)}</p>`).join('\n'), lang),
    text: keys.map((k) => line(k, (s) => s)).join('\n\n'),
    ...(from ? { from } : {}),
  });
}

/** The sender of every mail: e-mail settings' `email_sender_name <email_sender>` (undefined when unset). */
export async function mailSender(db: Db, lang: Locale): Promise<OutgoingMail['from']> {
  const email = await readSettings(db, 'email');
  const address = email.email_sender?.[lang] || email.email_sender?.sk;
  if (!address) return undefined;
  const name = (email.email_sender_name?.[lang] || email.email_sender_name?.sk || '').replace(/[\r\n]+/g, ' ');
  return name ? { name, address } : address;
}

export class MailTemplateMissingError extends Error {
  constructor(readonly event: MailEvent) {
    super(`no mail template for the event ${event}`);
  }
}

/**
 * Sends the event's template in `locale` (sk when that one is blank) to `to`, filled with `values` plus `site`,
 * from the e-mail settings' sender, through ctx.mailer (SMTP or the .eml outbox).
 */
export async function sendTemplateMail(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer'>,
  mail: { event: MailEvent; locale: string; to: string; values: MailValues; replyTo?: string },
): Promise<void> {
  const lang: Locale = isLocale(mail.locale) ? mail.locale : 'sk';
  const template = await loadTemplate(ctx.db, mail.event, lang);
  if (!template) throw new MailTemplateMissingError(mail.event);
  const templateLang = isLocale(template.language_code) ? template.language_code : lang;
  const values: MailValues = {
    ...mail.values,
    site: { ...(await siteValues(ctx, templateLang)), ...mail.values.site },
  };
  const rendered = renderTemplate(template, mail.event, values, templateLang);
  const from = await mailSender(ctx.db, templateLang);
  await ctx.mailer.send({
    to: mail.to,
    ...rendered,
    ...(from ? { from } : {}),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
  });
}

/** Sample values of every placeholder, for the preview (GET /api/mail/preview/{id}). */
const SAMPLES: Record<string, string> = {
  company: 'Ukážka s.r.o.',
  name: 'Ján',
  surname: 'Novák',
  email: 'jan.novak@example.com',
  phone: '+421 900 123 456',
  message: 'Dobrý deň, mám záujem o vaše služby. / Hello, I am interested in your services.',
  language_code: 'sk',
  address: 'Hlavná 1, 811 01 Bratislava',
  ico: '12345678',
  dic: '2023456789',
  icdph: 'SK2023456789',
  contact: 'Ján Novák',
  fax: '+421 2 1234 5678',
  material: 'Betón',
  material_desc: 'Drvený betón z demolácie',
  faction: '0-32 mm',
  faction_desc: 'Frakcia na podsyp',
  weight: '25 t',
  place: 'Bratislava',
  deadline: '30. 6. 2026',
  delivery: 'Dovoz / Delivery',
  note: 'Poznámka / Note',
  cars: 'Nákladné auto, 12 t, 2, BA-123AB',
  other_cars: 'Dodávka / Van',
  cars_total: '3',
  minutes: '60',
};

export function sampleValues(event: MailEvent, ctx: { appUrl: string; siteName: string }): MailValues {
  const values: MailValues = {};
  for (const model of MAIL_PLACEHOLDERS[event]) {
    const entry: Record<string, string> = {};
    for (const property of model.properties) entry[property] = SAMPLES[property] ?? `${model.model}.${property}`;
    values[model.model] = entry;
  }
  values.site = { name: ctx.siteName, url: ctx.appUrl };
  if (values.link) values.link = { ...values.link, url: `${ctx.appUrl}/admin/login` };
  if (values.form)
    values.form = { ...values.form, created_at: new Date().toISOString().slice(0, 16).replace('T', ' ') };
  return values;
}
