import { type DELETE_MARKER, LIMITS } from '@backoffice/shared';

/** The value of an image field in a form: a new file, the delete marker, or nothing (keep the current image). */
export type ImageValue = File | typeof DELETE_MARKER | null | undefined;

/** The thumbnail of a stored image (docs/data.md): `/gallery/<model>/<id>/thumb/<file>`. */
export function galleryThumbUrl(model: string, id: number, file: string): string {
  return `/gallery/${encodeURIComponent(model)}/${id}/thumb/${encodeURIComponent(file)}`;
}

/** The original of a stored image: `/gallery/<model>/<id>/<file>`. */
export function galleryImageUrl(model: string, id: number, file: string): string {
  return `/gallery/${encodeURIComponent(model)}/${id}/${encodeURIComponent(file)}`;
}

/**
 * The client-side check of a chosen image (docs/spec-index.md S1.5): an image type and at most LIMITS.imageMaxKb kilobytes.
 * Answers the message key of the failure (errors.image) or null; the server checks the content again.
 */
export function checkImageFile(file: { type: string; size: number }): 'errors.image' | null {
  if (!file.type.startsWith('image/')) return 'errors.image';
  if (file.size > LIMITS.imageMaxKb * 1024) return 'errors.image';
  return null;
}
