import { GALLERY_UPLOAD, isImageName } from '@backoffice/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../api/client';
import { galleryImagesApi, uploadGalleryImage } from '../../../api/galleryImages';
import { isAbort } from '../../../api/upload';
import { translateMessage } from '../../../i18n';
import { notify, notifyFailure } from '../../../kit/notifications';
import type { UploadItem } from '../../../kit/upload/UploadList';

/** How long a stored file's line stays in the list. */
const DONE_VISIBLE_MS = 4000;

/** Whether this browser can send files in chunks with progress (Dropzone's "unsupported browser" case). */
export const uploadSupported = () =>
  typeof FormData !== 'undefined' &&
  typeof XMLHttpRequest !== 'undefined' &&
  typeof Blob.prototype.slice === 'function';

interface Job {
  id: number;
  file: File;
  controller: AbortController;
}

/**
 * The upload queue of the image screen (docs/spec-index.md S1.2 Gallery detail, S1.8, S1.9): images only, at most 10000 KB and
 * GALLERY_UPLOAD.maxFiles waiting at once; a session check before a batch starts; two files at a time, each with
 * its progress and a cancel button. When the batch ends, a danger notification if any file was not stored,
 * the success message otherwise. `onStored` runs after each stored image.
 */
export function useImageUpload(galleryId: number, onStored: () => void) {
  const { t } = useTranslation();
  const [items, setItems] = useState<UploadItem[]>([]);
  const sequence = useRef(0);
  const queue = useRef<Job[]>([]);
  const running = useRef(new Map<number, Job>());
  const batch = useRef({ checked: false, checking: false, stored: 0, failed: 0 });
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
      for (const job of running.current.values()) job.controller.abort();
    },
    [],
  );

  const update = useCallback(
    (id: number, change: Partial<UploadItem>) =>
      setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item))),
    [],
  );
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((item) => item.id !== id)), []);
  const fail = useCallback(
    (id: number, error: string) => {
      batch.current.failed += 1;
      update(id, { status: 'exception', error });
    },
    [update],
  );

  const finishBatch = useCallback(() => {
    const { stored, failed } = batch.current;
    batch.current = { checked: false, checking: false, stored: 0, failed: 0 };
    if (!mounted.current || stored + failed === 0) return;
    if (failed > 0) {
      notifyFailure('message.storeError', t('galleryImages.upload.error'));
    } else notify('success', t('galleryImages.upload.success', { count: stored }));
  }, [t]);

  const pump = useCallback(async () => {
    const state = batch.current;
    if (queue.current.length > 0 && !state.checked) {
      if (state.checking) return;
      state.checking = true;
      try {
        await galleryImagesApi.checkToken(galleryId);
        state.checked = true;
      } catch (error) {
        // A lapsed session has already led to the login screen; anything else ends the waiting files.
        for (const job of queue.current.splice(0)) fail(job.id, errorMessage(error));
      } finally {
        state.checking = false;
      }
    }
    while (state.checked && running.current.size < GALLERY_UPLOAD.parallel && queue.current.length > 0) {
      const job = queue.current.shift() as Job;
      running.current.set(job.id, job);
      void send(job);
    }
    if (running.current.size === 0 && queue.current.length === 0 && !state.checking) finishBatch();

    async function send(job: Job) {
      try {
        await uploadGalleryImage(galleryId, job.file, {
          signal: job.controller.signal,
          onProgress: (percent) => update(job.id, { percent }),
        });
        batch.current.stored += 1;
        update(job.id, { percent: 100, status: 'success' });
        onStored();
        setTimeout(() => dismiss(job.id), DONE_VISIBLE_MS);
      } catch (error) {
        if (isAbort(error)) fail(job.id, t('galleryImages.upload.cancelled'));
        else {
          const reason = error instanceof ApiError && error.fieldErrors.file?.[0];
          fail(
            job.id,
            reason ? translateMessage(reason) : `${t('galleryImages.upload.failed')} ${errorMessage(error)}`,
          );
        }
      } finally {
        running.current.delete(job.id);
        void pump();
      }
    }
  }, [galleryId, update, dismiss, fail, finishBatch, onStored, t]);

  /** Queues the chosen or dropped files; what cannot be sent gets its line with the reason at once. */
  const add = useCallback(
    (files: readonly File[]) => {
      if (!uploadSupported()) {
        notify('danger', t('galleryImages.upload.unsupported'));
        return;
      }
      const lines: UploadItem[] = [];
      for (const file of files) {
        sequence.current += 1;
        const id = sequence.current;
        const waiting = queue.current.length + running.current.size;
        const problem =
          waiting >= GALLERY_UPLOAD.maxFiles
            ? t('galleryImages.upload.maxFiles', { max: GALLERY_UPLOAD.maxFiles })
            : !isImageName(file.name) || (file.type !== '' && !file.type.startsWith('image/'))
              ? t('galleryImages.upload.invalidType')
              : file.size > GALLERY_UPLOAD.maxBytes
                ? t('galleryImages.upload.tooBig', {
                    size: Math.ceil(file.size / 1024),
                    max: GALLERY_UPLOAD.maxBytes / 1024,
                  })
                : null;
        lines.push({
          id,
          name: file.name,
          percent: 0,
          status: problem ? 'exception' : 'active',
          error: problem ?? undefined,
        });
        if (problem) batch.current.failed += 1;
        else queue.current.push({ id, file, controller: new AbortController() });
      }
      setItems((list) => [...list, ...lines]);
      void pump();
    },
    [pump, t],
  );

  /** Cancels a file: a waiting one leaves the queue, one under way is aborted (its chunks expire on the server). */
  const cancel = useCallback(
    (id: number) => {
      const waiting = queue.current.findIndex((job) => job.id === id);
      if (waiting >= 0) {
        queue.current.splice(waiting, 1);
        fail(id, t('galleryImages.upload.cancelled'));
        void pump();
      } else running.current.get(id)?.controller.abort();
    },
    [fail, pump, t],
  );

  return { items, add, cancel, dismiss };
}
