import { AUTH, type Locale } from '@backoffice/shared';
import { t } from '../i18n/index.js';
import type { OutgoingMail } from './transport.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The password-reset mail in the user's language. */
export function resetPasswordMail(opts: { to: string; name: string; link: string; lang: Locale }): OutgoingMail {
  const { lang } = opts;
  const vars = { name: opts.name, minutes: AUTH.resetTokenTtlMinutes };
  const intro = t(lang, 'mail.reset.intro', vars);
  const expiry = t(lang, 'mail.reset.expiry', vars);
  const ignore = t(lang, 'mail.reset.ignore');
  const action = t(lang, 'mail.reset.action');
  return {
    to: opts.to,
    subject: t(lang, 'mail.reset.subject'),
    text: `${intro}\n\n${action}: ${opts.link}\n\n${expiry}\n${ignore}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(opts.link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(expiry)}<br>${escapeHtml(ignore)}</p>`,
  };
}
