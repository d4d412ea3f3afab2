import { describe, expect, it } from 'vitest';
import { useSignedInServer } from '../../test/content-cases.js';
import { Agent } from '../../test/harness.js';

// The lists the user form picks from: roles and countries (modules/users/lookups.ts).

const ctx = useSignedInServer();

describe('lookups', () => {
  it('GET /api/role → {data: [{id, lang: {title}}]} in the request language', async () => {
    expect((await ctx.editor.get('/api/role')).json().data).toEqual([
      { id: 1, lang: { title: 'Administrator' } },
      { id: 2, lang: { title: 'Editor' } },
      { id: 3, lang: { title: 'Site member' } },
    ]);
  });

  it('GET /api/country → every ISO country by name; Slovakia first in Slovak', async () => {
    const en = (await ctx.editor.get('/api/country')).json().data as { id: number; name: string }[];
    expect(en.length).toBeGreaterThan(240);
    expect(en.map((c) => c.name)).toContain('Slovakia');
    expect(en[0]).toMatchObject({ name: expect.any(String) });
    const sk = new Agent(ctx.server.app, 'sk');
    const admin = await sk.login();
    expect(admin.id).toBe(1);
    const skList = (await sk.get('/api/country')).json().data as { name: string }[];
    expect(skList[0]?.name).toBe('Slovensko');
    expect(skList.map((c) => c.name)).toContain('Česko');
  });
});
