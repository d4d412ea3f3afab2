import { DEFAULT_LOCALE, FORM_KINDS, type FormKind, isLocale, type Locale } from '@backoffice/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { attemptThrottle } from '../../http/throttle.js';
import { t } from '../../i18n/index.js';
import { enqueue } from '../../jobs/queue.js';
import {
  escapeHtml,
  mailDocument,
  mailRecipient,
  mailSender,
  sendTemplateMail,
  siteValues,
} from '../../mail/templates.js';
import type { StoredSubmission } from './service.js';

export const FORM_STAFF_MAIL_JOB = 'form_staff_mail';
export const FORM_CONFIRMATION_JOB = 'form_confirmation';

/** At most one confirmation per visitor address a day, counted in the database (every server shares it). */
const CONFIRMATIONS_PER_DAY = 1;
const DAY_MS = 86_400_000;
/** The part of the visitor's name a confirmation repeats: one line, this long at most. */
const NAME_IN_CONFIRMATION = 60;

/**
 * Queues the mails of a stored submission; they go out after the answer, from whichever server runs the jobs.
 * The staff notification (the event's template with every field) goes only to the e-mail settings' recipient,
 * reply-to the visitor. The visitor gets a fixed confirmation that repeats nothing they typed but their name, at
 * most once a day per address: the form cannot make the site mail someone else's text to any address.
 */
export async function queueSubmissionMails(tx: Tx, kind: FormKind, stored: StoredSubmission) {
  await enqueue(tx, FORM_STAFF_MAIL_JOB, { kind, submission: stored });
  const email = String(stored.email ?? '').trim();
  if (!email || !(await firstConfirmationToday(tx, email))) return;
  await enqueue(tx, FORM_CONFIRMATION_JOB, {
    email,
    name: String(stored.name ?? ''),
    locale: stored.language_code,
  });
}

async function firstConfirmationToday(tx: Tx, email: string) {
  try {
    await attemptThrottle(tx, { max: CONFIRMATIONS_PER_DAY, windowMs: DAY_MS }).hit(
      `form-confirmation|${email.toLowerCase()}`,
      tx,
    );
    return true;
  } catch (err) {
    if (err instanceof HttpError && err.status === 429) return false;
    throw err;
  }
}

const staffPayload = z.object({
  kind: z.enum(FORM_KINDS),
  submission: z.looseObject({ id: z.number(), language_code: z.string() }),
});

/** The staff notification job: the event's template to the recipient; without one set, nothing to send. */
export async function sendStaffMail(ctx: AppContext, log: FastifyBaseLogger, payload: unknown) {
  const { kind, submission } = staffPayload.parse(payload);
  const recipient = await mailRecipient(ctx.db);
  if (!recipient) {
    log.warn({ kind, submission: submission.id }, 'no e-mail recipient set; form mail not sent');
    return;
  }
  const stored = submission as StoredSubmission;
  const replyTo = typeof stored.email === 'string' && stored.email ? stored.email : undefined;
  await sendTemplateMail(ctx, {
    event: kind,
    locale: DEFAULT_LOCALE,
    to: recipient,
    values: { form: stored },
    ...(replyTo ? { replyTo } : {}),
  });
}

const confirmationPayload = z.object({ email: z.string().max(255), name: z.string(), locale: z.string() });

/** The visitor's confirmation job: a fixed text in the form's language, greeting them by name. */
export async function sendConfirmationMail(ctx: AppContext, payload: unknown) {
  const { email, name, locale } = confirmationPayload.parse(payload);
  const lang: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const shortName = name.replace(/\s+/g, ' ').trim().slice(0, NAME_IN_CONFIRMATION);
  const site = await siteValues(ctx, lang);
  const line = (key: string, encode: (s: string) => string) =>
    t(lang, `mail.formConfirmation.${key}`, { name: encode(shortName), site: encode(site.name || site.url) });
  const keep = (s: string) => s;
  const from = await mailSender(ctx.db, lang);
  const html = ['greeting', 'body', 'signature'].map((k) => `<p>${line(k, escapeHtml)}</p>`).join('\n');
  await ctx.mailer.send({
    to: email,
    subject: line('subject', keep),
    html: mailDocument(html, lang),
    text: ['greeting', 'body', 'signature'].map((k) => line(k, keep)).join('\n\n'),
    ...(from ? { from } : {}),
  });
}
