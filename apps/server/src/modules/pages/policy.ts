import { type ContentAction, canEditContent } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';

/** Staff create, edit, publish, hide and preview pages; only the administrator removes and restores them (docs/spec-index.md S1.6). */
export const canPage = (user: AuthUser, action: ContentAction): boolean => canEditContent(user, action);
