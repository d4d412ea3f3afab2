import type { Locale } from '@backoffice/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { sendTemplateMail } from '../../mail/templates.js';

/**
 * Sends the `user_created` mail template to a user an administrator has just created, in the language the
 * administrator works in, with the sign-in address. The user exists whatever happens to the mail: a failure
 * (no template, the mail server down) is logged, never turned into a failed save.
 */
export async function sendUserCreatedMail(
  ctx: AppContext,
  user: { name: string; surname: string; email: string },
  lang: Locale,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await sendTemplateMail(ctx, {
      event: 'user_created',
      locale: lang,
      to: user.email,
      values: {
        user: { name: user.name, surname: user.surname, email: user.email },
        link: { url: `${ctx.config.appUrl}/admin/login` },
      },
    });
  } catch (err) {
    log.warn({ err }, 'The user_created mail could not be sent');
  }
}
