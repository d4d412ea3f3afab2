import { AUTH, type Locale } from '@backoffice/shared';
import type { AppContext } from '../context.js';
import { sendTemplateMail } from './templates.js';

/** The password-reset mail (template `password_reset`) in the user's language, with the single-use link. */
export async function sendResetPasswordMail(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer'>,
  opts: { user: { name: string; surname: string; email: string }; link: string; lang: Locale },
): Promise<void> {
  await sendTemplateMail(ctx, {
    event: 'password_reset',
    locale: opts.lang,
    to: opts.user.email,
    values: {
      user: { name: opts.user.name, surname: opts.user.surname, email: opts.user.email },
      link: { url: opts.link, minutes: AUTH.resetTokenTtlMinutes },
    },
  });
}
