import type { Config } from '../../config.js';
import { hmac, safeEqual } from '../../http/crypto.js';

/** How long a preview link opens an unpublished record (DESIGN §4 Preview). */
export const PREVIEW_TTL_MS = 10 * 60 * 1000;

export type PreviewKind = 'page';

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
