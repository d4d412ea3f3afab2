import { mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSignedInServer } from '../../test/content-cases.js';
import { exists, PDF, png, snapshot, upload } from '../../test/file-cases.js';
import { Agent } from '../../test/harness.js';
import { failMediaWrites } from '../../test/media-faults.js';
import { fileManager } from './service.js';

const ctx = useSignedInServer();
let root: string;
beforeAll(() => {
  root = join(ctx.server.config.mediaDir, 'files');
});
afterAll(() => rmSync(ctx.server.config.dataDir, { recursive: true, force: true }));

const DISK_FULL_EN = "The server's storage is full: the file was not saved and nothing was changed.";
const DISK_FULL_SK = 'Úložisko servera je plné: súbor sa neuložil a nič sa nezmenilo.';

/** Uploads while media writes fail from the `at`-th on (the failing write leaves half its bytes on disk). */
async function uploadWithFault(agent: Agent, at: number, path: string, file: Buffer, name: string) {
  const restore = failMediaWrites({ at });
  try {
    return await upload(agent, path, file, name);
  } finally {
    restore();
  }
}

const listed = async (path = '') =>
  ((await ctx.admin.get(`/api/files?path=${encodeURIComponent(path)}`)).json().data as { name: string }[]).map(
    (e) => e.name,
  );
const temporaryFiles = () => {
  try {
    return readdirSync(join(root, '.uploads'));
  } catch {
    return [];
  }
};

describe('file manager: a write that fails midway (disk full)', () => {
  it('answers 507 with the message; nothing is listed, served or left on disk; the retry stores the whole file', async () => {
    const before = snapshot(ctx.server);
    const res = await uploadWithFault(ctx.admin, 1, '', PDF, 'report.pdf');
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toBe(DISK_FULL_EN);
    expect(await listed()).not.toContain('report.pdf');
    expect((await ctx.server.app.inject({ method: 'GET', url: '/gallery/files/report.pdf' })).statusCode).toBe(404);
    expect(exists(join(root, 'report.pdf'))).toBe(false);
    expect(temporaryFiles()).toEqual([]);
    expect(snapshot(ctx.server)).toEqual(before);

    const retry = await upload(ctx.admin, '', PDF, 'report.pdf');
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data).toMatchObject({ name: 'report.pdf', size: PDF.length });
    expect(readFileSync(join(root, 'report.pdf'))).toEqual(PDF);
    expect(await listed()).toContain('report.pdf');
    expect(await listed()).not.toContain('.uploads');
    expect(temporaryFiles()).toEqual([]);
  });

  it('an image whose thumbnail cannot be written is not stored either (Slovak message)', async () => {
    const slovak = new Agent(ctx.server.app, 'sk');
    await slovak.login();
    await ctx.admin.post('/api/files/mkdir', { path: '', name: 'photos' });
    const before = snapshot(ctx.server);
    const res = await uploadWithFault(slovak, 2, 'photos', await png(), 'photo.png');
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toBe(DISK_FULL_SK);
    expect(await listed('photos')).toEqual([]);
    expect(exists(join(root, 'photos', '.thumbs', 'photo.png'))).toBe(false);
    expect(snapshot(ctx.server)).toEqual(before);

    const retry = await upload(slovak, 'photos', await png(), 'photo.png');
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.thumbnail).toBe('/gallery/files/photos/.thumbs/photo.png');
    expect(exists(join(root, 'photos', '.thumbs', 'photo.png'))).toBe(true);
  });

  it('a taken name still becomes name-1.ext, and the file in place is untouched', async () => {
    const first = await upload(ctx.admin, '', Buffer.from('one\n'), 'notes.txt');
    const second = await upload(ctx.admin, '', Buffer.from('two\n'), 'notes.txt');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().data.name).toBe('notes-1.txt');
    expect(readFileSync(join(root, 'notes.txt'), 'utf8')).toBe('one\n');
    expect(readFileSync(join(root, 'notes-1.txt'), 'utf8')).toBe('two\n');
  });

  it('temporary files a stopped process left are removed once older than an hour; newer ones stay', async () => {
    const dir = join(root, '.uploads');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '.upload-old'), 'half');
    writeFileSync(join(dir, '.upload-new'), 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(join(dir, '.upload-old'), twoHoursAgo, twoHoursAgo);
    await fileManager(ctx.server.config).prepareTemporary();
    expect(readdirSync(dir)).toEqual(['.upload-new']);
    rmSync(join(dir, '.upload-new'));
  });
});
