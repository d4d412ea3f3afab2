import type { Abilities } from '@backoffice/shared';
import { isAdmin, isStaff } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';

export type TextAction = 'view' | 'create' | 'update' | 'publish' | 'hide' | 'destroy' | 'restore';

/** Staff create, edit, publish and hide texts; only the administrator removes and restores them (spec 1 §6). */
export function canText(user: AuthUser, action: TextAction): boolean {
  switch (action) {
    case 'destroy':
    case 'restore':
      return isAdmin(user);
    default:
      return isStaff(user);
  }
}

export const textAbilities = (user: AuthUser): Abilities => ({
  create: canText(user, 'create'),
  update: canText(user, 'update'),
  destroy: canText(user, 'destroy'),
  restore: canText(user, 'restore'),
});
