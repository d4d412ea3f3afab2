import { isAdmin, isStaff } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';

/** What staff do with a form submission: read it, or remove it. */
export type FormAction = 'view' | 'destroy';

/** Every staff role reads submissions; only the administrator removes them (docs/spec-index.md S2.6). */
export const canForm = (user: AuthUser, action: FormAction): boolean =>
  action === 'destroy' ? isAdmin(user) : isStaff(user);

/** The abilities a submission list or record answers: read-only (no create, update or restore). */
export const formAbilities = (user: AuthUser) => ({
  create: false,
  update: false,
  destroy: canForm(user, 'destroy'),
  restore: false,
});
