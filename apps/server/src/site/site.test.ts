import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { galleries, galleryLangs, navigationGroups, navigationNodes, pageLangs, pages } from '../db/schema.js';
import { PREVIEW_TTL_MS, previewToken } from '../modules/pages/preview.js';
import { buildGalleryImage, buildPage, buildPanel, pageInput } from '../test/factories.js';
import { expectNotFoundPage, useSite } from '../test/site-cases.js';

const { ctx, db, visit } = useSite();

let mainGroup = 0;
let footerGroup = 0;
beforeAll(async () => {
  const groups = await db().select().from(navigationGroups);
  mainGroup = groups.find((g) => g.label === 'main')?.id ?? 0;
  footerGroup = groups.find((g) => g.label === 'footer')?.id ?? 0;
});

type Overrides = Parameters<typeof pageInput>[0];
/** A page in the main navigation (or under `parent_id` there), published unless told otherwise. */
const navPage = (overrides: Overrides = {}, parent_id: number | null = null) =>
  buildPage(db(), { group_id: mainGroup, navigation: { value: true, parent_id }, ...overrides });

/** The navigation node of a page. */
const nodeOf = async (pageId: number) => {
  const [node] = await db().select().from(navigationNodes).where(eq(navigationNodes.page_id, pageId));
  if (!node) throw new Error(`page ${pageId} has no node`);
  return node.id;
};

async function buildGallery(title: string, status = true) {
  const [row] = await db().insert(galleries).values({ status }).returning({ id: galleries.id });
  if (!row) throw new Error('no gallery');
  await db()
    .insert(galleryLangs)
    .values(
      (['sk', 'en'] as const).map((language_code) => ({
        gallery_id: row.id,
        language_code,
        title: `${title} ${language_code}`,
        title_url: `${title.toLowerCase().replace(/\W+/g, '-')}-${language_code}-${row.id}`,
      })),
    );
  return row.id;
}

// Runs first, while no page exists: the home page is the first published page of the main navigation.
describe('site: home', () => {
  it('/ redirects to /sk/, which is a 404 page while the main navigation has no published page', async () => {
    const root = await visit('/');
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/sk/');
    expectNotFoundPage(await visit('/sk/'), 'sk');
  });

  it('/{locale}/ shows the first published page at the top of the main navigation', async () => {
    await navPage({ title: 'Hidden first', status: false });
    await navPage({ title: 'Welcome' });
    await navPage({ title: 'Second' });
    const sk = await visit('/sk/');
    expect(sk.statusCode).toBe(200);
    expect(sk.body).toContain('<h1>Welcome sk</h1>');
    expect(sk.body).toContain('<a href="/sk/welcome-sk" aria-current="page">Welcome sk</a>');
    expect(sk.body).toContain('<a href="/en/" hreflang="en" lang="en">English</a>');
    const en = await visit('/en');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<h1>Welcome en</h1>');
  });
});

