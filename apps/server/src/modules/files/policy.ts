import { ROLES } from '@backoffice/shared';
import type { AuthUser } from '../../http/session.js';

export type FileAction = 'view' | 'upload' | 'mkdir' | 'rename' | 'move' | 'delete';

/**
 * Staff (the administrator and editors, roles 1 and 2) browse and change the shared files alike: files are
 * working material of the editors, not records with an owner. Any other role (a site member holding a token
 * after a role change, a role added later) is refused.
 */
export const canUseFiles = (user: AuthUser, _action: FileAction): boolean =>
  user.role_id === ROLES.admin || user.role_id === ROLES.editor;
