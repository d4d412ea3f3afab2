import type { GalleryInput, GalleryRecord, GalleryRow } from '@backoffice/shared';
import { useLangOptions } from './options';
import { createResourceApi } from './resource';

/** Galleries, /api/gallery/ (their images: galleryImages.ts). */
export const galleryApi = createResourceApi<GalleryRow, GalleryRecord, GalleryInput>('galleries', '/api/gallery/');

/** GET /api/gallery/list → the galleries a page or an article may show. */
export const useGalleryOptions = () => useLangOptions('/api/gallery/list');
