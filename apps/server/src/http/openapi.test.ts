import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, startTestServer, type TestServer } from '../test/harness.js';
import { driftChecker } from '../test/openapi-drift.js';
import { PUBLIC_OPERATIONS } from './openapi.js';

type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; schema?: { enum?: unknown[] } }[];
  responses?: Record<string, { $ref?: string; content?: unknown }>;
  requestBody?: unknown;
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

let server: TestServer;
let doc: Doc;
beforeAll(async () => {
  server = await startTestServer();
  doc = structuredClone(server.app.swagger()) as unknown as Doc;
});
afterAll(() => server.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

describe('the OpenAPI document', () => {
  it('is valid under an independent validator, with no dangling reference', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(JSON.stringify(doc)).not.toMatch(/schemas\/schema\d/);
    expect(doc.components.schemas).toHaveProperty('NavigationTreeItemInput');
  });

  it('gives every operation a summary, a tag, its security and its answers', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(140);
    for (const { method, path, op } of ops) {
      const name = `${method} ${path}`;
      expect(op.summary, name).toBeTruthy();
      expect(op.tags?.length, name).toBe(1);
      expect(op.security, name).toBeDefined();
      expect(
        Object.keys(op.responses ?? {}).some((status) => status.startsWith('2')),
        name,
      ).toBe(true);
      if (PUBLIC_OPERATIONS.has(name)) expect(op.security, name).toEqual([]);
      if (op.security?.length !== 0)
        expect(op.responses?.['401']?.$ref, name).toBe('#/components/responses/Unauthorized');
    }
  });

  it('describes the sign-in, the shared error answers and the generic content routes', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'bo_session' },
      xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
    });
    for (const name of [
      'BadRequest',
      'Unauthorized',
      'Forbidden',
      'NotFound',
      'Conflict',
      'TooLarge',
      'UnsupportedMediaType',
      'CsrfMismatch',
      'Invalid',
      'TooManyRequests',
    ]) {
      expect(doc.components.responses, name).toHaveProperty(name);
    }
    const update = doc.paths['/api/content/page/{id}']?.post;
    expect(update?.summary).toBe('Update a page');
    expect(Object.keys(update?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '409', '419', '422']),
    );
    expect(doc.paths['/api/content/page']?.get?.summary).toBe('List pages');
    expect(JSON.stringify(doc.paths['/api/content/page']?.get?.responses?.['200'])).toContain('ListMeta');
    expect(doc.paths['/api/login']?.post?.responses?.['429']?.$ref).toBe('#/components/responses/TooManyRequests');
  });

  it('documents only what the server answers: no create or delete of mail templates', () => {
    expect(doc.paths['/api/mail']?.post).toBeUndefined();
    expect(doc.paths['/api/mail/{id}']?.delete).toBeUndefined();
  });

  it('describes the bodies the collector and the public forms read by hand, with their content types', () => {
    const body = (op: Operation | undefined) =>
      (op as { requestBody?: { content: Record<string, { schema: unknown }> } } | undefined)?.requestBody?.content;
    const collect = body(doc.paths['/api/collect']?.post);
    expect(Object.keys(collect ?? {})).toEqual(['application/json', 'text/plain']);
    expect(JSON.stringify(collect)).toContain('"view"');
    const form = body(doc.paths['/api/public/form/{kind}']?.post);
    expect(Object.keys(form ?? {})).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(JSON.stringify(form)).toContain('"email"');
  });
});

/** A concrete URL for an operation: each path parameter is its first allowed value, or 1. */
function urlOf(path: string, op: Operation) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = op.parameters?.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(String(param?.schema?.enum?.[0] ?? 1));
  });
}

describe('every documented operation exists (phantom check)', () => {
  // With the anonymous session and its CSRF token (no user signed in), a write gets past the CSRF check that would
  // answer 419 for any path, so an operation the server does not have shows as 404 or 405.
  it('answers a visitor without a signed-in user with 401 or 403, or its public answer; never 404 or 405', async () => {
    const wrong: string[] = [];
    for (const { method, path, op } of operations()) {
      const agent = new Agent(server.app);
      await agent.get('/sanctum/csrf-cookie');
      const res = await agent.request({
        method: method as 'GET',
        url: urlOf(path, op),
        ...(method === 'GET' ? {} : { payload: {} }),
        headers: { origin: 'http://backoffice.test' },
      });
      const name = `${method} ${path} → ${res.statusCode}`;
      if (op.security?.length === 0) {
        // A public read of one record (the delivery API) is a 404 when there is no such record: its route exists.
        const missingRecord =
          res.statusCode === 404 &&
          server.app.hasRoute({ method: method as 'GET', url: path.replace(/\{(\w+)\}/g, ':$1') });
        if (([404, 405].includes(res.statusCode) && !missingRecord) || res.statusCode >= 500) wrong.push(name);
      } else if (![401, 403].includes(res.statusCode)) wrong.push(name);
    }
    expect(wrong).toEqual([]);
  });

  it('without any session every write is 419 before anything else', async () => {
    const writes = operations().filter(
      ({ method, path }) => method !== 'GET' && !['/api/collect', '/api/public/form/{kind}'].includes(path),
    );
    for (const { method, path, op } of writes) {
      const res = await new Agent(server.app).request({ method: method as 'POST', url: urlOf(path, op), payload: {} });
      expect(res.statusCode, `${method} ${path}`).toBe(419);
    }
  });
});

describe('the drift check', () => {
  it('refuses an answer that does not match a documented schema, and only notes one without a schema', () => {
    const checker = driftChecker(doc as never);
    const json = 'application/json; charset=utf-8';
    expect(() => checker.check('GET', '/api/content/page/', 200, json, JSON.stringify({ data: [] }))).toThrow(
      /does not match/,
    );
    expect(() => checker.check('GET', '/api/content/page/5', 401, json, JSON.stringify({ message: 'x' }))).toThrow(
      /error/,
    );
    checker.check('GET', '/api/content/page/5', 401, json, JSON.stringify({ message: 'x', error: 'x' }));
    const bare = operations().find(
      ({ method, path, op }) => method === 'GET' && !path.includes('{') && !op.responses?.['200']?.content,
    );
    if (bare) checker.check('GET', bare.path, 200, json, JSON.stringify({ anything: true }));
  });
});
