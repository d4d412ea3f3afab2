import { type Abilities, ROLES } from '@backoffice/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors.js';
import { type AuthUser, currentUser } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The roles that may call the route, asked before its body is read (registerRoleCheck): any other role gets
     * 403 whatever it sends. The OpenAPI document shows them (`x-roles`). Rules about which record (an editor edits
     * itself and members only) stay with the route.
     */
    roles?: readonly number[];
  }
}

/** Small questions that resource policies compose (docs/ARCHITECTURE.md, Adding a resource). */
export const isAdmin = (user: AuthUser) => user.role_id === ROLES.admin;
export const isSelf = (user: AuthUser, userId: number) => user.id === userId;
/** Every signed-in staff member: members (role 3) cannot sign in at all. */
export const isStaff = (user: AuthUser) => user.role_id !== ROLES.member;

/** What an editor does to a content record (texts, panels, categories …). */
export type ContentAction = 'view' | 'create' | 'update' | 'publish' | 'hide' | 'destroy' | 'restore';

/** The content rule (docs/spec-index.md S1.6): staff create, edit, publish and hide; only the administrator removes and restores. */
export function canEditContent(user: AuthUser, action: ContentAction): boolean {
  return action === 'destroy' || action === 'restore' ? isAdmin(user) : isStaff(user);
}

/** The abilities a list or record answers beside its data, asked of a resource's policy. */
export const abilitiesOf = (
  user: AuthUser,
  can: (user: AuthUser, action: 'create' | 'update' | 'destroy' | 'restore') => boolean,
): Abilities => ({
  create: can(user, 'create'),
  update: can(user, 'update'),
  destroy: can(user, 'destroy'),
  restore: can(user, 'restore'),
});

/** The roles that sign in (members cannot). */
const STAFF_ROLES = [ROLES.admin, ROLES.editor] as const;

/**
 * The roles a role-based policy lets do `action`, asked of the policy itself (so `policy.ts` stays the one place
 * that says who may): what a route declares as its `config.roles`.
 */
export function rolesWhere<A extends string>(can: (user: AuthUser, action: A) => boolean, action: A): number[] {
  const as = (role_id: number): AuthUser => ({
    id: 0,
    role_id,
    name: '',
    surname: '',
    email: '',
    image: null,
    language_code: 'sk',
    sessionId: '',
  });
  return STAFF_ROLES.filter((role) => can(as(role), action));
}

/**
 * Asks a route's `config.roles` before its body is read: a signed-in user of another role gets 403 whatever the body
 * (unreadable JSON, a NUL, a failed validation, a file over the limit), and nobody signed in gets 401 (docs/api.md
 * Errors). The session was read before, in `onRequest`.
 */
export function registerRoleCheck(app: FastifyInstance) {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const roles = request.routeOptions.config.roles;
    if (roles && !roles.includes(currentUser(request).role_id)) throw forbidden();
    return payload;
  });
}

/**
 * A resource's policy for its routes: `allow(request, action)` answers the signed-in user when the policy allows
 * `action`, else 403; `allow.roles(...actions)` is a route's `config.roles`: the roles that may do at least one of
 * them, asked before the body is read (registerRoleCheck), so a role that may do none gets 403 whatever it sends. A
 * route that does one of several actions (by a path parameter) then asks `allow` for the one it does.
 */
export interface Allow<A extends string> {
  (request: FastifyRequest, action: A): AuthUser;
  roles(...actions: A[]): { roles: number[] };
  /** The policy itself, for an operation that asks it of the user it acts for. */
  can(user: AuthUser, action: A): boolean;
}

export function authorizer<A extends string>(can: (user: AuthUser, action: A) => boolean): Allow<A> {
  const allow = (request: FastifyRequest, action: A): AuthUser => {
    const user = currentUser(request);
    if (!can(user, action)) throw forbidden();
    return user;
  };
  const roles = (...actions: A[]) => ({
    roles: [...new Set(actions.flatMap((action) => rolesWhere(can, action)))].sort(),
  });
  return Object.assign(allow, { roles, can });
}
