import type {
  BlogInput,
  BlogRecord,
  BlogRow,
  GalleryInput,
  GalleryRecord,
  GalleryRow,
  PartnerInput,
  PartnerRecord,
  PartnerRow,
  ReferenceInput,
  ReferenceRecord,
  ReferenceRow,
} from '@backoffice/shared';
import { createResourceApi } from './resource';

/** News articles, /api/blog/ (spec 1 §7). */
export const blogApi = createResourceApi<BlogRow, BlogRecord, BlogInput>('news', '/api/blog/');
/** Galleries, /api/gallery/ (spec 1 §7). */
export const galleryApi = createResourceApi<GalleryRow, GalleryRecord, GalleryInput>('galleries', '/api/gallery/');
/** References, /api/reference/ (spec 2 §7). */
export const referenceApi = createResourceApi<ReferenceRow, ReferenceRecord, ReferenceInput>(
  'references',
  '/api/reference/',
);
/** Partners, /api/partner/ (spec 2 §7). */
export const partnerApi = createResourceApi<PartnerRow, PartnerRecord, PartnerInput>('partners', '/api/partner/');