describe('site: a published page', () => {
  it('renders language, meta title and description, image, claim, content, panels, galleries and menu', async () => {
    const panelLow = await buildPanel(db(), { title: 'First panel', priority: 1 });
    const panelHigh = await buildPanel(db(), { title: 'Second panel', priority: 5 });
    const panelHidden = await buildPanel(db(), { title: 'Hidden panel', status: false });
    const gallery = await buildGallery('Summer photos');
    const galleryHidden = await buildGallery('Secret photos', false);
    const second = await buildGalleryImage(db(), gallery, { title: 'Beach', position: 2 });
    const first = await buildGalleryImage(db(), gallery, { title: 'Sunset', position: 1 });
    await buildGalleryImage(db(), gallery, { title: 'Private snapshot', status: false, position: 0 });
    const input = pageInput({
      title: 'About us',
      group_id: mainGroup,
      navigation: { value: true, parent_id: null },
      panels: [panelHigh, panelHidden, panelLow],
      galleries: [gallery, galleryHidden],
    });
    input.langs.en = {
      ...input.langs.en,
      meta_title: 'About the company',
      meta_description: 'Who we are & what we do',
      claim: 'We build things',
      content: '<p>Our <strong>story</strong></p>',
      page_text: '<p>More text</p>',
    };
    const res = await ctx.admin.post('/api/content/page/', input);
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    await db().update(pages).set({ image: 'a1b2c3.jpg' }).where(eq(pages.id, id));

    const page = await visit('/en/about-us-en');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['x-robots-tag']).toBeUndefined();
    const body = page.body;
    expect(body).toContain('<html lang="en">');
    expect(body).toContain('<title>About the company</title>');
    expect(body).toContain('<meta name="description" content="Who we are &amp; what we do">');
    expect(body).toContain(`<img class="hero" src="/gallery/page/${id}/a1b2c3.jpg" alt="" fetchpriority="high">`);
    expect(body).toContain('<h1>About us en</h1>');
    expect(body).toContain('<p class="claim">We build things</p>');
    expect(body).toContain('<p>Our <strong>story</strong></p>');
    expect(body).toContain('<p>More text</p>');
    expect(body.indexOf('First panel en')).toBeGreaterThan(-1);
    expect(body.indexOf('First panel en')).toBeLessThan(body.indexOf('Second panel en'));
    expect(body).not.toContain('Hidden panel');
    // Each linked gallery: its title linked to its own page, then its shown images in order, thumbnails to originals.
    const thumb = (image: { file: string }, title: string) =>
      `<li><a href="/gallery/gallery/${gallery}/${image.file}" title="${title}"><img src="/gallery/gallery/${gallery}/thumb/${image.file}" alt="${title}" width="150" height="120" loading="lazy"></a></li>`;
    expect(body).toContain(
      `<h3><a href="/en/gallery/summer-photos-en-${gallery}">Summer photos en</a></h3><ul class="thumbs">${thumb(first, 'Sunset en')}${thumb(second, 'Beach en')}</ul>`,
    );
    expect(body).not.toContain('Private snapshot');
    expect(body).not.toContain('Secret photos');
    expect(body).toContain('<a href="/en/about-us-en" aria-current="page">About us en</a>');
    expect(body).toContain('<a href="/sk/about-us-sk" hreflang="sk" lang="sk">Slovenčina</a>');
    expect(body).not.toContain('<script>'); // the only script tag is the tracker's (<script src=…>)

    const sk = await visit('/sk/about-us-sk');
    expect(sk.body).toContain('<html lang="sk">');
    expect(sk.body).toContain('<title>About us sk</title>');
    expect(sk.body).toContain(`<a href="/sk/gallery/summer-photos-sk-${gallery}">Summer photos sk</a>`);
    expect(sk.body).toContain('alt="Sunset sk"');
  });

  it('the menu nests children, links them in the current language and leaves out unpublished branches', async () => {
    const parent = await navPage({ title: 'Services' });
    await navPage({ title: 'Consulting' }, await nodeOf(parent));
    await navPage({ title: 'Secret service', status: false }, await nodeOf(parent));
    const hiddenParent = await navPage({ title: 'Old section', status: false });
    await navPage({ title: 'Orphan' }, await nodeOf(hiddenParent));
    await buildPage(db(), { title: 'Legal', group_id: footerGroup, navigation: { value: true, parent_id: null } });

    const { body } = await visit('/en/consulting-en');
    expect(body).toContain(
      '<li><a href="/en/services-en">Services en</a><ul><li><a href="/en/consulting-en" aria-current="page">Consulting en</a></li></ul></li>',
    );
    expect(body).not.toContain('Secret service');
    expect(body).not.toContain('Old section');
    expect(body).not.toContain('Orphan');
    expect(body).toMatch(/<footer>[\s\S]*<a href="\/en\/legal-en">Legal en<\/a>[\s\S]*<\/footer>/);
  });

  it('a stored image name that is not one of ours shows no image', async () => {
    const id = await buildPage(db(), { title: 'Bad image' });
    await db().update(pages).set({ image: '../../etc/passwd' }).where(eq(pages.id, id));
    const res = await visit('/en/bad-image-en');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<img');
  });
});

describe('site: what is not published', () => {
  it('a hidden page → 404 page', async () => {
    await buildPage(db(), { title: 'Draft page', status: false });
    expectNotFoundPage(await visit('/en/draft-page-en'), 'en');
  });

  it('a page scheduled for later or already expired → 404 page', async () => {
    await buildPage(db(), { title: 'Coming soon', publish_up: '2999-01-01T00:00:00.000Z' });
    await buildPage(db(), { title: 'Gone already', publish_down: '2001-01-01T00:00:00.000Z' });
    await buildPage(db(), {
      title: 'In the window',
      publish_up: '2001-01-01T00:00:00.000Z',
      publish_down: '2999-01-01T00:00:00.000Z',
    });
    expectNotFoundPage(await visit('/sk/coming-soon-sk'), 'sk');
    expectNotFoundPage(await visit('/en/gone-already-en'), 'en');
    expect((await visit('/en/in-the-window-en')).statusCode).toBe(200);
  });

  it('an unknown page, a deeper path or a title_url of the other locale → 404 page in that locale', async () => {
    await buildPage(db(), { title: 'Contact' });
    expectNotFoundPage(await visit('/sk/no-such-page'), 'sk');
    expectNotFoundPage(await visit('/en/contact-en/more'), 'en');
    expectNotFoundPage(await visit('/sk/contact-en'), 'sk');
  });

  it('an unknown locale or a stray path → 404 page in the Accept-Language language', async () => {
    expectNotFoundPage(await visit('/de/contact-en', 'sk'), 'sk');
    expectNotFoundPage(await visit('/robots.php', 'en'), 'en');
  });

  it('a removed page → 404 page, even with a valid preview token', async () => {
    const id = await buildPage(db(), { title: 'Removed page' });
    expect((await ctx.admin.delete(`/api/content/page/${id}`)).statusCode).toBe(200);
    const token = encodeURIComponent(previewToken(ctx.server.config, 'page', id));
    expectNotFoundPage(await visit(`/en/removed-page-en?preview=${token}`), 'en');
  });
});

