import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSignedInServer } from '../../test/content-cases.js';
import { exists, multipart, PDF, png, snapshot, upload } from '../../test/file-cases.js';
import { Agent } from '../../test/harness.js';

const ctx = useSignedInServer();
let root: string;

beforeAll(async () => {
  root = join(ctx.server.config.mediaDir, 'files');
  // Around the root: a secret beside MEDIA_DIR, another model's media, and a folder beside `files` whose name
  // starts the same way. Inside: a folder and files to aim at.
  writeFileSync(join(ctx.server.config.dataDir, 'secret.txt'), 'TOP-SECRET');
  mkdirSync(join(ctx.server.config.mediaDir, 'page', '1'), { recursive: true });
  writeFileSync(join(ctx.server.config.mediaDir, 'page', '1', 'keep.png'), await png(10, 10));
  mkdirSync(join(ctx.server.config.mediaDir, 'files-other'), { recursive: true });
  writeFileSync(join(ctx.server.config.mediaDir, 'files-other', 'x.txt'), 'other');
  expect((await ctx.admin.post('/api/files/mkdir', { path: '', name: 'Docs' })).statusCode).toBe(201);
  expect((await upload(ctx.admin, 'Docs', PDF, 'keep.pdf')).statusCode).toBe(201);
  expect((await upload(ctx.admin, 'Docs', await png(), 'photo.png')).statusCode).toBe(201);
});
afterAll(() => rmSync(ctx.server.config.dataDir, { recursive: true, force: true }));

/** Paths that leave the root, or are no plain path, once decoded: each is a 400 wherever a path is taken. */
const ESCAPES = [
  '..',
  '../',
  '../secret.txt',
  '../../secret.txt',
  'Docs/../../secret.txt',
  'Docs/../..',
  '%2e%2e%2f',
  '%2e%2e/secret.txt',
  '..%2fsecret.txt',
  'Docs%2f..%2f..',
  '%252e%252e%252f',
  '%ff',
  '..\\',
  '..\\secret.txt',
  'Docs\\..\\..\\secret.txt',
  '/',
  '/etc',
  '/etc/passwd',
  '/tmp',
  'C:\\Windows',
  'c:/x',
  'Docs\0',
  '\0',
  'Docs/\0../x',
  './Docs',
  'Docs/.',
  'Docs//keep.pdf',
  'Docs/',
  '.thumbs',
  'Docs/.thumbs/photo.png',
  '../files-other',
  '../page/1/keep.png',
];

