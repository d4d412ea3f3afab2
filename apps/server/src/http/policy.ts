import { ROLES } from '@backoffice/shared';
import type { AuthUser } from './session.js';

/** Small questions that resource policies compose (STYLE 3). */
export const isAdmin = (user: AuthUser) => user.role_id === ROLES.admin;
export const isSelf = (user: AuthUser, userId: number) => user.id === userId;
/** Every signed-in staff member: members (role 3) cannot sign in at all. */
export const isStaff = (user: AuthUser) => user.role_id !== ROLES.member;
