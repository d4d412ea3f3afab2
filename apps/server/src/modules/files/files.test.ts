import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { FILES, ROLES, THUMBNAIL } from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { roles, sessions, users } from '../../db/schema.js';
import { sha256 } from '../../http/crypto.js';
import { useSignedInServer } from '../../test/content-cases.js';
import { buildUser } from '../../test/factories.js';
import { exists, PDF, png, upload } from '../../test/file-cases.js';
import { Agent } from '../../test/harness.js';
import { issueFileToken } from './token.js';

const ctx = useSignedInServer();
let root: string;
beforeAll(() => {
  root = join(ctx.server.config.mediaDir, 'files');
});
afterAll(() => rmSync(ctx.server.config.dataDir, { recursive: true, force: true }));

const anonymous = async () => {
  const anon = new Agent(ctx.server.app, 'en');
  await anon.get('/sanctum/csrf-cookie');
  return anon;
};

const tokenOf = async (agent: Agent) => {
  const res = await agent.get('/api/files/token');
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
};

describe('file manager: access', () => {
  it('unauthenticated → 401 on every endpoint, and nothing is written', async () => {
    const anon = await anonymous();
    const calls = [
      anon.get('/api/files'),
      anon.get('/api/files/token'),
      anon.post('/api/files/mkdir', { path: '', name: 'anon' }),
      anon.post('/api/files/rename', { path: 'a', name: 'b' }),
      anon.post('/api/files/move', { from: 'a', to: '' }),
      anon.post('/api/files/delete', { paths: ['a'] }),
      upload(anon, '', await png(), 'anon.png'),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
    expect(exists(join(root, 'anon'))).toBe(false);
    expect(exists(join(root, 'anon.png'))).toBe(false);
  });

  it('a write without the CSRF header → 419 (session and token mode alike)', async () => {
    const token = await tokenOf(ctx.admin);
    const anon = await anonymous();
    for (const agent of [ctx.admin, anon]) {
      const query = agent === anon ? `?token=${token}` : '';
      expect((await agent.post(`/api/files/mkdir${query}`, { path: '', name: 'x' }, { csrf: false })).statusCode).toBe(
        419,
      );
      expect((await upload(agent, '', await png(), 'x.png', { csrf: false, query })).statusCode).toBe(419);
      expect((await agent.post(`/api/files/delete${query}`, { paths: ['x'] }, { csrf: false })).statusCode).toBe(419);
    }
    expect(exists(join(root, 'x'))).toBe(false);
  });

  it('a signed-in user of a role other than administrator or editor → 403', async () => {
    // Role 3 cannot sign in at all; a role added later (4) can, and is not given the file manager.
    await ctx.server.ctx.db.insert(roles).values({ id: 4 }).onConflictDoNothing();
    const user = await buildUser(ctx.server.ctx.db, { role_id: 4 });
    const other = new Agent(ctx.server.app, 'en');
    await other.login(user.email, user.plainPassword);
    expect((await other.get('/api/files')).statusCode).toBe(403);
    expect((await other.get('/api/files/token')).statusCode).toBe(403);
    expect((await other.post('/api/files/mkdir', { path: '', name: 'role4' })).statusCode).toBe(403);
    expect((await upload(other, '', await png(), 'role4.png')).statusCode).toBe(403);
    expect(exists(join(root, 'role4'))).toBe(false);
  });

  it('a token whose user became a site member (role 3) → 403, not the files', async () => {
    const user = await buildUser(ctx.server.ctx.db, { role_id: ROLES.editor });
    const editor = new Agent(ctx.server.app, 'en');
    await editor.login(user.email, user.plainPassword);
    const token = await tokenOf(editor);
    await ctx.server.ctx.db.update(users).set({ role_id: ROLES.member }).where(eq(users.id, user.id));
    const anon = await anonymous();
    expect((await anon.get(`/api/files?token=${token}`)).statusCode).toBe(403);
    expect((await anon.post(`/api/files/mkdir?token=${token}`, { path: '', name: 'member' })).statusCode).toBe(403);
    expect(exists(join(root, 'member'))).toBe(false);
  });
});

describe('file manager: the token of the address', () => {
  it('opens the file manager without a session cookie, CSRF still required for writes', async () => {
    const token = await tokenOf(ctx.editor);
    expect(token).toMatch(/^\d+\.\d{13}\.[A-Za-z0-9_-]{43}$/);
    const anon = await anonymous();
    expect((await anon.get(`/api/files?token=${encodeURIComponent(token)}`)).statusCode).toBe(200);
    const made = await anon.post(`/api/files/mkdir?token=${token}`, { path: '', name: 'Cez token' });
    expect(made.statusCode).toBe(201);
    expect(exists(join(root, 'Cez token'))).toBe(true);
  });

  it('a tampered, expired, foreign or logged-out token → 401', async () => {
    const user = await buildUser(ctx.server.ctx.db, { role_id: ROLES.editor });
    const editor = new Agent(ctx.server.app, 'en');
    const { id } = await editor.login(user.email, user.plainPassword);
    const token = await tokenOf(editor);
    const [, expiry, signature] = token.split('.');
    const expired = issueFileToken(
      ctx.server.config,
      { id, sessionId: 'x' },
      Date.now() - FILES.tokenTtlMinutes * 60_000 - 1000,
    ).token;
    const anon = await anonymous();
    const bad = [
      `${token.slice(0, -2)}AA`,
      `1.${expiry}.${signature}`,
      `${id}.${Number(expiry) + 1}.${signature}`,
      expired,
      'garbage',
      `${id}.${expiry}`,
    ];
    for (const value of bad) {
      expect((await anon.get(`/api/files?token=${encodeURIComponent(value)}`)).statusCode, value).toBe(401);
    }
    expect((await anon.get(`/api/files?token=${token}`)).statusCode).toBe(200);
    // The token cannot mint another one: issuing needs the session.
    expect((await anon.get(`/api/files/token?token=${token}`)).statusCode).toBe(401);
    await editor.post('/api/logout');
    expect((await anon.get(`/api/files?token=${token}`)).statusCode).toBe(401);
  });

  it('a token given twice in the query is no token (401), not a pass', async () => {
    const token = await tokenOf(ctx.admin);
    const anon = await anonymous();
    expect((await anon.get(`/api/files?token=${token}&token=${token}`)).statusCode).toBe(401);
  });
});

describe("file manager: the sign-in answer's token", () => {
  const opens = async (token: string) => {
    const anon = await anonymous();
    return (await anon.get(`/api/files?token=${encodeURIComponent(token)}`)).statusCode;
  };

  it('opens the file manager API, writes included (with the CSRF header), and no other API', async () => {
    const user = await buildUser(ctx.server.ctx.db, { role_id: ROLES.editor });
    const { token } = await new Agent(ctx.server.app, 'en').login(user.email, user.plainPassword);
    const anon = await anonymous();
    expect((await anon.get(`/api/files?token=${encodeURIComponent(token)}`)).statusCode).toBe(200);
    const made = await anon.post(`/api/files/mkdir?token=${encodeURIComponent(token)}`, {
      path: '',
      name: 'Cez prihlasenie',
    });
    expect(made.statusCode).toBe(201);
    expect(exists(join(root, 'Cez prihlasenie'))).toBe(true);
    for (const url of ['/api/files/token', '/api/user/me', '/api/content/text/', '/api/settings/1']) {
      expect((await anon.get(`${url}?token=${encodeURIComponent(token)}`)).statusCode, url).toBe(401);
    }
  });

  it('dies on logout; a token of another session dies when that session signs out, not before', async () => {
    const user = await buildUser(ctx.server.ctx.db, { role_id: ROLES.editor });
    const laptop = new Agent(ctx.server.app, 'en');
    const phone = new Agent(ctx.server.app, 'en');
    const onLaptop = (await laptop.login(user.email, user.plainPassword)).token;
    const onPhone = (await phone.login(user.email, user.plainPassword)).token;
    expect(await opens(onLaptop)).toBe(200);
    expect(await opens(onPhone)).toBe(200);
    await phone.post('/api/logout');
    expect(await opens(onPhone)).toBe(401);
    expect(await opens(onLaptop)).toBe(200);
    await laptop.post('/api/logout');
    expect(await opens(onLaptop)).toBe(401);
  });

  it('an expired one is 401; GET /api/files/token renews it while the session lives', async () => {
    const user = await buildUser(ctx.server.ctx.db, { role_id: ROLES.editor });
    const editor = new Agent(ctx.server.app, 'en');
    const { id, token } = await editor.login(user.email, user.plainPassword);
    // The session row of this sign-in, found by the hash of the token it answered.
    const [row] = await ctx.server.ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.token_hash, sha256(token)));
    expect(row).toBeDefined();
    const sessionId = row?.id ?? '';
    const expired = issueFileToken(
      ctx.server.config,
      { id, sessionId },
      Date.now() - FILES.tokenTtlMinutes * 60_000 - 1,
    );
    expect(await opens(expired.token)).toBe(401);
    const stillValid = issueFileToken(
      ctx.server.config,
      { id, sessionId },
      Date.now() - FILES.tokenTtlMinutes * 60_000 + 60_000,
    );
    expect(await opens(stillValid.token)).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + FILES.tokenTtlMinutes * 60_000 + 1000 });
    try {
      expect(await opens(token)).toBe(401);
      const renewed = await tokenOf(editor);
      expect(await opens(renewed)).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('file manager: browse, upload, create, rename, move, delete', () => {
  it('creates a folder and lists it, folders first', async () => {
    const made = await ctx.editor.post('/api/files/mkdir', { path: '', name: 'Dokumenty' });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ name: 'Dokumenty', path: 'Dokumenty', type: 'dir', url: null });
    expect((await ctx.editor.post('/api/files/mkdir', { path: 'Dokumenty', name: 'Zmluvy 2025' })).statusCode).toBe(
      201,
    );
    await upload(ctx.editor, '', PDF, 'a-first.pdf');
    const list = await ctx.editor.get('/api/files');
    expect(list.statusCode).toBe(200);
    const names = (list.json().data as { name: string; type: string }[]).map((e) => `${e.type}:${e.name}`);
    expect(names.indexOf('dir:Dokumenty')).toBeLessThan(names.indexOf('file:a-first.pdf'));
    const sub = await ctx.editor.get(`/api/files?path=${encodeURIComponent('Dokumenty')}`);
    expect(sub.json()).toMatchObject({ path: 'Dokumenty', data: [{ name: 'Zmluvy 2025', type: 'dir' }] });
  });

  it('a folder that exists already → 422 exists; a name breaking the rules → 422 name', async () => {
    await ctx.admin.post('/api/files/mkdir', { path: '', name: 'Twice' });
    const again = await ctx.admin.post('/api/files/mkdir', { path: '', name: 'Twice' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ name: ['filemanager.errors.exists'] });
    for (const name of ['', '   ', '.hidden', 'a<b', 'what?', 'x'.repeat(FILES.nameMax + 1), 'trailing.']) {
      const res = await ctx.admin.post('/api/files/mkdir', { path: '', name });
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors, name).toEqual({ name: ['filemanager.errors.name'] });
    }
    expect((await ctx.admin.post('/api/files/mkdir', { path: 'Missing', name: 'x' })).statusCode).toBe(404);
    expect((await ctx.admin.get('/api/files?path=Missing')).statusCode).toBe(404);
  });

  it('uploads an image under its own name with a thumbnail, served inline with nosniff', async () => {
    await ctx.admin.post('/api/files/mkdir', { path: '', name: 'Obrázky' });
    const res = await upload(ctx.admin, 'Obrázky', await png(400, 300), 'Logo firmy.png');
    expect(res.statusCode).toBe(201);
    const entry = res.json().data;
    expect(entry).toMatchObject({
      name: 'Logo firmy.png',
      path: 'Obrázky/Logo firmy.png',
      type: 'file',
      url: '/gallery/files/Obr%C3%A1zky/Logo%20firmy.png',
      thumbnail: '/gallery/files/Obr%C3%A1zky/.thumbs/Logo%20firmy.png',
    });
    expect(entry.size).toBeGreaterThan(0);

    const served = await ctx.admin.get(entry.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBeUndefined();
    expect(served.headers['cache-control']).toBe('no-cache');
    const thumb = await sharp((await ctx.admin.get(entry.thumbnail)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([THUMBNAIL.width, THUMBNAIL.height]);

    // The list shows the thumbnail; the thumbnail folder itself is not an entry.
    const list = (await ctx.admin.get('/api/files?path=Obr%C3%A1zky')).json().data;
    expect(list).toEqual([expect.objectContaining({ name: 'Logo firmy.png', thumbnail: entry.thumbnail })]);

    // The same name again is stored beside it, never over it.
    const again = await upload(ctx.admin, 'Obrázky', await png(10, 10), 'Logo firmy.png');
    expect(again.json().data.name).toBe('Logo firmy-1.png');
  });

  it('an image takes the extension of its real format; the client name is cleaned', async () => {
    const jpeg = await sharp(await png())
      .jpeg()
      .toBuffer();
    expect((await upload(ctx.admin, '', jpeg, 'fotka.jpeg')).json().data.name).toBe('fotka.jpg');
    expect((await upload(ctx.admin, '', await png(), 'named-as.jpg')).json().data.name).toBe('named-as.png');
    const cleaned = await upload(ctx.admin, '', PDF, '../../C:\\dir\\<Cenník> |2025|.pdf');
    expect(cleaned.statusCode).toBe(201);
    expect(cleaned.json().data.name).toBe('-Cenník- -2025-.pdf');
    expect(exists(join(root, '-Cenník- -2025-.pdf'))).toBe(true);
  });

  it('documents are stored and served as attachments', async () => {
    const res = await upload(ctx.admin, '', PDF, 'Cenník.pdf');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Cenník.pdf', thumbnail: null });
    const served = await ctx.admin.get(res.json().data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(served.rawPayload.equals(PDF)).toBe(true);

    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(40)]);
    expect((await upload(ctx.admin, '', zip, 'Ponuka.docx')).statusCode).toBe(201);
    expect((await upload(ctx.admin, '', Buffer.from('meno;cena\nčaj;2,50\n'), 'ceny.csv')).statusCode).toBe(201);
  });

  it('renames a file (its thumbnail follows) and a folder; a file keeps its extension', async () => {
    await ctx.admin.post('/api/files/mkdir', { path: '', name: 'Rename' });
    const { url, thumbnail } = (await upload(ctx.admin, 'Rename', await png(), 'old.png')).json().data;
    const res = await ctx.admin.post('/api/files/rename', { path: 'Rename/old.png', name: 'New name.png' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ path: 'Rename/New name.png', url: '/gallery/files/Rename/New%20name.png' });
    expect((await ctx.admin.get(res.json().data.thumbnail)).statusCode).toBe(200);
    expect((await ctx.admin.get(url)).statusCode).toBe(404);
    expect((await ctx.admin.get(thumbnail)).statusCode).toBe(404);

    const ext = await ctx.admin.post('/api/files/rename', { path: 'Rename/New name.png', name: 'page.html' });
    expect(ext.statusCode).toBe(422);
    expect(ext.json().errors).toEqual({ name: ['filemanager.errors.extension'] });

    await upload(ctx.admin, 'Rename', PDF, 'taken.pdf');
    await upload(ctx.admin, 'Rename', PDF, 'other.pdf');
    const taken = await ctx.admin.post('/api/files/rename', { path: 'Rename/other.pdf', name: 'taken.pdf' });
    expect(taken.json().errors).toEqual({ name: ['filemanager.errors.exists'] });

    const folder = await ctx.admin.post('/api/files/rename', { path: 'Rename', name: 'Renamed' });
    expect(folder.statusCode).toBe(200);
    expect(exists(join(root, 'Renamed', 'New name.png'))).toBe(true);
    expect(exists(join(root, 'Rename'))).toBe(false);
    expect((await ctx.admin.post('/api/files/rename', { path: 'Nope', name: 'x' })).statusCode).toBe(404);
  });

  it('moves a file (with its thumbnail) and a folder, never into itself', async () => {
    await ctx.admin.post('/api/files/mkdir', { path: '', name: 'From' });
    await ctx.admin.post('/api/files/mkdir', { path: '', name: 'To' });
    await ctx.admin.post('/api/files/mkdir', { path: 'From', name: 'Inner' });
    await upload(ctx.admin, 'From', await png(), 'moved.png');
    const res = await ctx.admin.post('/api/files/move', { from: 'From/moved.png', to: 'To' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ path: 'To/moved.png' });
    expect((await ctx.admin.get(res.json().data.thumbnail)).statusCode).toBe(200);
    expect(exists(join(root, 'From', 'moved.png'))).toBe(false);

    const into = await ctx.admin.post('/api/files/move', { from: 'From', to: 'From/Inner' });
    expect(into.statusCode).toBe(422);
    expect(into.json().errors).toEqual({ to: ['filemanager.errors.target'] });
    expect((await ctx.admin.post('/api/files/move', { from: 'From', to: 'From' })).statusCode).toBe(422);

    await upload(ctx.admin, '', await png(), 'moved.png');
    const clash = await ctx.admin.post('/api/files/move', { from: 'moved.png', to: 'To' });
    expect(clash.json().errors).toEqual({ to: ['filemanager.errors.exists'] });

    expect((await ctx.admin.post('/api/files/move', { from: 'From', to: 'To' })).statusCode).toBe(200);
    expect(exists(join(root, 'To', 'From', 'Inner'))).toBe(true);
    expect((await ctx.admin.post('/api/files/move', { from: 'To/From', to: 'Missing' })).statusCode).toBe(404);
  });

  it('deletes files and folders; a missing path removes nothing', async () => {
    await ctx.admin.post('/api/files/mkdir', { path: '', name: 'Trash' });
    await ctx.admin.post('/api/files/mkdir', { path: 'Trash', name: 'Deep' });
    const img = (await upload(ctx.admin, 'Trash', await png(), 'bye.png')).json().data;
    await upload(ctx.admin, 'Trash/Deep', PDF, 'deep.pdf');

    const missing = await ctx.admin.post('/api/files/delete', { paths: ['Trash/bye.png', 'Trash/none.pdf'] });
    expect(missing.statusCode).toBe(404);
    expect(exists(join(root, 'Trash', 'bye.png'))).toBe(true);

    const res = await ctx.admin.post('/api/files/delete', {
      paths: ['Trash/bye.png', 'Trash/Deep', 'Trash/Deep/deep.pdf'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 3 });
    expect(exists(join(root, 'Trash', 'bye.png'))).toBe(false);
    expect(exists(join(root, 'Trash', '.thumbs', 'bye.png'))).toBe(false);
    expect(exists(join(root, 'Trash', 'Deep'))).toBe(false);
    expect((await ctx.admin.get(img.url)).statusCode).toBe(404);

    expect((await ctx.admin.post('/api/files/delete', { paths: [] })).statusCode).toBe(422);
    expect((await ctx.admin.post('/api/files/delete', { paths: 'Trash' })).statusCode).toBe(422);
    expect((await ctx.admin.post('/api/files/delete', { paths: ['Trash'] })).statusCode).toBe(200);
  });
});
