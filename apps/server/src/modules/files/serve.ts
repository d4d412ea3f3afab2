import { extname } from 'node:path';
import { isImageName, isValidFileName } from '@backoffice/shared';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError, notFound } from '../../http/errors.js';
import { IMAGE_MIME_BY_EXT } from '../../media/images.js';
import type { ObjectStore } from '../../media/object-store.js';
import { sendObject } from '../../media/serve-object.js';
import { FILES_FOLDER, FILES_URL_PREFIX, type FilesRoot, THUMBS_FOLDER } from './paths.js';

/** A file opened directly can run nothing and load nothing else. */
const FILES_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Whether decoded URL segments name a servable file: every segment a valid name (no `..`, `.`, empty or hidden
 * segment, no separator or `%` after decoding), except the thumbnail folder right before an image's name.
 */
function servable(segments: string[]): boolean {
  const name = segments.at(-1) ?? '';
  const folders = segments.slice(0, -1);
  if (folders.at(-1) === THUMBS_FOLDER) {
    folders.pop();
    if (!isImageName(name)) return false;
  }
  return isValidFileName(name) && folders.every(isValidFileName) && segments.every((s) => s === s.normalize('NFC'));
}

/**
 * The file manager's files at `/gallery/files/...`, read through the object store (beside the gallery's route,
 * which owns the rest of `/gallery/`): the path is checked segment by segment after decoding (a malformed escape
 * is a 400, anything that is not a plain name a 404), on the local disk also through the file system (a regular
 * file, no symbolic link on the way); no index, no listing, `nosniff`, a sandboxing CSP, and only the stored image
 * formats inline; everything else (PDF, Office, text, a file someone put there as HTML or SVG) goes out as an
 * `application/octet-stream` attachment. Files can be replaced under the same name, so caches revalidate
 * (`no-cache`, with ETag and Last-Modified); ranges as for every stored object (`sendObject`).
 */
export const fileServing: FastifyPluginAsync<{ files: FilesRoot; store: ObjectStore }> = async (
  app,
  { files, store },
) => {
  const segmentsOf = (url: string) =>
    (url.split('?')[0] ?? '').slice(FILES_URL_PREFIX.length).split('/').map(decodeURIComponent);

  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith(FILES_URL_PREFIX)) throw notFound();
    let segments: string[];
    try {
      segments = segmentsOf(path);
    } catch {
      throw new HttpError(400, 'http.badRequest');
    }
    if (!servable(segments)) throw notFound();
    // Also through the file system: a symbolic link someone put under the root leads nowhere.
    if (store.driver === 'local' && (await files.kindOf(segments)) !== 'file') throw notFound();
  });

  // HEAD is its own method here: Fastify's generated HEAD route would answer Content-Length 0.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${FILES_URL_PREFIX}*`,
    handler: async (request, reply) => {
      const segments = segmentsOf(request.url);
      const mime =
        IMAGE_MIME_BY_EXT[
          extname(segments.at(-1) ?? '')
            .slice(1)
            .toLowerCase()
        ];
      return sendObject(request, reply, store, [FILES_FOLDER, ...segments].join('/'), {
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-cache',
        'Content-Security-Policy': FILES_CSP,
        ...(mime
          ? { 'Content-Type': mime }
          : { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment' }),
      });
    },
  });
};
