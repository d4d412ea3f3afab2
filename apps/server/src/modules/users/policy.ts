import { ROLES } from '@backoffice/shared';
import { isAdmin, isSelf, isStaff } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';

/** The protected owner account (docs/api.md Users): the first administrator, never removed, blocked or demoted. */
export const OWNER_ID = 1;

/** What is done to users as a resource (the list, creating, status changes, the trash). */
export type UsersAction = 'view' | 'create' | 'update' | 'status' | 'destroy' | 'restore';

/** The row a per-user question is about. */
export interface UserTarget {
  id: number;
  role_id: number;
}

/**
 * The resource-wide rule (docs/spec-index.md S2.6): every staff member sees the list; only the administrator creates, activates
 * or blocks, removes and restores. `update` says whether the user edits anyone at all (everyone edits at least themselves).
 */
export function canUsers(user: AuthUser, action: UsersAction): boolean {
  if (action === 'view' || action === 'update') return isStaff(user);
  return isAdmin(user);
}

/** Editing a user: the administrator, the user themselves, or anyone on a site member's row (docs/spec-index.md S2.6). */
export const canEditUser = (user: AuthUser, target: UserTarget): boolean =>
  isAdmin(user) || isSelf(user, target.id) || (isStaff(user) && target.role_id === ROLES.member);

const isOwner = (target: { id: number }) => target.id === OWNER_ID;

/** Removing or blocking a user: the administrator, never on their own row nor on the owner's (docs/api.md). */
export const canRemoveOrBlockUser = (user: AuthUser, target: { id: number }): boolean =>
  isAdmin(user) && !isSelf(user, target.id) && !isOwner(target);

/**
 * Changing a user's role: the administrator only, and never their own role or the owner's (either could leave the
 * back office without an administrator).
 */
export const canChangeRole = (user: AuthUser, target: { id: number }): boolean => canRemoveOrBlockUser(user, target);

/** Activating a user: the administrator. */
export const canActivateUser = (user: AuthUser): boolean => isAdmin(user);
