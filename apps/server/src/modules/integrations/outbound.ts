// The one way a webhook leaves the server (docs/features/integrations.md "Where a webhook may go"): the address is
// resolved, every address it resolves to must be a public unicast one, and the connection goes to the address that
// was checked (a name that resolves again to 127.0.0.1 between the check and the connection reaches nothing).
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Whether `ip` is an address the public internet routes: not loopback, private, link-local (metadata), reserved … */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let address = ipaddr.parse(ip);
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress()) address = address.toIPv4Address();
  return address.range() === 'unicast';
}

/** Refused: the address is not public, or does not resolve. */
export class AddressRefused extends Error {}

/** The address `hostname` resolves to, checked; with `allowPrivate` any address it resolves to. */
export async function checkedAddress(
  hostname: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: 4 | 6 }> {
  const literal = hostname.replace(/^\[|\]$/g, '');
  const found = ipaddr.isValid(literal)
    ? [{ address: literal, family: literal.includes(':') ? 6 : 4 }]
    : await lookup(hostname, { all: true, verbatim: true }).catch(() => []);
  if (found.length === 0) throw new AddressRefused(`${hostname} does not resolve`);
  // Every address must be public: a name with one public and one private address could be sent to either.
  const refused = allowPrivate ? undefined : found.find((a) => !isPublicAddress(a.address));
  if (refused) throw new AddressRefused(`${hostname} resolves to ${refused.address}, which is not a public address`);
  const first = found[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface PostResult {
  status: number;
  /** The first characters of the answer. */
  excerpt: string;
  durationMs: number;
}

/** How long a receiver has to answer, and how much of the answer is kept. */
export const OUTBOUND = { timeoutMs: 10_000, excerptChars: 1000, readBytes: 64 * 1024 } as const;

/**
 * POSTs `body` to `url` at the checked address: no redirect followed (a 3xx is the answer), at most 10 s in all.
 * Throws AddressRefused for an address that may not be reached, and an Error for a connection that failed.
 */
export async function postJson(
  url: URL,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<PostResult> {
  const target = await checkedAddress(url.hostname, allowPrivate);
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const started = performance.now();
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        lookup: pinned,
        signal: AbortSignal.timeout(OUTBOUND.timeoutMs),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          response.destroy();
          resolve({
            status: response.statusCode ?? 0,
            excerpt: Buffer.concat(chunks).toString('utf8').slice(0, OUTBOUND.excerptChars),
            durationMs: Math.round(performance.now() - started),
          });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= OUTBOUND.readBytes) finish();
        });
        response.on('end', finish);
        response.on('error', reject);
      },
    );
    request.on('error', (err) =>
      reject(err.name === 'AbortError' ? new Error(`no answer within ${OUTBOUND.timeoutMs / 1000} s`) : err),
    );
    request.end(body);
  });
}
