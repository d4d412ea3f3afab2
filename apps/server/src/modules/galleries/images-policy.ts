import type { Abilities } from '@backoffice/shared';
import { isStaff } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';

/** What the image screen of a gallery does (docs/spec-index.md S1.2 Gallery detail). */
export type GalleryImageAction = 'view' | 'upload' | 'update' | 'rotate' | 'order' | 'publish' | 'hide' | 'destroy';

/**
 * Every staff role does everything on a gallery's images, removal included: docs/spec-index.md S1.6 shows the image remove
 * actions to everyone, unlike the remove action of a content record (administrator only). Site members
 * (role 3) never hold a session, so they are refused before any policy is asked (401).
 */
export const canGalleryImage = (user: AuthUser, _action: GalleryImageAction): boolean => isStaff(user);

/** The abilities the image list answers beside its data; images are removed for good, so nothing is restored. */
export const galleryImageAbilities = (user: AuthUser): Abilities => ({
  create: canGalleryImage(user, 'upload'),
  update: canGalleryImage(user, 'update'),
  destroy: canGalleryImage(user, 'destroy'),
  restore: false,
});
