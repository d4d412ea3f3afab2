import { createHash, randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import type { Agent, TestServer } from './harness.js';

/** Test helpers of the file manager's API tests (not a test file itself). */

export interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  type?: string;
}

export function multipart(parts: Part[]) {
  const boundary = `----test${randomBytes(6).toString('hex')}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n` +
        `${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
    ),
    Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `POST /api/files/upload` with `path` and one `file`. */
export const upload = (
  agent: Agent,
  path: string,
  file: Buffer,
  filename: string,
  extra: { csrf?: boolean; query?: string } = {},
) =>
  agent.request({
    method: 'POST',
    url: `/api/files/upload${extra.query ?? ''}`,
    ...multipart([
      { name: 'path', value: path },
      { name: 'file', value: file, filename, type: 'application/octet-stream' },
    ]),
    csrf: extra.csrf,
  });

export const png = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * Every file and folder under the test's DATA_DIR with a hash of each file's content: compared before and after
 * a refused request, it shows that nothing was written, changed or removed, inside the root or around it.
 */
export function snapshot(server: TestServer): Record<string, string> {
  const base = server.config.dataDir;
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(base, path);
      if (entry.isSymbolicLink()) out[rel] = 'link';
      else if (entry.isDirectory()) {
        out[`${rel}/`] = 'dir';
        walk(path);
      } else out[rel] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(base);
  return out;
}

export const exists = (path: string) => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};
