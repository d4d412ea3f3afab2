import { isAdmin, isStaff } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';

export type SettingsAction = 'view' | 'update' | 'updateSecrets';

/**
 * Every staff member reads the settings (the screens are in everyone's navigation), secrets only masked; only the
 * administrator saves them, since they decide where the site's mail goes and what every page says about the
 * company (decision: the spec names no role), and only the administrator replaces or clears a secret (SECURITY.md).
 */
export const canSettings = (user: AuthUser, action: SettingsAction): boolean =>
  action === 'view' ? isStaff(user) : isAdmin(user);
