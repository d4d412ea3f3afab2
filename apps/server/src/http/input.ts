import { ERR, LIMITS } from '@backoffice/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unflatten } from './body.js';
import { isApiUrl } from './error-handler.js';
import { badRequest, invalid } from './errors.js';

/** What is wrong with a request's input before any schema sees it, and where (a dotted field path). */
export interface InputFault {
  path: string;
  kind: 'nul' | 'depth';
}

/**
 * Walks a parsed body, query or parameter object without recursion (a hostile body may nest thousands of levels)
 * and names the first string or key holding a NUL character (PostgreSQL text cannot store one), or the first
 * value nested deeper than `maxDepth`.
 */
export function findInputFault(value: unknown, maxDepth: number = LIMITS.bodyDepthMax): InputFault | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string[] };
    const { path } = item;
    if (typeof item.value === 'string') {
      if (item.value.includes('\0')) return { path: path.join('.'), kind: 'nul' };
      continue;
    }
    if (!item.value || typeof item.value !== 'object' || Buffer.isBuffer(item.value)) continue;
    if (path.length >= maxDepth) return { path: path.join('.'), kind: 'depth' };
    for (const [key, child] of Object.entries(item.value)) {
      if (key.includes('\0')) return { path: [...path, key.replaceAll('\0', '')].join('.'), kind: 'nul' };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

const SOURCES = ['params', 'query', 'body'] as const;

/**
 * Refuses NUL characters and over-deep nesting in the path, query and body of every request before validation
 * (SECURITY.md): an API request gets a 422 naming the field, a public-site page a 400.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const source of SOURCES) {
      const fault = findInputFault(request[source]);
      if (!fault) continue;
      if (!isApiUrl(request.url)) throw badRequest();
      throw invalid({ [fault.path || '_']: [ERR.invalid] });
    }
  });
}

/**
 * Lets a write that carries no body through whatever content type it names (axios in Node sends
 * `application/x-www-form-urlencoded`, some clients `application/json`): without bytes there is nothing to parse,
 * and the route sees `{}`.
 */
export function registerEmptyBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    return parseJson(request, body as string, done);
  });
  app.addHook('onRequest', async (request) => {
    const { headers } = request.raw;
    const empty = headers['transfer-encoding'] === undefined && (headers['content-length'] ?? '0') === '0';
    if (empty && headers['content-type'] !== undefined) delete headers['content-type'];
  });
  app.addHook('preValidation', async (request) => {
    if (request.body == null && request.method !== 'GET' && request.method !== 'HEAD') request.body = {};
  });
}

/**
 * Multipart bodies (docs/api.md): read whole by @fastify/multipart into key/value fields, then unflattened from bracket
 * keys into the object JSON would give. The request is marked while the parts are read, so that a body the parser
 * cannot read (a missing boundary, a truncated part: errors without a status) is answered 400, not 500.
 */
export async function registerMultipartBodies(app: FastifyInstance) {
  app.decorateRequest('readingMultipart', false);
  app.addHook('preValidation', async (request) => {
    request.readingMultipart = request.isMultipart();
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: LIMITS.imageMaxKb * 1024, files: 10, fields: 1000, fieldSize: 1024 * 1024 },
  });
  app.addHook('preValidation', async (request) => {
    request.readingMultipart = false;
    if (request.isMultipart() && request.body && typeof request.body === 'object') {
      request.body = unflatten(request.body as Record<string, unknown>);
    }
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while @fastify/multipart reads the parts of this request's body. */
    readingMultipart: boolean;
  }
}
