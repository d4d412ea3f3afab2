import { MODULES } from '@backoffice/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleLangs, articles, navigationGroups, pageLangs } from '../db/schema.js';
import { positionOptions } from '../modules/texts/service.js';
import {
  buildArticle,
  buildCategory,
  buildGallery,
  buildGalleryImage,
  buildPage,
  buildPartner,
  buildReference,
  buildText,
} from '../test/factories.js';
import { useSite } from '../test/site-cases.js';

const { ctx, db, visit } = useSite();

/** A GET of the delivery API from a visitor without a session. */
const get = (path: string, headers: Record<string, string> = {}) =>
  ctx.server.app.inject({ method: 'GET', url: `/api/delivery${path}`, headers });

/** Every article of a news walk, following `next_cursor` to the end. */
async function walk(query: string) {
  const titles: string[] = [];
  let cursor: string | null = null;
  let answers = 0;
  do {
    const res = await get(`/news?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { title: string }[]; next_cursor: string | null };
    titles.push(...body.data.map((item) => item.title));
    cursor = body.next_cursor;
    answers += 1;
  } while (cursor && answers < 50);
  return { titles, answers };
}

let category = 0;

describe('delivery API', () => {
  it('the home page, a page and the navigation, published only, in the locale asked for', async () => {
    const [main] = await db().select().from(navigationGroups).where(eq(navigationGroups.label, 'main'));
    const home = await buildPage(db(), {
      title: 'Start',
      group_id: main?.id,
      navigation: { value: true, parent_id: null },
    });
    await buildPage(db(), { title: 'Hidden page', status: false });

    const res = await get('/home?locale=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json().data).toMatchObject({
      id: home,
      title: 'Start en',
      title_url: 'start-en',
      path: '/en/',
      alternates: { sk: '/sk/start-sk', en: '/en/start-en' },
    });
    expect((await get('/pages/start-sk')).json().data.title).toBe('Start sk');
    expect((await get('/pages/hidden-page-en?locale=en')).statusCode).toBe(404);
    expect((await get('/pages/no-such-page')).statusCode).toBe(404);
    // A page whose address is `home` is a page like any other: the home page has an address of its own.
    const named = await buildPage(db(), { title: 'Our home' });
    await db()
      .update(pageLangs)
      .set({ title_url: 'home' })
      .where(and(eq(pageLangs.page_id, named), eq(pageLangs.language_code, 'en')));
    expect((await get('/pages/home?locale=en')).json().data.id).toBe(named);
    expect((await get('/home?locale=en')).json().data.id).toBe(home);

    const nav = (await get('/navigation?locale=en')).json().data;
    expect(nav.main).toContainEqual({
      page_id: home,
      parent_page_id: null,
      title: 'Start en',
      title_url: 'start-en',
      path: '/en/start-en',
    });
    const refused = await get('/navigation?locale=de');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty(['locale']);
  });

  it('rich text is sanitised as on the site; the settings give the public company data', async () => {
    const id = await buildArticle(db(), { title: 'Unsafe story' });
    await db()
      .update(articleLangs)
      .set({ content: '<p onclick="x()">Safe<script>alert(1)</script></p>' })
      .where(eq(articleLangs.article_id, id));
    const article = (await get('/news/unsafe-story-en?locale=en')).json().data;
    expect(article.content).toBe('<p>Safe</p>');
    expect(article.path).toBe('/en/news/unsafe-story-en');
    expect(article.alternates).toEqual({ sk: '/sk/news/unsafe-story-sk', en: '/en/news/unsafe-story-en' });
    await db().update(articles).set({ status: false }).where(eq(articles.id, id));
    expect((await get('/news/unsafe-story-en?locale=en')).statusCode).toBe(404);

    const settings = (await get('/settings?locale=en')).json().data;
    expect(settings.locale).toBe('en');
    expect(settings.contact.name).toBe('Stavby Demo Ltd.');
    expect(settings.social.every((s: { url: string }) => s.url.startsWith('https://'))).toBe(true);
  });

  it('the news by cursor: every published article once, newest first, by category, bad cursors refused', async () => {
    category = await buildCategory(db(), { title: 'Bridges', module_id: MODULES.blog });
    for (let day = 1; day <= 7; day++) {
      await buildArticle(db(), {
        title: `Walk ${day}`,
        publish_up: `2021-03-0${day}T08:00:00.000Z`,
        ...(day % 2 ? { categories: [category] } : {}),
      });
    }
    // Two on the same instant: the id decides.
    await buildArticle(db(), { title: 'Walk 7b', publish_up: '2021-03-07T08:00:00.000Z' });
    await buildArticle(db(), { title: 'Walk hidden', status: false, publish_up: '2021-03-05T08:00:00.000Z' });

    const all = await walk('locale=en&limit=3');
    const walked = all.titles.filter((t) => t.startsWith('Walk'));
    expect(walked).toEqual([
      'Walk 7b en',
      'Walk 7 en',
      'Walk 6 en',
      'Walk 5 en',
      'Walk 4 en',
      'Walk 3 en',
      'Walk 2 en',
      'Walk 1 en',
    ]);
    expect(new Set(all.titles).size).toBe(all.titles.length);
    const bridges = await walk(`locale=sk&limit=2&category=${category}`);
    const hidden = await buildCategory(db(), { title: 'Hidden', module_id: MODULES.blog, status: false });
    expect((await get(`/news?category=${hidden}`)).statusCode).toBe(404);
    expect((await get('/news?category=999999')).statusCode).toBe(404);
    expect(bridges.titles).toEqual(['Walk 7 sk', 'Walk 5 sk', 'Walk 3 sk', 'Walk 1 sk']);
    expect(bridges.answers).toBe(2);

    for (const bad of [
      'cursor=nonsense',
      'cursor=W10',
      'cursor=WyIwMDAwLTAxLTAxVDAwOjAwOjAwWiIsMV0',
      'limit=0',
      'limit=101',
      'category=abc',
      'category=0',
    ]) {
      const res = await get(`/news?${bad}`);
      expect(res.statusCode, bad).toBe(422);
    }
    const first = (await get('/news?locale=en&limit=1')).json();
    expect(first.data[0]).toMatchObject({ title: expect.any(String), path: expect.stringMatching(/^\/en\/news\//) });
    expect(first.data[0].date).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('a weak ETag and 304; the Delivery tag of the API document', async () => {
    const first = await get('/news?locale=en');
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\//);
    const again = await get('/news?locale=en', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await buildArticle(db(), { title: 'Fresh news' });
    expect((await get('/news?locale=en', { 'if-none-match': tag })).statusCode).toBe(200);

    const doc = (await ctx.admin.get('/api/docs/json')).json();
    expect(doc.paths['/api/delivery/news']?.get?.tags).toEqual(['Delivery']);
    expect(
      Object.keys(doc.paths)
        .filter((p) => p.startsWith('/api/delivery/'))
        .sort(),
    ).toEqual([
      '/api/delivery/galleries/{titleUrl}',
      '/api/delivery/home',
      '/api/delivery/navigation',
      '/api/delivery/news',
      '/api/delivery/news/{titleUrl}',
      '/api/delivery/pages/{titleUrl}',
      '/api/delivery/partners',
      '/api/delivery/references',
      '/api/delivery/references/{titleUrl}',
      '/api/delivery/settings',
      '/api/delivery/texts',
    ]);
    expect((await visit('/api/delivery/nothing')).statusCode).toBe(404);
  });

  it('texts by position, partners in order, one page of references, a reference and a gallery with its images', async () => {
    const positions = await positionOptions(db());
    const footer = positions.find((p) => p.title === 'Footer')?.id ?? 0;
    await buildText(db(), { title: 'Opening', positions: [footer] });
    await buildText(db(), { title: 'Hidden text', positions: [footer], status: false });
    const texts = (await get('/texts?locale=en&position=Footer')).json().data as { title: string }[];
    expect(texts.map((t) => t.title)).toContain('Opening en');
    expect(texts.map((t) => t.title)).not.toContain('Hidden text en');
    expect((await get('/texts?locale=en')).statusCode).toBe(422);

    await buildPartner(db(), { title: 'Second partner', order: 2 });
    await buildPartner(db(), { title: 'First partner', order: 1 });
    await buildPartner(db(), { title: 'Hidden partner', order: 0, status: false });
    const partners = (await get('/partners?locale=sk')).json().data as { title: string }[];
    const ours = partners.map((p) => p.title).filter((t) => t.includes('partner'));
    expect(ours).toEqual(['First partner sk', 'Second partner sk']);

    await buildReference(db(), { title: 'Long bridge' });
    await buildReference(db(), { title: 'Hidden bridge', status: false });
    const list = (await get('/references?locale=en')).json();
    expect(list.meta).toMatchObject({ page: 1, per_page: 10 });
    expect(list.data.map((r: { title: string }) => r.title)).toContain('Long bridge en');
    expect(list.data.map((r: { title: string }) => r.title)).not.toContain('Hidden bridge en');
    const reference = (await get('/references/long-bridge-en?locale=en')).json().data;
    expect(reference).toMatchObject({ title: 'Long bridge en', path: '/en/reference/long-bridge-en' });
    expect((await get('/references/hidden-bridge-en?locale=en')).statusCode).toBe(404);

    const gallery = await buildGallery(db(), { title: 'Works' });
    const shown = await buildGalleryImage(db(), gallery, { title: 'Crane', position: 1 });
    await buildGalleryImage(db(), gallery, { title: 'Hidden photo', status: false });
    const photos = (await get('/galleries/works-en?locale=en')).json().data;
    expect(photos.images).toEqual([
      {
        url: `http://backoffice.test/gallery/gallery/${gallery}/${shown.file}`,
        thumb_url: `http://backoffice.test/gallery/gallery/${gallery}/thumb/${shown.file}`,
        title: 'Crane en',
        alt: 'Crane en',
        width: 800,
        height: 600,
        renditions: [],
      },
    ]);
    expect(photos.alternates).toEqual({ sk: '/sk/gallery/works-sk', en: '/en/gallery/works-en' });
  });
});
