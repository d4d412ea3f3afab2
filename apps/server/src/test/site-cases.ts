import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { PreviewKind } from '../modules/pages/preview.js';
import { previewToken } from '../modules/pages/preview.js';
import { useSignedInServer } from './content-cases.js';

/** A fresh server for a site test file, with an anonymous visitor and the checks the site's tests share. */
export function useSite() {
  const ctx = useSignedInServer();
  const db = () => ctx.server.ctx.db;

  /** A GET from an anonymous visitor. */
  const visit = (url: string, lang = 'en') =>
    ctx.server.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

  /** A valid `?preview=` query for one record, as the admin's preview link carries it. */
  const previewQuery = (kind: PreviewKind, id: number) =>
    `?preview=${encodeURIComponent(previewToken(ctx.server.config, kind, id))}`;

  return { ctx, db, visit, previewQuery };
}

/** The site's HTML 404 page in `lang`. */
export function expectNotFoundPage(res: LightMyRequestResponse, lang: 'sk' | 'en') {
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.body).toContain(`<html lang="${lang}">`);
  expect(res.body).toContain(lang === 'sk' ? 'Stránka sa nenašla' : 'Page not found');
}

/** A 200 HTML page of the site, published (indexable, no banner) unless `preview`. */
export function expectShown(res: LightMyRequestResponse, preview = false) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  expect(res.headers['x-robots-tag']).toBe(preview ? 'noindex' : undefined);
  expect(res.headers['cache-control']).toBe(preview ? 'no-store' : 'no-cache');
  expect(res.body.includes('class="preview"')).toBe(preview);
  // The only script is this server's tracker (docs/features/statistics.md); the structured data is no script.
  const scripts = res.body.match(/<script[^>]*>/g)?.filter((tag) => tag !== '<script type="application/ld+json">');
  expect(scripts).toEqual(['<script src="/tracker.js" defer>']);
  expect(res.body.includes('<meta name="robots" content="noindex">')).toBe(preview);
}

/** The language switch's link to `lang`, unescaped. */
export function languageLink(body: string, lang: 'sk' | 'en') {
  const href = new RegExp(`<a href="([^"]*)" hreflang="${lang}"`).exec(body)?.[1];
  return href?.replace(/&amp;/g, '&');
}
