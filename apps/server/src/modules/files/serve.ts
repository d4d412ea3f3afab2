import { extname } from 'node:path';
import { isImageName, isValidFileName } from '@backoffice/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError, notFound } from '../../http/errors.js';
import { IMAGE_MIME_BY_EXT } from '../../media/images.js';
import { FILES_URL_PREFIX, type FilesRoot, THUMBS_FOLDER } from './paths.js';

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
 * `MEDIA_DIR/files` at `/gallery/files/...` (their own @fastify/static instance beside the gallery's, which owns
 * the rest of `/gallery/`): the path is checked segment by segment after decoding, and then on disk (a regular
 * file, no symbolic link on the way), before send looks it up (a malformed escape is a 400, anything else that
 * is not a plain name a 404); no index, no listing,
 * `nosniff`, a sandboxing CSP, and only the stored image formats inline; everything else (PDF, Office, text, a
 * file someone put there as HTML or SVG) goes out as an `application/octet-stream` attachment. Files can be
 * replaced under the same name, so caches revalidate (`no-cache`, with ETag and Last-Modified).
 */
export const fileServing: FastifyPluginAsync<{ files: FilesRoot }> = async (app, { files }) => {
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith(FILES_URL_PREFIX)) throw notFound();
    let segments: string[];
    try {
      segments = path.slice(FILES_URL_PREFIX.length).split('/').map(decodeURIComponent);
    } catch {
      throw new HttpError(400, 'http.badRequest');
    }
    if (!servable(segments)) throw notFound();
    // Also through the file system: a symbolic link someone put under the root leads nowhere.
    if ((await files.kindOf(segments)) !== 'file') throw notFound();
  });

  await app.register(fastifyStatic, {
    root: files.root,
    prefix: FILES_URL_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    redirect: false,
    // The thumbnail folder starts with a dot; the hook above lets no other dot segment through.
    dotfiles: 'allow',
    acceptRanges: true,
    setHeaders: (reply, path) => {
      const mime = IMAGE_MIME_BY_EXT[extname(path).slice(1).toLowerCase()];
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'no-cache');
      reply.header('Content-Security-Policy', FILES_CSP);
      if (mime) reply.header('Content-Type', mime);
      else reply.header('Content-Type', 'application/octet-stream').header('Content-Disposition', 'attachment');
    },
  });
};
