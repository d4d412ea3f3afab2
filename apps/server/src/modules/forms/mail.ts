import { DEFAULT_LOCALE, type FormKind } from '@backoffice/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { mailRecipient, sendTemplateMail } from '../../mail/templates.js';
import type { StoredSubmission } from './service.js';

/**
 * Sends a stored submission's mails with the event's template (`contact`, `price`, `registration`): to the e-mail
 * settings' recipient in the site's default language, reply-to the sender; and to the sender, in the language of
 * the form, as the confirmation of what they sent. Each failure is logged, never thrown: the submission is stored.
 */
export async function mailSubmission(
  ctx: AppContext,
  log: FastifyBaseLogger,
  kind: FormKind,
  stored: StoredSubmission,
): Promise<void> {
  const values = { form: stored };
  const sender = String(stored.email ?? '');
  const send = async (to: string, locale: string, replyTo?: string) => {
    try {
      await sendTemplateMail(ctx, { event: kind, locale, to, values, ...(replyTo ? { replyTo } : {}) });
    } catch (err) {
      log.error({ err, kind, submission: stored.id }, 'form mail failed; the submission is stored');
    }
  };
  let recipient = '';
  try {
    recipient = await mailRecipient(ctx.db);
  } catch (err) {
    log.error({ err, kind, submission: stored.id }, 'form mail recipient unreadable; the submission is stored');
  }
  if (recipient) await send(recipient, DEFAULT_LOCALE, sender);
  else log.warn({ kind, submission: stored.id }, 'no e-mail recipient set; form mail not sent');
  if (sender) await send(sender, stored.language_code);
}
