import { type Abilities, ROLES } from '@backoffice/shared';
import type { AuthUser } from './session.js';

/** Small questions that resource policies compose (docs/ARCHITECTURE.md, Adding a resource). */
export const isAdmin = (user: AuthUser) => user.role_id === ROLES.admin;
export const isSelf = (user: AuthUser, userId: number) => user.id === userId;
/** Every signed-in staff member: members (role 3) cannot sign in at all. */
export const isStaff = (user: AuthUser) => user.role_id !== ROLES.member;

/** What an editor does to a content record (texts, panels, categories …). */
export type ContentAction = 'view' | 'create' | 'update' | 'publish' | 'hide' | 'destroy' | 'restore';

/** The content rule (docs/spec-index.md S1.6): staff create, edit, publish and hide; only the administrator removes and restores. */
export function canEditContent(user: AuthUser, action: ContentAction): boolean {
  return action === 'destroy' || action === 'restore' ? isAdmin(user) : isStaff(user);
}

/** The abilities a list or record answers beside its data, asked of a resource's policy. */
export const abilitiesOf = (
  user: AuthUser,
  can: (user: AuthUser, action: 'create' | 'update' | 'destroy' | 'restore') => boolean,
): Abilities => ({
  create: can(user, 'create'),
  update: can(user, 'update'),
  destroy: can(user, 'destroy'),
  restore: can(user, 'restore'),
});
