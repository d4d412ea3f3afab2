import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DELETE_MARKER, THUMBNAIL } from '@backoffice/shared';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ImageRejectedError, imageFieldSchema, processImage } from './images.js';
import { mediaStorage, StoragePathError } from './storage.js';

const mediaDir = mkdtempSync(join(tmpdir(), 'backoffice-media-'));
const storage = mediaStorage({ mediaDir });
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

const png = (width = 300, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

describe('processImage', () => {
  it('crops the thumbnail to exactly THUMBNAIL, whatever the aspect ratio', async () => {
    for (const [w, h] of [
      [1000, 100],
      [100, 1000],
      [20, 10],
    ] as const) {
      const { thumb, width, height } = await processImage(await png(w, h));
      expect([width, height]).toEqual([w, h]);
      const meta = await sharp(thumb).metadata();
      expect([meta.width, meta.height]).toEqual([THUMBNAIL.width, THUMBNAIL.height]);
    }
  });

  it('refuses empty, unknown, SVG and oversized input with a typed error', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    const cases: [Buffer, string][] = [
      [Buffer.alloc(0), 'empty'],
      [Buffer.from('GIF89a but not really'), 'format'],
      [svg, 'format'],
      [Buffer.concat([await png(4, 4), randomBytes(10_000 * 1024)]), 'tooLarge'],
    ];
    for (const [buffer, reason] of cases) {
      await expect(processImage(buffer)).rejects.toSatisfy(
        (e) => e instanceof ImageRejectedError && e.reason === reason,
      );
    }
  });

  it('refuses a TIFF: allowed formats only', async () => {
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    await expect(processImage(tiff)).rejects.toBeInstanceOf(ImageRejectedError);
  });
});

describe('imageFieldSchema', () => {
  it('takes a file, the delete marker or nothing; anything else is errors.image', () => {
    for (const ok of [Buffer.from('x'), DELETE_MARKER, undefined])
      expect(imageFieldSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['hello', 5, [Buffer.from('x')], {}]) {
      const result = imageFieldSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('errors.image');
    }
  });
});

describe('mediaStorage paths', () => {
  it('refuses names, models and ids that could leave the media root', () => {
    for (const [model, id, file] of [
      ['page', 1, '../../etc/passwd'],
      ['page', 1, '..'],
      ['page', 1, '.htaccess'],
      ['page', 1, 'a/b.png'],
      ['../x', 1, 'a.png'],
      ['page', -1, 'a.png'],
      ['page', 1.5, 'a.png'],
    ] as const) {
      expect(() => storage.keyOf(model, id, file), `${model}/${id}/${file}`).toThrow(StoragePathError);
    }
    expect(storage.keyOf('page', 7, 'abc.png', 'thumb')).toBe('page/7/thumb/abc.png');
    expect(storage.url('page', 7, 'abc.png', 'thumb')).toBe('/gallery/page/7/thumb/abc.png');
  });
});
