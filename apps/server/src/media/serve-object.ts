import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors.js';
import { type ByteRange, ObjectNotFoundError, type ObjectStore, type StoredObject } from './object-store.js';

/** The single range of a `Range: bytes=…` header against an object of `size` bytes. */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * Reads a Range header (RFC 9110 §14): one range `a-b`, `a-` or `-n` is served as a part; anything this server
 * does not read (another unit, several ranges, bad syntax) is answered with the whole object, as the RFC allows;
 * a range that starts past the end is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return size === 0
      ? { kind: 'unsatisfiable' }
      : { kind: 'part', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', range: { start, end } };
}

const etagList = (header: string) => header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));

/** Whether the client's copy is current (If-None-Match, or else If-Modified-Since): answered 304. */
function notModified(request: FastifyRequest, object: StoredObject): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch) return noneMatch.trim() === '*' || etagList(noneMatch).includes(object.etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(object.modifiedAt.getTime() / 1000) * 1000 <= since;
}

/** Whether a Range may be served: no If-Range, or one naming the current version (strong tag or exact date). */
function rangeStillValid(request: FastifyRequest, object: StoredObject): boolean {
  const ifRange = request.headers['if-range'];
  if (typeof ifRange !== 'string') return true;
  if (ifRange.startsWith('"')) return ifRange === object.etag;
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && Math.floor(object.modifiedAt.getTime() / 1000) * 1000 === date;
}

/**
 * Sends a stored object from any driver, the way a static file server would (docs/DEPLOY.md: every process serves every
 * file): `ETag` and `Last-Modified`, 304 for a current copy, `Accept-Ranges` and one byte range as 206 (416 past
 * the end), HEAD without a body. `headers` are the caller's (type, caching, CSP). A missing object is a 404.
 */
export async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  key: string,
  headers: Record<string, string>,
): Promise<FastifyReply> {
  const opened = <T>(read: () => Promise<T>) =>
    read().catch((err: unknown) => {
      throw err instanceof ObjectNotFoundError ? notFound() : err;
    });
  const validatorsOf = (object: StoredObject) => ({
    ETag: object.etag,
    'Last-Modified': object.modifiedAt.toUTCString(),
    'Accept-Ranges': 'bytes',
  });
  // A plain GET (no validators, no range: a first visit) is one read, whose answer carries size and validators;
  // only a conditional or partial request looks at the object first (on S3 that is a second request).
  const { headers: asks } = request;
  if (request.method === 'GET' && !asks.range && !asks['if-none-match'] && !asks['if-modified-since']) {
    const { body, object } = await opened(() => store.stream(key));
    reply.headers({ ...headers, ...validatorsOf(object), 'Content-Length': String(object.size) });
    return reply.send(body);
  }
  const object = await opened(() => store.stat(key));
  const validators = validatorsOf(object);
  if (notModified(request, object)) {
    const { 'Content-Type': _type, 'Content-Disposition': _disposition, ...kept } = headers;
    return reply
      .code(304)
      .headers({ ...kept, ...validators })
      .send();
  }
  const asked = rangeStillValid(request, object) ? parseRange(request.headers.range, object.size) : undefined;
  if (asked?.kind === 'unsatisfiable') {
    return reply
      .code(416)
      .headers({ ...validators, 'X-Content-Type-Options': 'nosniff', 'Content-Range': `bytes */${object.size}` })
      .send();
  }
  const range = asked?.kind === 'part' ? asked.range : undefined;
  const length = range ? range.end - range.start + 1 : object.size;
  let body: Awaited<ReturnType<ObjectStore['stream']>>['body'] | undefined;
  // (An object removed between the look and the read is a 404 too.)
  if (request.method !== 'HEAD' && length > 0) ({ body } = await opened(() => store.stream(key, range)));
  reply.headers({ ...headers, ...validators, 'Content-Length': String(length) });
  if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
  return reply.send(body);
}