describe('file manager: every path is checked after decoding (SECURITY.md)', () => {
  const expectUntouched = async (send: () => Promise<{ statusCode: number }>, label: string) => {
    const before = snapshot(ctx.server);
    const res = await send();
    // A NUL is refused for every field before the route runs (422 naming it, SECURITY.md); the rest is the 400 here.
    expect(res.statusCode, label).toBe(/\0|%00/.test(label) ? 422 : 400);
    expect(snapshot(ctx.server), label).toEqual(before);
  };

  it('list: a path that escapes (in the query, encoded once or twice) → 400', async () => {
    for (const path of ESCAPES) {
      await expectUntouched(() => ctx.admin.get(`/api/files?path=${encodeURIComponent(path)}`), `list ${path}`);
    }
    // Raw in the query, so that the server's own decoding makes `../`.
    await expectUntouched(() => ctx.admin.get('/api/files?path=%2e%2e%2f'), 'raw %2e%2e%2f');
    await expectUntouched(() => ctx.admin.get('/api/files?path=..%5c'), 'raw ..%5c');
    await expectUntouched(() => ctx.admin.get('/api/files?path=Docs%00'), 'raw %00');
  });

  it('mkdir, rename, move and delete: a path that escapes → 400 and nothing is touched', async () => {
    for (const path of ESCAPES) {
      await expectUntouched(() => ctx.admin.post('/api/files/mkdir', { path, name: 'new' }), `mkdir in ${path}`);
      await expectUntouched(() => ctx.admin.post('/api/files/rename', { path, name: 'renamed' }), `rename ${path}`);
      await expectUntouched(() => ctx.admin.post('/api/files/move', { from: path, to: '' }), `move from ${path}`);
      await expectUntouched(
        () => ctx.admin.post('/api/files/move', { from: 'Docs/keep.pdf', to: path }),
        `move to ${path}`,
      );
      await expectUntouched(
        () => ctx.admin.post('/api/files/delete', { paths: ['Docs/keep.pdf', path] }),
        `delete ${path}`,
      );
    }
  });

  it('a new name that reaches elsewhere (rename to ../x, a folder named ..) → 400', async () => {
    const names = ['../x', '..', '.', 'a/b', '/x', '..\\x', 'a\\b', '%2e%2e', '%2e%2e%2fx', 'x\0y', '../../secret.txt'];
    for (const name of names) {
      await expectUntouched(
        () => ctx.admin.post('/api/files/rename', { path: 'Docs/keep.pdf', name }),
        `rename ${name}`,
      );
      await expectUntouched(() => ctx.admin.post('/api/files/rename', { path: 'Docs', name }), `rename dir ${name}`);
      await expectUntouched(() => ctx.admin.post('/api/files/mkdir', { path: 'Docs', name }), `mkdir ${name}`);
    }
  });

  it('the root itself cannot be renamed, moved or deleted', async () => {
    await expectUntouched(() => ctx.admin.post('/api/files/rename', { path: '', name: 'root' }), 'rename root');
    await expectUntouched(() => ctx.admin.post('/api/files/move', { from: '', to: 'Docs' }), 'move root');
    await expectUntouched(() => ctx.admin.post('/api/files/delete', { paths: [''] }), 'delete root');
  });

  it('upload: a path that escapes → 400 and nothing is written', async () => {
    const image = await png();
    for (const path of ESCAPES) await expectUntouched(() => upload(ctx.admin, path, image, 'x.png'), `upload ${path}`);
  });

  it("upload: the client's file name never chooses the folder", async () => {
    for (const filename of ['../../escape.pdf', '..\\..\\escape.pdf', '/etc/escape.pdf', '%2e%2e%2fescape.pdf']) {
      const res = await upload(ctx.admin, 'Docs', PDF, filename);
      expect(res.statusCode, filename).toBe(201);
      expect(res.json().data.path, filename).toMatch(/^Docs\/[^/]+\.pdf$/);
    }
    expect(exists(join(ctx.server.config.dataDir, 'escape.pdf'))).toBe(false);
    expect(exists(join(ctx.server.config.mediaDir, 'escape.pdf'))).toBe(false);
    expect(exists('/etc/escape.pdf')).toBe(false);
  });

  it('a path that is not a string is a 422', async () => {
    for (const body of [
      { path: ['Docs'], name: 'x' },
      { path: { $ne: '' }, name: 'x' },
      { path: '', name: 5 },
    ]) {
      const before = snapshot(ctx.server);
      expect((await ctx.admin.post('/api/files/mkdir', body)).statusCode).toBe(422);
      expect(snapshot(ctx.server)).toEqual(before);
    }
  });

  it('a symbolic link inside the root (put there by hand) is neither listed, followed nor served', async () => {
    symlinkSync(ctx.server.config.dataDir, join(root, 'link'));
    try {
      const list = (await ctx.admin.get('/api/files')).json().data as { name: string }[];
      expect(list.map((e) => e.name)).not.toContain('link');
      expect((await ctx.admin.get('/api/files?path=link')).statusCode).toBe(404);
      const before = snapshot(ctx.server);
      expect((await ctx.admin.post('/api/files/delete', { paths: ['link/secret.txt'] })).statusCode).toBe(404);
      expect((await ctx.admin.post('/api/files/mkdir', { path: 'link', name: 'x' })).statusCode).toBe(404);
      expect((await upload(ctx.admin, 'link', PDF, 'x.pdf')).statusCode).toBe(404);
      expect(snapshot(ctx.server)).toEqual(before);
      const served = await ctx.admin.get('/gallery/files/link/secret.txt');
      expect(served.statusCode).toBe(404);
      expect(served.body).not.toContain('TOP-SECRET');
    } finally {
      rmSync(join(root, 'link'));
    }
  });
});

