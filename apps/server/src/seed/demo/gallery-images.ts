import { galleryImageTitlesSchema } from '@backoffice/shared';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { galleryImages } from '../../db/schema.js';
import { galleryImageOperations } from '../../modules/galleries/image-operations.js';
import { DEMO_PHOTOS, type DemoPhoto } from './photos.js';
import { PHOTO_WIDTH, renderPicture } from './pictures.js';
import { early, type Run } from './seeding.js';

/** A demo photo and its picture, being drawn. */
export interface DrawnPhoto {
  photo: DemoPhoto;
  bytes: Promise<Buffer>;
}

/** The demo photos of gallery `key`, all drawn from now on (sharp's threads draw while the records are written). */
export const drawPhotos = (key: string): DrawnPhoto[] =>
  (DEMO_PHOTOS[key] ?? []).map((photo) => ({ photo, bytes: early(() => renderPicture(photo.picture, PHOTO_WIDTH)) }));

/** Whether gallery `galleryId` holds an image (an image has no trash: none at all means the demo has not filled it). */
export async function holdsImages(db: Db, galleryId: number): Promise<boolean> {
  const [held] = await db.select({ n: count() }).from(galleryImages).where(eq(galleryImages.gallery_id, galleryId));
  return Number(held?.n ?? 0) > 0;
}

/**
 * Adds the photos to gallery `galleryId` in their order, through the gallery images' operations as the server
 * (modules/galleries/image-operations.ts): each uploaded whole (checked by content, original and thumbnail under
 * `MEDIA_DIR/gallery/<galleryId>/`, appended last, its renditions' job queued), then given its captions, and hidden
 * if the demo says so.
 */
export async function addPhotos(run: Run, galleryId: number, photos: readonly DrawnPhoto[]) {
  const images = galleryImageOperations(run);
  for (const { photo, bytes } of photos) {
    const uploaded = await images.upload('server', galleryId, await bytes, null);
    if (!uploaded.complete) throw new Error('a whole photo was taken as a chunk');
    const titles = { languages: { sk: { title: photo.title.sk }, en: { title: photo.title.en } } };
    await images.retitle('server', galleryId, uploaded.imageId, galleryImageTitlesSchema.parse(titles));
    if (photo.hidden) await images.setStatus('server', galleryId, [uploaded.imageId], 'hide');
    run.created.photos++;
  }
}
