// The writes of a gallery's images (docs/features/gallery-images.md), each one operation: the policy, the gallery
// (404 when there is none), then the rows and the log entry in one transaction; files are removed once it commits.
// An upload (upload-chunks.ts receiveUpload) and a rotation (images-service.ts rotateGalleryImage) write their files
// first and log inside their own transaction.
import type { GalleryImageReorderInput, GalleryImageTitlesInput, LogAction, UploadChunk } from '@backoffice/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { forbidden } from '../../http/errors.js';
import { type Actor, actorId } from '../../resources/operations.js';
import { canGalleryImage, type GalleryImageAction } from './images-policy.js';
import {
  assertGallery,
  destroyImageRows,
  logImages,
  removeImageFiles,
  reorderImages,
  rotateGalleryImage,
  setImageStatus,
  updateTitles,
} from './images-service.js';
import { receiveUpload, type UploadOutcome } from './upload-chunks.js';

export function galleryImageOperations(ctx: Pick<AppContext, 'db' | 'config'>) {
  const { db } = ctx;
  // The server (the demo seed: resources/operations.ts Actor) is not asked.
  const permit = async (actor: Actor, action: GalleryImageAction, galleryId: number) => {
    if (actor !== 'server' && !canGalleryImage(actor, action)) throw forbidden();
    await assertGallery(db, galleryId);
  };
  /** `write` (answering the ids it changed) and its log entry, in one transaction. */
  const logged = (actor: Actor, action: LogAction, write: (tx: Tx) => Promise<number[]>) =>
    db.transaction(async (tx) => {
      const ids = await write(tx);
      await logImages(tx, actorId(actor), ids, action);
      return ids;
    });
  return {
    /** Puts the gallery's images in the order given; answers the ids that moved. */
    async reorder(actor: Actor, galleryId: number, input: GalleryImageReorderInput): Promise<number[]> {
      await permit(actor, 'order', galleryId);
      return logged(actor, 'order', (tx) => reorderImages(tx, galleryId, input));
    },
    /**
     * Takes one request of an upload (docs/features/gallery-images.md): a whole file, or one chunk kept until its
     * upload is complete; a complete image is stored last in the gallery with its log entry and renditions' job.
     */
    async upload(
      actor: Actor,
      galleryId: number,
      file: Buffer,
      chunk: UploadChunk | null,
      onCleanupError?: (err: unknown) => void,
    ): Promise<UploadOutcome> {
      await permit(actor, 'upload', galleryId);
      return receiveUpload(ctx, { galleryId, userId: actorId(actor) }, file, chunk, onCleanupError);
    },
    /** Saves an image's titles in both locales. */
    async retitle(actor: Actor, galleryId: number, imageId: number, input: GalleryImageTitlesInput) {
      await permit(actor, 'update', galleryId);
      await logged(actor, 'update', async (tx) => {
        await updateTitles(tx, galleryId, imageId, input);
        return [imageId];
      });
    },
    /** Turns an image 90° clockwise. */
    async rotate(actor: Actor, galleryId: number, imageId: number): Promise<void> {
      await permit(actor, 'rotate', galleryId);
      await rotateGalleryImage(ctx, galleryId, imageId, actorId(actor));
    },
    /** Publishes or hides images; answers the ids whose status changed. */
    async setStatus(actor: Actor, galleryId: number, ids: number[], action: 'publish' | 'hide') {
      await permit(actor, action, galleryId);
      return logged(actor, action, (tx) => setImageStatus(tx, galleryId, ids, action === 'publish'));
    },
    /** Removes images for good (their files once the removal commits); answers the ids removed. */
    async remove(actor: Actor, galleryId: number, ids: number[]): Promise<number[]> {
      await permit(actor, 'destroy', galleryId);
      let files: string[] = [];
      const removed = await logged(actor, 'destroy', async (tx) => {
        const rows = await destroyImageRows(tx, ctx.config, galleryId, ids);
        files = rows.map((row) => row.file);
        return rows.map((row) => row.id);
      });
      await removeImageFiles(ctx, galleryId, files);
      return removed;
    },
  };
}
