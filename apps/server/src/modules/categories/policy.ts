import { type ContentAction, canEditContent } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';

export type CategoryAction = ContentAction;

/** Staff create, edit, publish and hide categories; only the administrator removes and restores them (docs/spec-index.md S1.6). */
export const canCategory = (user: AuthUser, action: CategoryAction): boolean => canEditContent(user, action);
