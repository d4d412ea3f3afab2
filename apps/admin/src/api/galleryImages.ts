import {
  type Abilities,
  type BulkAction,
  GALLERY_UPLOAD,
  type GalleryImage,
  type GalleryImageUploadResponse,
  type Locale,
} from '@backoffice/shared';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { ApiError, type MessageResponse, request } from './client';
import { postWithProgress } from './upload';

/** The image screen's calls, /api/gallery/image/{galleryId}/… (docs/spec-index.md S1.7 Gallery images). */
const base = (galleryId: number) => `/api/gallery/image/${galleryId}/`;

export const galleryImagesKey = (galleryId: number) => ['galleryImages', galleryId] as const;

export interface GalleryImageList {
  data: GalleryImage[];
  abilities: Abilities;
}

interface ImageAnswer extends MessageResponse {
  data: GalleryImage;
}

/** GET /api/gallery/image/{galleryId} → the gallery's images in their order. */
export function useGalleryImages(galleryId: number) {
  return useQuery({
    queryKey: galleryImagesKey(galleryId),
    queryFn: ({ signal }) => request<GalleryImageList>('GET', base(galleryId), { signal }),
  });
}

export const galleryImagesApi = {
  /** The session check before an upload starts: a lapsed session answers 401 here, not mid-upload. */
  checkToken: (galleryId: number) => request<{ valid: boolean }>('GET', `${base(galleryId)}token/check`),
  reorder: (galleryId: number, ids: number[]) =>
    request<MessageResponse>('POST', `${base(galleryId)}reorder`, { body: { images: ids } }),
  rotate: (galleryId: number, imageId: number) => request<ImageAnswer>('POST', `${base(galleryId)}rotate/${imageId}`),
  updateTitles: (galleryId: number, imageId: number, languages: Record<Locale, { title: string }>) =>
    request<ImageAnswer>('POST', `${base(galleryId)}${imageId}`, { body: { languages } }),
  destroy: (galleryId: number, imageId: number) =>
    request<MessageResponse>('DELETE', `${base(galleryId)}destroy/${imageId}`),
  bulk: (galleryId: number, action: BulkAction, rows: number[]) =>
    request<MessageResponse>('POST', `${base(galleryId)}array/${action}`, { body: { rows } }),
};

export interface ImageUploadOptions {
  /** 0–100 over the whole file. */
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

/** A chunk that failed on the way (no answer, or a time-out) is sent again this many times before giving up. */
const CHUNK_RETRIES = 1;

/**
 * Uploads one image with the Dropzone chunk protocol (docs/api.md Uploads in chunks): 2 MB chunks sent in order,
 * each with `dzuuid`, `dzchunkindex`, `dztotalchunkcount`, `dzchunksize`, `dztotalfilesize` and
 * `dzchunkbyteoffset`, each request given up after 60 s; a chunk lost on the way is sent again (the server keeps
 * the last copy). Resolves with the stored image once the last chunk completes it.
 */
export async function uploadGalleryImage(
  galleryId: number,
  file: File,
  { onProgress, signal }: ImageUploadOptions,
): Promise<ImageAnswer> {
  const uuid = crypto.randomUUID();
  const size = GALLERY_UPLOAD.chunkSize;
  const count = Math.max(1, Math.ceil(file.size / size));
  for (let index = 0; index < count; index += 1) {
    const offset = index * size;
    const blob = file.slice(offset, Math.min(file.size, offset + size));
    const fields = {
      dzuuid: uuid,
      dzchunkindex: index,
      dztotalchunkcount: count,
      dzchunksize: size,
      dztotalfilesize: file.size,
      dzchunkbyteoffset: offset,
      file: { blob, name: file.name },
    };
    for (let attempt = 0; ; attempt += 1) {
      try {
        const answer = await postWithProgress<GalleryImageUploadResponse>(`${base(galleryId)}upload`, fields, {
          signal,
          timeoutMs: GALLERY_UPLOAD.timeoutMs,
          onProgress: (loaded, total) =>
            onProgress(Math.min(99, Math.round(((offset + (blob.size * loaded) / total) / file.size) * 100))),
        });
        if (answer.complete) return answer;
        break;
      } catch (error) {
        const lost = error instanceof ApiError && error.status === 0;
        if (!lost || attempt >= CHUNK_RETRIES) throw error;
      }
    }
  }
  // The server completes an image with its last chunk; an answer without it is a broken exchange.
  throw new ApiError(500, { message: i18next.t('galleryImages.upload.error') });
}
