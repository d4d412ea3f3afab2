import { describe, expect, it } from 'vitest';
import { useSignedInServer } from '../test/content-cases.js';
import { articleInput, pageInput, referenceInput } from '../test/factories.js';
import { Agent } from '../test/harness.js';

// The preview of a form's values before they are saved (docs/features/drafts.md "Preview"): the site's templates
// render what the form holds; nothing is written.

const ctx = useSignedInServer();

describe('preview of typed values', () => {
  it('renders an existing page with the typed texts in the locale asked, and saves nothing', async () => {
    const created = await ctx.admin.post('/api/content/page/', pageInput({ title: 'Uložený názov' }));
    const page = created.json().data;
    const typed = {
      ...page,
      langs: {
        sk: { ...page.langs.sk, title: 'Písaný názov', content: '<p>Písaný obsah</p><script>alert(1)</script>' },
        en: { ...page.langs.en, title: 'Typed title' },
      },
    };
    const sk = await ctx.editor.post(`/api/preview/sk/page/${page.id}`, typed);
    expect(sk.statusCode, sk.body).toBe(200);
    expect(sk.headers['content-type']).toMatch(/text\/html/);
    expect(sk.headers['x-robots-tag']).toBe('noindex');
    expect(sk.body).toContain('Písaný názov');
    expect(sk.body).toContain('Písaný obsah');
    expect(sk.body).not.toContain('<script>alert');
    expect(sk.body).toContain('Náhľad neuložených zmien');
    const en = await ctx.editor.post(`/api/preview/en/page/${page.id}`, typed);
    expect(en.body).toContain('Typed title');
    expect(en.body).not.toContain('Písaný názov');
    expect((await ctx.admin.get(`/api/content/page/${page.id}`)).json().data.langs.sk.title).toBe('Uložený názov sk');
  });

  it('renders a news article and a reference not created yet', async () => {
    const article = await articleInput(ctx.server.ctx.db, { title: 'Nový článok' });
    const res = await ctx.admin.post('/api/preview/sk/article/new', article);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Nový článok');
    const reference = referenceInput({ title: 'Nová referencia' });
    const typed = {
      ...reference,
      langs: { ...reference.langs, en: { ...reference.langs.en, content_road: 'Road part' } },
    };
    const en = await ctx.admin.post('/api/preview/en/reference/new', typed);
    expect(en.statusCode, en.body).toBe(200);
    expect(en.body).toContain('Road part');
  });

  it('takes a half-typed form; refuses bad addresses, strangers and requests without the CSRF token', async () => {
    expect((await ctx.admin.post('/api/preview/sk/page/new', {})).statusCode).toBe(200);
    expect((await ctx.admin.post('/api/preview/sk/page/new', { langs: { sk: { title: 5 } } })).statusCode).toBe(200);
    expect((await ctx.admin.post('/api/preview/de/page/new', {})).statusCode).toBe(404);
    expect((await ctx.admin.post('/api/preview/sk/gallery/new', {})).statusCode).toBe(404);
    expect((await ctx.admin.post('/api/preview/sk/page/99999999999', {})).statusCode).toBe(404);
    const missing = await ctx.admin.post('/api/preview/sk/page/2147483000', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toEqual(expect.any(String));
    expect((await ctx.admin.post('/api/preview/sk/page/new', {}, { csrf: false })).statusCode).toBe(419);
    const anonymous = new Agent(ctx.server.app, 'en');
    await anonymous.get('/sanctum/csrf-cookie');
    const refused = await anonymous.post('/api/preview/sk/page/new', {});
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toEqual(expect.any(String));
  });
});
