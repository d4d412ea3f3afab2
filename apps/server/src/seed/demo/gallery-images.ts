import { galleryImageTitlesSchema } from '@backoffice/shared';
import { count, eq } from 'drizzle-orm';
import { galleries, galleryImages } from '../../db/schema.js';
import { type ProcessedImage, processImageField } from '../../media/images.js';
import { mediaStorage } from '../../media/storage.js';
import {
  GALLERY_MEDIA,
  insertImage,
  setImageStatus,
  storeGalleryFiles,
  updateTitles,
} from '../../modules/galleries/images-service.js';
import { DEMO_PHOTOS, type DemoPhoto } from './photos.js';
import { PHOTO_WIDTH, renderPicture } from './pictures.js';
import { attachImage, early, type Run } from './seeding.js';

/**
 * Adds one photo the way a completed upload is added (checked by content, original and 150×120 thumbnail under
 * `MEDIA_DIR/gallery/<galleryId>/`, appended last), then gives it its captions and hides it if the demo says so.
 */
async function addPhoto(run: Run, galleryId: number, photo: DemoPhoto, processed: Promise<ProcessedImage>) {
  const { db, config } = run;
  const image = await processed;
  const file = await storeGalleryFiles({ config }, galleryId, image);
  let imageId: number;
  try {
    imageId = await insertImage(db, galleryId, { file, width: image.width, height: image.height }, { userId: null });
  } catch (err) {
    await mediaStorage(config)
      .remove(GALLERY_MEDIA, galleryId, file)
      .catch(() => {});
    throw err;
  }
  const titles = { languages: { sk: { title: photo.title.sk }, en: { title: photo.title.en } } };
  await db.transaction(async (tx) => {
    await updateTitles(tx, galleryId, imageId, galleryImageTitlesSchema.parse(titles));
    if (photo.hidden) await setImageStatus(tx, galleryId, [imageId], false);
  });
  run.created.photos++;
}

/**
 * The photos of each live demo gallery that holds no image yet (an image has no trash, so "none at all" is the
 * only sign that the demo has not filled it), in their order; the first photo also becomes the gallery's image
 * when it has none. All photos of a gallery are drawn and checked at once, while the earlier ones are stored.
 */
export async function seedPhotos(run: Run) {
  const { db, keys } = run;
  for (const [key, photos] of Object.entries(DEMO_PHOTOS)) {
    const [galleryId] = keys.galleries.liveIds([key]);
    if (galleryId === undefined) continue;
    const [held] = await db.select({ n: count() }).from(galleryImages).where(eq(galleryImages.gallery_id, galleryId));
    if (Number(held?.n ?? 0) > 0) continue;
    const drawn = photos.map((photo) => {
      const bytes = early(() => renderPicture(photo.picture, PHOTO_WIDTH));
      return { photo, bytes, processed: early(async () => processImageField('file', await bytes)) };
    });
    for (const { photo, processed } of drawn) await addPhoto(run, galleryId, photo, processed);

    const [gallery] = await db.select({ image: galleries.image }).from(galleries).where(eq(galleries.id, galleryId));
    const cover = drawn[0]?.bytes;
    if (gallery && !gallery.image && cover) {
      await attachImage(run, { model: GALLERY_MEDIA, id: galleryId, field: 'image', bytes: cover }, (image) =>
        db.update(galleries).set({ image }).where(eq(galleries.id, galleryId)),
      );
    }
  }
}
