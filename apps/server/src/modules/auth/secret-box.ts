import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const keys = new Map<string, Buffer>();

/** The AES-256 key of a purpose, derived (HKDF-SHA256) from the server's secret; never stored. */
function keyOf(serverSecret: string, purpose: string): Buffer {
  const id = `${purpose}\0${serverSecret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', serverSecret, 'backoffice', `secret-box:${purpose}`, 32));
    keys.set(id, key);
  }
  return key;
}

/**
 * Seals a value at rest with AES-256-GCM under a key derived from the server's secret (SECURITY.md): `v1.<iv>.<tag>.<data>`,
 * base64url. The purpose is bound in as associated data, so a value sealed for one use does not open for another.
 */
export function seal(serverSecret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Opens a sealed value; null when it was not sealed by this secret for this purpose, or was changed. */
export function open(serverSecret: string, purpose: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
