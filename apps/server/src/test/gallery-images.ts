import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { GALLERY_UPLOAD, type GalleryImage } from '@backoffice/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import { activityLogs, galleryImages, galleryUploadChunks, galleryUploads } from '../db/schema.js';
import { assemblyDir } from '../modules/galleries/upload-cleanup.js';
import { buildGallery, buildUser } from './factories.js';
import { Agent, startTestServer, type TestServer } from './harness.js';

export interface GalleryImagesServer {
  server: TestServer;
  /** The administrator (role 1), English. */
  admin: Agent;
  /** A role-2 editor, English. */
  editor: Agent;
  editorId: number;
}

type Fields = Record<string, string | Buffer>;

/**
 * A fresh server for a test file of the gallery image screen (docs/spec-index.md S1.7 Gallery images) with an administrator and
 * an editor signed in, and the helpers those tests share: galleries, photo-like JPEGs, Dropzone chunks, and what is
 * left in the database and on disk.
 */
export function useGalleryImages() {
  const ctx = {} as GalleryImagesServer;
  beforeAll(async () => {
    ctx.server = await startTestServer();
    ctx.admin = new Agent(ctx.server.app, 'en');
    await ctx.admin.login();
    const user = await buildUser(ctx.server.ctx.db, { role_id: 2 });
    ctx.editorId = user.id;
    ctx.editor = new Agent(ctx.server.app, 'en');
    await ctx.editor.login(user.email, user.plainPassword);
  });
  afterAll(async () => {
    await ctx.server.close();
    rmSync(ctx.server.config.dataDir, { recursive: true, force: true });
  });

  const base = (galleryId: number) => `/api/gallery/image/${galleryId}`;

  /** POSTs fields as multipart/form-data, the way Dropzone and the admin send them; a Buffer is a file. */
  const postForm = (agent: Agent, url: string, fields: Fields, extra: { csrf?: boolean } = {}) => {
    const boundary = `----gallery${randomBytes(6).toString('hex')}`;
    const parts = Object.entries(fields).map(([name, value]) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${
            Buffer.isBuffer(value) ? '; filename="blob"\r\nContent-Type: application/octet-stream' : ''
          }\r\n\r\n`,
        ),
        Buffer.isBuffer(value) ? value : Buffer.from(value),
        Buffer.from('\r\n'),
      ]),
    );
    return agent.request({
      method: 'POST',
      url,
      payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      ...extra,
    });
  };

  const sendChunk = (agent: Agent, galleryId: number, fields: Fields) =>
    postForm(agent, `${base(galleryId)}/upload`, fields);

  /** Uploads a whole file in chunks, in order; answers the stored image. */
  const uploadImage = async (galleryId: number, file?: Buffer, agent: Agent = ctx.admin): Promise<GalleryImage> => {
    const upload = cut(file ?? (await noiseJpeg()));
    let last = null;
    for (let i = 0; i < upload.count; i++) last = await sendChunk(agent, galleryId, upload.chunk(i));
    if (last?.statusCode !== 201) throw new Error(`upload failed: ${last?.statusCode} ${last?.body}`);
    return last.json().data;
  };

  /** Upload rows, chunk rows and assembly files left. */
  const uploadState = async () => {
    const db = ctx.server.ctx.db;
    const uploads = await db.select({ id: galleryUploads.id }).from(galleryUploads);
    const chunks = await db.select({ id: galleryUploadChunks.upload_id }).from(galleryUploadChunks);
    const dir = assemblyDir(ctx.server.config);
    return { uploads: uploads.length, chunks: chunks.length, assembling: existsSync(dir) ? readdirSync(dir) : [] };
  };

  /** The files of a gallery's folder: originals and thumbnails. */
  const mediaFiles = (galleryId: number) => {
    const dir = join(ctx.server.config.mediaDir, 'gallery', String(galleryId));
    const list = (d: string) =>
      existsSync(d)
        ? readdirSync(d, { withFileTypes: true })
            .filter((e) => e.isFile())
            .map((e) => e.name)
            .sort()
        : [];
    return { originals: list(dir), thumbs: list(join(dir, 'thumb')) };
  };

  return {
    ctx,
    base,
    buildGallery: () => buildGallery(ctx.server.ctx.db),
    postForm,
    sendChunk,
    uploadImage,
    uploadState,
    mediaFiles,
    imageRows: (galleryId: number) =>
      ctx.server.ctx.db.select().from(galleryImages).where(eq(galleryImages.gallery_id, galleryId)),
    logsOf: (action: string) =>
      ctx.server.ctx.db
        .select({ row_id: activityLogs.row_id, user_id: activityLogs.user_id })
        .from(activityLogs)
        .where(and(eq(activityLogs.model, 'GalleryImage'), eq(activityLogs.action, action))),
  };
}

export const nothingPending = { uploads: 0, chunks: 0, assembling: [] };

/** A photo-like JPEG: noise compresses badly, so a few hundred pixels make several 64 KiB chunks. */
export const noiseJpeg = (width = 480, height = 320) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();

/** A file cut the way Dropzone cuts it: `chunk(i)` is the fields of chunk i (`data` replaces its bytes). */
export function cut(file: Buffer, chunkSize: number = GALLERY_UPLOAD.minChunkSize) {
  const count = Math.ceil(file.length / chunkSize);
  const uuid = randomUUID();
  const chunk = (index: number, data?: Buffer) => ({
    file: data ?? file.subarray(index * chunkSize, Math.min(file.length, (index + 1) * chunkSize)),
    dzuuid: uuid,
    dzchunkindex: String(index),
    dztotalchunkcount: String(count),
    dzchunksize: String(chunkSize),
    dztotalfilesize: String(file.length),
    dzchunkbyteoffset: String(index * chunkSize),
  });
  return { uuid, count, chunk };
}
