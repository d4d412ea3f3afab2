import { describe, expect, it } from 'vitest';
import { postMultipart, useSignedInServer } from '../test/content-cases.js';
import { findInputFault } from './input.js';

const ctx = useSignedInServer();

const nested = (depth: number) => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('findInputFault', () => {
  it('names the dotted path of a NUL in a value or a key', () => {
    expect(findInputFault({ langs: { sk: { title: 'a\0b' } } })).toEqual({ path: 'langs.sk.title', kind: 'nul' });
    expect(findInputFault({ rows: [1, 'x\0'] })).toEqual({ path: 'rows.1', kind: 'nul' });
    expect(findInputFault({ 'bad\0key': 1 })).toEqual({ path: 'badkey', kind: 'nul' });
    expect(findInputFault({ fine: ['text', 1, null, { deep: true }] })).toBeNull();
  });

  it('stops at the depth limit without recursing, however deep the value', () => {
    expect(findInputFault(nested(10), 64)).toBeNull();
    expect(findInputFault(nested(65), 64)?.kind).toBe('depth');
    expect(findInputFault(nested(200_000), 64)?.kind).toBe('depth');
  });
});

describe('NUL characters and nesting are refused before they reach the database', () => {
  it('a NUL in a body string is a 422 naming the field, and nothing is stored', async () => {
    const before = (await ctx.admin.get('/api/content/text/?per_page=100')).json().meta.total;
    const res = await ctx.admin.post('/api/content/text/', {
      langs: { sk: { title: 'Text\0zlý', content: '' }, en: { title: 'Text bad', content: '' } },
      positions: [1],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'langs.sk.title': ['errors.invalid'] });
    expect((await ctx.admin.get('/api/content/text/?per_page=100')).json().meta.total).toBe(before);
  });

  it('a NUL in a list search (query) is a 422 on search', async () => {
    const res = await ctx.admin.get('/api/content/text/?search=a%00b');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ search: ['errors.invalid'] });
  });

  it('a NUL in a path parameter of the API is refused, never a 500', async () => {
    const res = await ctx.admin.get('/api/content/text/1%00');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toBeTruthy();
  });

  it('a NUL in a multipart field is a 422 naming the bracket key as a dotted path', async () => {
    const res = await postMultipart(ctx.admin, '/api/content/text/', { 'langs[sk][title]': 'Zlý\0titul' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['langs.sk.title']).toEqual(['errors.invalid']);
  });

  it('a body nested deeper than the limit is a 422, not a stack overflow', async () => {
    const depth = 50_000;
    const res = await ctx.admin.request({
      method: 'POST',
      url: '/api/content/navigation/tree/1',
      payload: `{"tree":[${'{"children":['.repeat(depth)}${']}'.repeat(depth)}]}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toBeDefined();
  });
});

describe('addresses the router cannot read', () => {
  it('a malformed escape on the public site is the HTML 400 page in the site language', async () => {
    const res = await ctx.server.app.inject({ method: 'GET', url: '/gallery/%c0%ae' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>');
    expect(res.body).not.toContain('FST_');

    const en = await ctx.server.app.inject({ method: 'GET', url: '/en/%c0%ae' });
    expect(en.statusCode).toBe(400);
    expect(en.body).toContain('Invalid address');
  });

  it('a NUL in a site path is the HTML 400 page, not a 500', async () => {
    const res = await ctx.server.app.inject({ method: 'GET', url: '/sk/a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Neplatná adresa');
    for (const url of ['/sk/news/a%00b', '/en/gallery/x%00', '/sk/reference/%00']) {
      const other = await ctx.server.app.inject({ method: 'GET', url });
      expect(other.statusCode, url).toBe(400);
    }
  });

  it('a malformed escape under /api is a JSON 400 with message and error', async () => {
    const res = await ctx.server.app.inject({ method: 'GET', url: '/api/content/text/%c0%ae' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), error: expect.any(String) });
  });
});

describe('bodies the parser cannot read and values the database cannot store', () => {
  it('a multipart body without a boundary or cut short is a 400 with a message, not a 500', async () => {
    const broken = [
      { type: 'multipart/form-data', payload: 'x' },
      { type: 'multipart/form-data; boundary=x', payload: '--x\r\nbroken' },
      { type: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nv' },
    ];
    for (const { type, payload } of broken) {
      const res = await ctx.admin.request({
        method: 'POST',
        url: '/api/content/text/',
        payload,
        headers: { 'content-type': type },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('a date outside the years 1–9999 (UTC) is a 422 on the field', async () => {
    const page = {
      langs: {
        sk: { title: 'Dátumová stránka', title_url: 'datumova-stranka' },
        en: { title: 'Date page', title_url: 'date-page' },
      },
    };
    for (const publish_up of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+14:00', '+010000-01-01T00:00:00Z']) {
      const res = await ctx.admin.post('/api/content/page/', { ...page, publish_up });
      expect(res.statusCode, publish_up).toBe(422);
      expect(res.json().errors.publish_up, publish_up).toEqual(['errors.invalid']);
    }
    const res = await ctx.admin.post('/api/content/text/1', {
      langs: { sk: { title: 'Text', content: '' }, en: { title: 'Text', content: '' } },
      positions: [1],
      updated_at: '0000-01-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.updated_at).toEqual(['errors.invalid']);
  });
});
