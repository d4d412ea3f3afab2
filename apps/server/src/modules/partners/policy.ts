import { type ContentAction, canEditContent } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';

/** Staff create, edit, order, publish and hide partners; only the administrator removes and restores them (docs/spec-index.md S2.6). */
export const canPartner = (user: AuthUser, action: ContentAction): boolean => canEditContent(user, action);