describe('site: preview', () => {
  it('the preview link from the admin shows a hidden page, not indexed and not stored', async () => {
    const id = await buildPage(db(), { title: 'Secret draft', status: false });
    const { url } = (await ctx.editor.get(`/api/content/page/preview/${id}`)).json();
    const link = new URL(url);
    const res = await visit(`${link.pathname}${link.search}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<h1>Secret draft sk</h1>');
    expect(res.body).toContain('Náhľad: táto stránka nie je zverejnená.');
    // The language switch keeps the token, so the other locale can be previewed too.
    const en = /<a href="(\/en\/secret-draft-en\?preview=[^"]+)"/.exec(res.body)?.[1] ?? '';
    expect((await visit(en.replace(/&amp;/g, '&'))).statusCode).toBe(200);
  });

  it('a scheduled page opens with a valid token', async () => {
    const id = await buildPage(db(), { title: 'Scheduled draft', publish_up: '2999-01-01T00:00:00.000Z' });
    const token = encodeURIComponent(previewToken(ctx.server.config, 'page', id));
    expect((await visit(`/en/scheduled-draft-en?preview=${token}`)).statusCode).toBe(200);
  });

  it('a tampered, expired, foreign or repeated token → 404 page', async () => {
    const id = await buildPage(db(), { title: 'Guarded draft', status: false });
    const other = await buildPage(db(), { title: 'Other draft', status: false });
    const valid = previewToken(ctx.server.config, 'page', id);
    const [signature, expiry] = valid.split('.');
    const tampered = `${signature?.slice(0, -2)}${signature?.endsWith('AA') ? 'BB' : 'AA'}.${expiry}`;
    const longer = `${signature}.${Number(expiry) + 60_000}`;
    const expired = previewToken(ctx.server.config, 'page', id, Date.now() - PREVIEW_TTL_MS - 1000);
    const foreign = previewToken(ctx.server.config, 'page', other);
    for (const token of [tampered, longer, expired, foreign, 'garbage', '']) {
      expectNotFoundPage(await visit(`/en/guarded-draft-en?preview=${encodeURIComponent(token)}`), 'en');
    }
    const twice = `preview=${encodeURIComponent(valid)}&preview=${encodeURIComponent(valid)}`;
    expectNotFoundPage(await visit(`/en/guarded-draft-en?${twice}`), 'en');
    expect((await visit(`/en/guarded-draft-en?preview=${encodeURIComponent(valid)}`)).statusCode).toBe(200);
  });
});

describe('site: safety', () => {
  it('a title, claim and meta values holding markup are escaped', async () => {
    const input = pageInput({ title: 'Evil page' });
    input.langs.en = {
      ...input.langs.en,
      title: '<script>alert(1)</script> "quoted"',
      claim: '<img src=x onerror=alert(1)>',
      meta_title: '</title><script>alert(2)</script>',
      meta_description: '"><script>alert(3)</script>',
    };
    expect((await ctx.admin.post('/api/content/page/', input)).statusCode).toBe(201);
    const { body } = await visit('/en/evil-page-en');
    expect(body).not.toMatch(/<script(?! src="\/tracker\.js"| type="application\/ld\+json")|<img src=x/); // no script but the tracker
    expect(body).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot;</h1>');
    expect(body).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(2)&lt;/script&gt;</title>');
    expect(body).toContain('content="&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;"');
  });

  it('rich text written past the save path is sanitised again on output', async () => {
    const id = await buildPage(db(), { title: 'Imported page' });
    await db()
      .update(pageLangs)
      .set({ content: '<p onclick="alert(1)">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>' })
      .where(eq(pageLangs.page_id, id));
    const { body } = await visit('/en/imported-page-en');
    expect(body).toContain('<p>Hi</p>');
    expect(body).not.toMatch(/<script(?! src="\/tracker\.js"| type="application\/ld\+json")|onclick|javascript:/);
  });

  it('the redirect field is followed only to a site path or an http(s) URL', async () => {
    const cases: [string, string | null][] = [
      ['/en/contact-en', '/en/contact-en'],
      ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
      ['javascript:alert(1)', null],
      ['JaVaScRiPt:alert(1)', null],
      ['//evil.example.com/', null],
      ['/\\evil.example.com/', null],
      ['data:text/html,hi', null],
    ];
    for (const [index, [redirect, location]] of cases.entries()) {
      await buildPage(db(), { title: `Redirect case ${index}`, redirect });
      const res = await visit(`/en/redirect-case-${index}-en`);
      if (location) {
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe(location);
      } else {
        expect(res.statusCode).toBe(200);
        expect(res.headers.location).toBeUndefined();
      }
    }
  });

  it('the site leaves the API and the admin their own answers', async () => {
    expect((await visit('/api/health')).json()).toMatchObject({ status: 'ok' });
    const api = await visit('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    const deep = await visit('/api/content/nothing/here');
    expect(deep.headers['content-type']).toMatch(/^application\/json/);
    const admin = await visit('/admin/some/screen');
    expect(admin.body).not.toContain('Page not found');
  });
});
