import { type ContentAction, canEditContent } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';

export type PanelAction = ContentAction;

/** Staff create, edit, publish and hide panels; only the administrator removes and restores them (docs/spec-index.md S1.6). */
export const canPanel = (user: AuthUser, action: PanelAction): boolean => canEditContent(user, action);
