import { type ContentAction, canEditContent } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';

/** Staff create, edit, publish and hide galleries; only the administrator removes and restores them (docs/spec-index.md S1.6). */
export const canGallery = (user: AuthUser, action: ContentAction): boolean => canEditContent(user, action);
