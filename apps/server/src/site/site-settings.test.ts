import { LOCALES } from '@backoffice/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { postMultipart } from '../test/content-cases.js';
import { buildPage } from '../test/factories.js';
import { useSite } from '../test/site-cases.js';

const { ctx, db, visit } = useSite();
const both = (value: string) => ({ sk: value, en: value });

describe('site: the settings in the head and the footer', () => {
  it('a page without its own description takes the main settings; og tags, favicon, contact, social, copyright', async () => {
    await buildPage(db(), { title: 'Plain page' });
    const fields: Record<string, string | Buffer> = {
      'favicon[en]': await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c00' } })
        .png()
        .toBuffer(),
    };
    const main = {
      meta_title: both('Demo site'),
      meta_description: both(`Default description & more ${'x'.repeat(100)}`),
      og_title: both('Demo OG'),
      og_description: both(`OG description ${'y'.repeat(100)}`),
      copyright: { sk: '© Demo sk', en: '© Demo <Ltd>' },
    };
    for (const [key, value] of Object.entries(main)) for (const l of LOCALES) fields[`${key}[${l}]`] = value[l];
    expect((await postMultipart(ctx.admin, '/api/settings/1', fields)).statusCode).toBe(200);
    await ctx.admin.post('/api/settings/4', {
      social_facebook_link: both('https://facebook.com/demo'),
      social_linkedin_link: both(''),
    });

    const { body, statusCode } = await visit('/en/plain-page-en');
    expect(statusCode).toBe(200);
    expect(body).toContain('<meta name="description" content="Default description &amp; more');
    expect(body).toContain('<meta property="og:title" content="Plain page en">');
    expect(body).toContain('<meta property="og:description" content="OG description y');
    expect(body).toMatch(/<link rel="icon" href="\/gallery\/settings\/1\/[0-9a-f]{32}\.png">/);
    expect(body).toMatch(/<footer>[\s\S]*<strong>Stavby Demo Ltd\.<\/strong>[\s\S]*<\/footer>/);
    expect(body).toContain('<a href="https://facebook.com/demo" rel="noopener" data-social="social_facebook_link">');
    expect(body).not.toContain('data-social="social_linkedin_link"');
    expect(body).toContain('<p class="copyright">© Demo &lt;Ltd&gt;</p>');
    const sk = await visit('/sk/plain-page-sk');
    expect(sk.body).toContain('<p class="copyright">© Demo sk</p>');
    expect(sk.body).not.toContain('rel="icon"');
  });
});
