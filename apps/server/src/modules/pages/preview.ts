import type { Config } from '../../config.js';
import { hmac, safeEqual } from '../../http/crypto.js';

/** How long a preview link opens an unpublished record (docs/api.md Preview). */
export const PREVIEW_TTL_MS = 10 * 60 * 1000;

/** What the public site previews: pages, news articles and references (docs/api.md Preview). */
export type PreviewKind = 'page' | 'article' | 'reference';

/**
 * Where the public site shows a record of each kind, below `/{locale}/`: a page at its title_url, an article
 * under `news/`, a reference under `reference/`.
 */
const PREVIEW_PATHS: Record<PreviewKind, string> = { page: '', article: 'news/', reference: 'reference/' };

const signature = (config: Config, kind: PreviewKind, id: number, expiresAt: number) =>
  hmac(config.sessionSecret, `${kind}:${id}:${expiresAt}`);

/** A short-lived token for the public site's preview of one record: `<signature>.<expiry in ms>`. */
export function previewToken(config: Config, kind: PreviewKind, id: number, now = Date.now()): string {
  const expiresAt = now + PREVIEW_TTL_MS;
  return `${signature(config, kind, id, expiresAt)}.${expiresAt}`;
}

/** Whether `token` was issued by this server for this record and has not expired (the public site asks). */
export function verifyPreviewToken(
  config: Config,
  kind: PreviewKind,
  id: number,
  token: string,
  now = Date.now(),
): boolean {
  const match = /^([A-Za-z0-9_-]+)\.(\d{1,15})$/.exec(token);
  if (!match?.[1] || !match[2]) return false;
  const expiresAt = Number(match[2]);
  return expiresAt > now && safeEqual(match[1], signature(config, kind, id, expiresAt));
}

/** The signed preview address of one record on the public site, in the default (sk) locale. */
export function previewUrl(config: Config, kind: PreviewKind, id: number, titleUrl: string): string {
  const token = encodeURIComponent(previewToken(config, kind, id));
  return `${config.appUrl}/sk/${PREVIEW_PATHS[kind]}${encodeURIComponent(titleUrl)}?preview=${token}`;
}

/** The preview addresses of one kind, as the resource routes take them (`registerPreview`). */
export const previewLink =
  (config: Config, kind: PreviewKind) =>
  (id: number, titleUrl: string): string =>
    previewUrl(config, kind, id, titleUrl);
