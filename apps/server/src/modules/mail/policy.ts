import { isAdmin, isStaff } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';

export type MailTemplateAction = 'view' | 'update';

/**
 * Every staff member lists, opens and previews the mail templates; only the administrator saves them (decision:
 * the spec names no role, and these mails go out in the company's name, the password reset among them).
 * Nobody creates or removes one: a template belongs to its event.
 */
export const canMailTemplate = (user: AuthUser, action: MailTemplateAction): boolean =>
  action === 'view' ? isStaff(user) : isAdmin(user);