describe('file manager: uploads are allow-listed by content', () => {
  const refused = async (file: Buffer, filename: string, key: string, status = 422) => {
    const before = snapshot(ctx.server);
    const res = await upload(ctx.admin, 'Docs', file, filename);
    expect(res.statusCode, filename).toBe(status);
    if (status === 422) expect(res.json().errors, filename).toEqual({ file: [key] });
    expect(snapshot(ctx.server), filename).toEqual(before);
  };

  it('a fake image (text named .png, a truncated JPEG, an SVG named .jpg) → 422 errors.image', async () => {
    await refused(Buffer.from('not a picture at all\n'), 'photo.png', 'errors.image');
    const jpeg = await png(200, 200);
    await refused(jpeg.subarray(0, 100), 'cut.png', 'errors.image');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    await refused(Buffer.from(svg), 'logo.jpg', 'errors.image');
  });

  it('a type that is not on the list (SVG, HTML, script, program, no extension) → 422 type', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await refused(svg, 'logo.svg', 'filemanager.errors.type');
    await refused(Buffer.from('<script>alert(1)</script>'), 'page.html', 'filemanager.errors.type');
    await refused(Buffer.from('<script>alert(1)</script>'), 'page.htm', 'filemanager.errors.type');
    await refused(Buffer.from('alert(1)'), 'app.js', 'filemanager.errors.type');
    await refused(Buffer.from('MZ\x90\x00', 'latin1'), 'setup.exe', 'filemanager.errors.type');
    await refused(Buffer.from('#!/bin/sh\n'), 'run.sh', 'filemanager.errors.type');
    await refused(Buffer.from('plain'), 'README', 'filemanager.errors.type');
    await refused(Buffer.from('plain'), 'x.constructor', 'filemanager.errors.type');
    await refused(Buffer.from('plain'), 'x.__proto__', 'filemanager.errors.type');
    await refused(Buffer.alloc(0), 'empty.txt', 'filemanager.errors.type');
  });

  it('content that is not what its extension says → 422 type', async () => {
    await refused(Buffer.from('<html>not a pdf</html>'), 'fake.pdf', 'filemanager.errors.type');
    await refused(Buffer.from('MZ\x90\x00 program', 'latin1'), 'fake.docx', 'filemanager.errors.type');
    await refused(Buffer.from('MZ\x90\x00 program', 'latin1'), 'fake.zip', 'filemanager.errors.type');
    await refused(PDF, 'fake.doc', 'filemanager.errors.type');
    await refused(Buffer.from([0x4d, 0x5a, 0x00, 0x01, 0x02]), 'binary.txt', 'filemanager.errors.type');
  });

  it('an image over 10000 KB → 422 size; a body over the 20 MB limit → 413; nothing is written', async () => {
    const big = Buffer.concat([await png(20, 20), randomBytes(11 * 1024 * 1024)]);
    await refused(big, 'big.png', 'filemanager.errors.size');
    await refused(Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(21 * 1024 * 1024)]), 'big.pdf', '', 413);
  });

  it('a text field instead of a file, two files, or JSON → 422; a broken body → 400', async () => {
    const asText = await ctx.admin.request({
      method: 'POST',
      url: '/api/files/upload',
      ...multipart([
        { name: 'path', value: 'Docs' },
        { name: 'file', value: 'x' },
      ]),
    });
    expect(asText.statusCode).toBe(422);
    const twice = await ctx.admin.request({
      method: 'POST',
      url: '/api/files/upload',
      ...multipart([
        { name: 'file', value: PDF, filename: 'a.pdf' },
        { name: 'file', value: PDF, filename: 'b.pdf' },
      ]),
    });
    expect(twice.statusCode).toBe(422);
    expect((await ctx.admin.post('/api/files/upload', { path: 'Docs', file: 'x' })).statusCode).toBe(422);
    const broken = await ctx.admin.request({
      method: 'POST',
      url: '/api/files/upload',
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=nothing' },
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('file manager: serving /gallery/files/', () => {
  beforeAll(() => {
    writeFileSync(join(root, 'Docs', 'note.html'), '<script>alert(1)</script>');
    writeFileSync(join(root, 'Docs', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(root, 'Docs', '.hidden.png'), 'x');
  });

  it('path traversal never leaks a file', async () => {
    const attempts = [
      '/gallery/files/../../secret.txt',
      '/gallery/files/%2e%2e/%2e%2e/secret.txt',
      '/gallery/files/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/gallery/files/..%2f..%2fsecret.txt',
      '/gallery/files/Docs/..%2f..%2f..%2fsecret.txt',
      '/gallery/files/Docs/..%5c..%5c..%5csecret.txt',
      '/gallery/files/%252e%252e/secret.txt',
      '/gallery/files//secret.txt',
      '/gallery/files/Docs/%00keep.pdf',
      '/gallery/files/%ff',
      '/gallery/files/Docs/.hidden.png',
      '/gallery/files/Docs/.thumbs/keep.pdf',
      '/gallery/files/.thumbs/../../secret.txt',
    ];
    for (const url of attempts) {
      const res = await ctx.admin.get(url);
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('TOP-SECRET');
    }
  });

  it('no listing; HTML and SVG put there by hand go out as attachments', async () => {
    for (const url of [
      '/gallery/files/',
      '/gallery/files/Docs',
      '/gallery/files/Docs/',
      '/gallery/files/Docs/.thumbs/',
    ]) {
      expect((await ctx.admin.get(url)).statusCode, url).toBe(404);
    }
    for (const name of ['note.html', 'logo.svg']) {
      const res = await new Agent(ctx.server.app).get(`/gallery/files/Docs/${name}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toBe('attachment');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
    }
  });
});
