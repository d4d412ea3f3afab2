import { ROLES } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { useSignedInServer } from '../test/content-cases.js';

/**
 * Who may call a route is asked before its body is read (http/policy.ts registerRoleCheck): over the OpenAPI
 * document, every operation that declares its roles (`x-roles`) answers a role outside them 403 whatever the body,
 * nobody signed in 401, and a role inside them gets to the validation.
 */
const ctx = useSignedInServer();

type Operation = { 'x-roles'?: number[]; requestBody?: unknown };
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The declaring operations of the document: method, a concrete path (every parameter 1) and the roles. */
function declared() {
  const doc = ctx.server.app.swagger() as unknown as { paths: Record<string, Partial<Record<string, Operation>>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    METHODS.flatMap((method) => {
      const operation = operations[method];
      if (!operation?.['x-roles']) return [];
      return [
        {
          method: method.toUpperCase() as Uppercase<(typeof METHODS)[number]>,
          path,
          url: path.replace(/\{[^}]+\}/g, '1'),
          roles: operation['x-roles'],
          body: Boolean(operation.requestBody),
        },
      ];
    }),
  );
}

/** Bodies no route accepts: unreadable JSON, a NUL, the wrong shape. */
const BAD_BODIES = ['{"broken', JSON.stringify({ title: 'x\u0000' }), '[]'];

describe('roles are asked before the body', () => {
  it('the content resources, their revisions and option lists declare who may call them', () => {
    const paths = new Set(declared().map((o) => `${o.method} ${o.path}`));
    for (const prefix of [
      '/api/content/text',
      '/api/content/panel',
      '/api/content/category',
      '/api/content/page',
      '/api/gallery',
      '/api/blog',
      '/api/reference',
      '/api/partner',
    ]) {
      for (const operation of [
        `GET ${prefix}`,
        `POST ${prefix}`,
        `GET ${prefix}/{id}`,
        `POST ${prefix}/{id}`,
        `DELETE ${prefix}/{id}`,
        `POST ${prefix}/{id}/restore`,
        `POST ${prefix}/array/publish`,
        `POST ${prefix}/array/hide`,
        `POST ${prefix}/array/destroy`,
        `POST ${prefix}/{id}/revisions/{revision}/restore`,
      ]) {
        expect(paths, operation).toContain(operation);
      }
    }
  });

  it('a role outside the declared ones gets 403 whatever it sends; inside them, the body is checked', async () => {
    const operations = declared();
    expect(operations.length).toBeGreaterThan(80);
    const answers: string[] = [];
    for (const operation of operations) {
      const editorMay = operation.roles.includes(ROLES.editor);
      const bodies = operation.body ? BAD_BODIES : [undefined];
      for (const payload of bodies) {
        const res = await ctx.editor.request({
          method: operation.method,
          url: operation.url,
          ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
        });
        const shown = `${operation.method} ${operation.path} ${payload ?? ''} → ${res.statusCode}`;
        // Inside the roles, a bad body is the validation's (a rule about which record, such as an editor's own row,
        // is asked after it and may still refuse a good one).
        if (!editorMay) expect(res.statusCode, shown).toBe(403);
        else if (operation.body) expect([400, 404, 422], shown).toContain(res.statusCode);
        answers.push(shown);
      }
    }
    // The editor may not remove or restore content: those operations were refused, unread.
    expect(answers.filter((a) => a.endsWith('→ 403')).length).toBeGreaterThan(20);
  });

  it('nobody signed in gets 401 before the body is read', async () => {
    for (const operation of declared().filter((o) => o.method === 'GET')) {
      const res = await ctx.server.app.inject({ method: 'GET', url: operation.url });
      expect(res.statusCode, `${operation.path}`).toBe(401);
    }
  });
});
