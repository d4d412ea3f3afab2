import { ROLES, SEARCH_TYPES, type SearchType } from '@backoffice/shared';
import { isAdmin, isStaff } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';
import { canArticle } from '../articles/policy.js';
import { canCategory } from '../categories/policy.js';
import { canForm } from '../forms/policy.js';
import { canGallery } from '../galleries/policy.js';
import { canMailTemplate } from '../mail/policy.js';
import { canPage } from '../pages/policy.js';
import { canPanel } from '../panels/policy.js';
import { canPartner } from '../partners/policy.js';
import { canReference } from '../references/policy.js';
import { canText } from '../texts/policy.js';
import { canUsers } from '../users/policy.js';

/** Every staff member may search; what each finds is decided per resource below (docs/features/search.md). */
export const canSearch = (user: AuthUser): boolean => isStaff(user);

/** Who may open a record of each kind: the resource's own policy, asked for `view`. */
const MAY_VIEW: Record<SearchType, (user: AuthUser) => boolean> = {
  page: (user) => canPage(user, 'view'),
  text: (user) => canText(user, 'view'),
  category: (user) => canCategory(user, 'view'),
  panel: (user) => canPanel(user, 'view'),
  news: (user) => canArticle(user, 'view'),
  gallery: (user) => canGallery(user, 'view'),
  reference: (user) => canReference(user, 'view'),
  partner: (user) => canPartner(user, 'view'),
  mail: (user) => canMailTemplate(user, 'view'),
  user: (user) => canUsers(user, 'view'),
  contact: (user) => canForm(user, 'view'),
  price: (user) => canForm(user, 'view'),
  registration: (user) => canForm(user, 'view'),
};

/** The kinds of record the user may find. */
export const searchableTypes = (user: AuthUser): SearchType[] => SEARCH_TYPES.filter((type) => MAY_VIEW[type](user));

/**
 * The users whose form the caller may open (`canEditUser` in modules/users/policy.ts, which `GET /api/user/{id}`
 * asks): every user for the administrator, else oneself and the site members. A search finds no one else.
 */
export const openableUsers = (user: AuthUser): { all: true } | { self: number; roles: number[] } =>
  isAdmin(user) ? { all: true } : { self: user.id, roles: [ROLES.member] };
