import { isAdmin } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';

/** Tokens, the delivery API's access rule and webhooks: the administrator's alone (docs/features/integrations.md). */
export const canIntegrations = (user: AuthUser, _action: 'manage') => isAdmin(user);
