import { type ContentAction, canEditContent } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';

export type TextAction = ContentAction;

/** Staff create, edit, publish and hide texts; only the administrator removes and restores them (docs/spec-index.md S1.6). */
export const canText = (user: AuthUser, action: TextAction): boolean => canEditContent(user, action);
