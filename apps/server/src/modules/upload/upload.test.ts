import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { THUMBNAIL } from '@backoffice/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { Agent, startTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
let admin: Agent;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = new Agent(server.app, 'en');
  adminId = (await admin.login()).id;
});
afterAll(async () => {
  await server.close();
  rmSync(server.config.dataDir, { recursive: true, force: true });
});

/** Every file under MEDIA_DIR, relative to it. */
function storedFiles(): string[] {
  const root = server.config.mediaDir;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [relative(root, join(dir, e.name))],
    );
  try {
    return walk(root).sort();
  } catch {
    return [];
  }
}

function multipart(parts: { name: string; value: Buffer | string; filename?: string; type?: string }[]) {
  const boundary = `----test${randomBytes(6).toString('hex')}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n` +
        `${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
    ),
    Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (agent: Agent, file: Buffer, filename = 'photo.jpg', extra: { csrf?: boolean } = {}) =>
  agent.request({
    method: 'POST',
    url: '/api/upload',
    ...multipart([{ name: 'file', value: file, filename, type: 'image/jpeg' }]),
    ...extra,
  });

const canvas = (width = 400, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

describe('POST /api/upload: access', () => {
  it('unauthenticated → 401, and nothing is stored', async () => {
    const anon = new Agent(server.app);
    await anon.get('/sanctum/csrf-cookie');
    const res = await upload(anon, await canvas().png().toBuffer(), 'a.png');
    expect(res.statusCode).toBe(401);
    expect(storedFiles()).toEqual([]);
  });

  it('missing CSRF → 419', async () => {
    const res = await upload(admin, await canvas().png().toBuffer(), 'a.png', { csrf: false });
    expect(res.statusCode).toBe(419);
    expect(storedFiles()).toEqual([]);
  });

  it('any signed-in staff member may upload; files go under editor/<user id>/', async () => {
    const user = await buildUser(server.ctx.db, { role_id: 2 });
    const editor = new Agent(server.app, 'en');
    await editor.login(user.email, user.plainPassword);
    const res = await upload(editor, await canvas().png().toBuffer(), 'a.png');
    expect(res.statusCode).toBe(200);
    expect(res.json().location).toMatch(new RegExp(`^/gallery/editor/${user.id}/[0-9a-f]{32}\\.png$`));
  });
});

describe('POST /api/upload: images', () => {
  it('a JPEG with EXIF orientation 6 and GPS is stored rotated, without metadata, with a 150×120 thumbnail', async () => {
    const jpeg = await canvas(400, 200)
      .jpeg()
      // Test input only: the server never calls withMetadata.
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'SecretCam', Copyright: 'Someone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '17/1 6/1 0/1' },
      })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.orientation).toBe(6);
    expect(jpeg.includes('SecretCam')).toBe(true);

    const res = await upload(admin, jpeg, 'holiday.jpg');
    expect(res.statusCode).toBe(200);
    const { location } = res.json();
    expect(location).toMatch(new RegExp(`^/gallery/editor/${adminId}/[0-9a-f]{32}\\.jpg$`));
    expect(location).not.toContain('holiday');

    const served = await admin.get(location);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.headers['content-disposition']).toBeUndefined();
    const stored = await sharp(served.rawPayload).metadata();
    expect([stored.width, stored.height]).toEqual([200, 400]);
    expect(stored.orientation).toBeUndefined();
    expect(stored.exif).toBeUndefined();
    expect(served.rawPayload.includes('SecretCam')).toBe(false);

    const thumb = await admin.get(location.replace(/\/([^/]+)$/, '/thumb/$1'));
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', THUMBNAIL.width, THUMBNAIL.height]);
    expect(meta.exif).toBeUndefined();
  });

  it.each([
    ['png', 'png', 'image/png'],
    ['webp', 'webp', 'image/webp'],
    ['gif', 'gif', 'image/gif'],
    ['avif', 'avif', 'image/avif'],
  ] as const)('%s is detected by content, kept in its format, with a 150×120 thumbnail', async (format, ext, mime) => {
    const file = await canvas(300, 500).toFormat(format).toBuffer();
    // The client's name and type lie; only the content counts.
    const res = await upload(admin, file, 'picture.jpg');
    expect(res.statusCode).toBe(200);
    const { location } = res.json();
    expect(location.endsWith(`.${ext}`)).toBe(true);
    const served = await admin.get(location);
    expect(served.headers['content-type']).toBe(mime);
    const stored = await sharp(served.rawPayload).metadata();
    expect([stored.width, stored.height]).toEqual([300, 500]);
    const thumb = await sharp((await admin.get(location.replace(/\/([^/]+)$/, '/thumb/$1'))).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([THUMBNAIL.width, THUMBNAIL.height]);
  });

  it('an animated GIF stays animated; its thumbnail is one frame', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 60, height: 60, channels: 3, background } })
        .png()
        .toBuffer();
    const frames = await Promise.all([frame('#f00'), frame('#00f')]);
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const { location } = (await upload(admin, gif, 'anim.gif')).json();
    expect((await sharp((await admin.get(location)).rawPayload).metadata()).pages).toBe(2);
  });
});

describe('POST /api/upload: refusals store nothing', () => {
  const refused = async (file: Buffer, filename: string) => {
    const before = storedFiles();
    const res = await upload(admin, file, filename);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: ['errors.image'] });
    expect(storedFiles()).toEqual(before);
  };

  it('a text file named .jpg → 422 errors.image', async () => {
    await refused(Buffer.from('just some text, not a picture\n'), 'photo.jpg');
  });

  it('an SVG with a script → 422 errors.image', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    await refused(svg, 'logo.png');
  });

  it('a file of 11 MB (a valid PNG padded with random bytes) → 422 errors.image, not 413', async () => {
    const png = await canvas(20, 20).png().toBuffer();
    await refused(Buffer.concat([png, randomBytes(11 * 1024 * 1024)]), 'big.png');
  });

  it('a truncated image → 422 errors.image', async () => {
    const jpeg = await canvas(400, 400).jpeg().toBuffer();
    await refused(jpeg.subarray(0, 200), 'cut.jpg');
  });

  it('a text field instead of a file, or no file at all → 422', async () => {
    const asText = await admin.request({
      method: 'POST',
      url: '/api/upload',
      ...multipart([{ name: 'file', value: 'x' }]),
    });
    expect(asText.statusCode).toBe(422);
    expect(asText.json().errors).toEqual({ file: ['errors.image'] });
    const json = await admin.post('/api/upload', { file: 'x' });
    expect(json.statusCode).toBe(422);
  });
});

describe('GET /gallery: serving', () => {
  let secret: string;
  beforeAll(() => {
    // A file beside MEDIA_DIR that must never be served.
    secret = join(server.config.dataDir, 'secret.txt');
    writeFileSync(secret, 'TOP-SECRET');
    const dir = join(server.config.mediaDir, 'editor', String(adminId));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'note.html'), '<script>alert(1)</script>');
    writeFileSync(join(dir, '.hidden.png'), 'x');
  });

  it('path traversal never leaks a file', async () => {
    const attempts = [
      '/gallery/../../etc/passwd',
      '/gallery/../secret.txt',
      '/gallery/%2e%2e/secret.txt',
      '/gallery/%2e%2e%2fsecret.txt',
      '/gallery/..%2fsecret.txt',
      '/gallery/editor/1/..%2f..%2f..%2fsecret.txt',
      '/gallery/editor/1/%2e%2e/%2e%2e/%2e%2e/secret.txt',
      '/gallery/editor/1/..%5c..%5c..%5csecret.txt',
      '/gallery/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/gallery//etc/passwd',
      '/gallery/editor/1/%ff',
      `/gallery/editor/${adminId}/.hidden.png`,
    ];
    for (const url of attempts) {
      const res = await admin.get(url);
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain('TOP-SECRET');
      expect(res.body).not.toContain('root:');
    }
  });

  it('no directory listing, and a missing file is a 404', async () => {
    for (const url of [
      '/gallery/',
      '/gallery/editor/',
      `/gallery/editor/${adminId}/`,
      `/gallery/editor/${adminId}/thumb/`,
      `/gallery/editor/${adminId}/0123456789abcdef0123456789abcdef.png`,
    ]) {
      expect((await admin.get(url)).statusCode, url).toBe(404);
    }
  });

  it('a file that is not an image type is served as an attachment, never inline', async () => {
    const res = await admin.get(`/gallery/editor/${adminId}/note.html`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment');
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
