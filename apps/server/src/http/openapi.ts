// The OpenAPI document of the API (`GET /api/docs/json`, docs/api.md "OpenAPI document"). Routes declare their
// zod schemas (params, querystring, body, response) and may declare `summary`; everything the document needs
// beyond that is decided here, in tables: the tag of each URL prefix, the summaries of routes that do not name
// their own, the public operations, and the error answers each operation can give (shared `components.responses`).
import { collectSchema, FORM_SCHEMAS } from '@backoffice/shared';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUMMARIES } from './openapi-summaries.js';
import { SESSION_COOKIE } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The file fields a write takes beside its body schema (e.g. `image`), shown as binary in its multipart form. */
    openapiFiles?: readonly string[];
    /** Error answers the document cannot infer from the route (a missing folder, a refused restore). */
    openapiErrors?: readonly ErrorName[];
  }
}

/** The security schemes: the session cookie, and the CSRF header every write echoes (docs/api.md Session and CSRF). */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'Set by GET /sanctum/csrf-cookie and rotated by POST /api/login.',
  },
  xsrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description: 'The value of the XSRF-TOKEN cookie, echoed on every POST, PUT, PATCH and DELETE.',
  },
} as const;

/**
 * The tag of an operation, by the longest URL prefix that matches (docs/spec-index.md names the areas). A route
 * may name its own `schema.tags` instead.
 */
export const TAGS: readonly { tag: string; prefixes: readonly string[]; description: string }[] = [
  {
    tag: 'Auth',
    prefixes: ['/sanctum/', '/api/login', '/api/logout', '/api/password', '/api/user/me'],
    description: 'Session, CSRF cookie, sign-in, sign-out, password reset, the signed-in user',
  },
  { tag: 'Texts', prefixes: ['/api/content/text'], description: 'Content texts' },
  { tag: 'Panels', prefixes: ['/api/content/panel'], description: 'Panels' },
  { tag: 'Categories', prefixes: ['/api/content/category'], description: 'Categories' },
  { tag: 'Pages', prefixes: ['/api/content/page'], description: 'Pages' },
  { tag: 'Navigation', prefixes: ['/api/content/navigation'], description: 'Navigation groups and their trees' },
  { tag: 'Modules', prefixes: ['/api/module'], description: 'Modules (option list)' },
  { tag: 'News', prefixes: ['/api/blog'], description: 'News articles (`/api/blog` on the wire)' },
  { tag: 'Galleries', prefixes: ['/api/gallery'], description: 'Galleries and their images' },
  { tag: 'References', prefixes: ['/api/reference'], description: 'References' },
  { tag: 'Partners', prefixes: ['/api/partner'], description: 'Partners' },
  { tag: 'Forms', prefixes: ['/api/form', '/api/public/form'], description: 'Submissions and the public forms' },
  { tag: 'Users', prefixes: ['/api/user', '/api/role', '/api/country'], description: 'Users, roles, countries' },
  { tag: 'Mail templates', prefixes: ['/api/mail'], description: 'Mail templates' },
  { tag: 'Settings', prefixes: ['/api/settings'], description: 'Settings' },
  { tag: 'Search', prefixes: ['/api/search'], description: "The search everything of the admin's palette" },
  {
    tag: 'Preview',
    prefixes: ['/api/preview'],
    description: "A form's values rendered by the public site's templates before they are saved",
  },
  {
    tag: 'Delivery',
    prefixes: ['/api/delivery/'],
    description: 'Published content for other channels, no session (a bearer API token when the access rule asks)',
  },
  {
    tag: 'Integrations',
    prefixes: ['/api/api-tokens', '/api/delivery-access', '/api/webhooks'],
    description: "The delivery API's tokens and access rule, webhooks and their deliveries",
  },
  {
    tag: 'Statistics',
    prefixes: ['/api/stats', '/api/collect', '/tracker.js'],
    description: 'Statistics, the tracker and the collector',
  },
  { tag: 'Files', prefixes: ['/api/files', '/api/upload'], description: 'The file manager and editor uploads' },
  { tag: 'Activity', prefixes: ['/api/user/logs'], description: 'The activity log' },
  { tag: 'System', prefixes: ['/api/health'], description: 'Readiness and liveness' },
];

/**
 * Operations that need no signed-in user (`security: []`; a route may also say `schema: {security: []}`). The
 * writes among them still need the CSRF pair unless their route says `config: {csrf: false}`.
 */
export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /sanctum/csrf-cookie',
  'POST /api/login',
  'POST /api/logout',
  'POST /api/password',
  'POST /api/password/reset',
  'POST /api/public/form/{kind}',
  'GET /tracker.js',
  'POST /api/collect',
]);

/**
 * Bodies that their routes read by hand rather than through `schema.body` (a bad beacon is a 400, a bad form post
 * from a page gets that page again), described here from the same zod schemas the routes parse with.
 */
const HAND_READ_BODIES: Readonly<Record<string, { schema: z.ZodType; consumes: string[]; invalid: boolean }>> = {
  'POST /api/collect': {
    schema: collectSchema,
    consumes: ['application/json', 'text/plain'],
    invalid: false,
  },
  'POST /api/public/form/{kind}': {
    schema: z.union([FORM_SCHEMAS.contact, FORM_SCHEMAS.price, FORM_SCHEMAS.registration]),
    consumes: ['application/json', 'application/x-www-form-urlencoded'],
    invalid: true,
  },
};

/** Operations throttled with 429 and `Retry-After` (docs/api.md Throttles). */
const THROTTLED: ReadonlySet<string> = new Set([
  'POST /api/login',
  'POST /api/password',
  'POST /api/password/reset',
  'POST /api/public/form/{kind}',
  'POST /api/collect',
]);

/** The shared error answers (docs/api.md Errors), each `{message, error, errors?}`. */
const ERROR_RESPONSES = {
  BadRequest: [400, 'An unreadable body: bad JSON or a broken multipart body.'],
  Unauthorized: [401, 'No signed-in session, or its user was blocked or removed.'],
  Forbidden: [403, 'The role may not do this; a foreign Origin on the collector or a public form.'],
  NotFound: [404, 'No such record, or a malformed id in the path.'],
  Conflict: [409, 'A stale update: the record changed since its updated_at was loaded; nothing was written.'],
  CsrfMismatch: [419, 'The X-XSRF-TOKEN header is missing or does not match the session.'],
  TooLarge: [413, 'The body is over its limit (1 MB of JSON, 10000 KB a file, 64 KB a beacon or public form).'],
  UnsupportedMediaType: [415, 'A content type the operation does not take.'],
  Invalid: [422, 'Validation failed: `errors` maps each dotted field to message keys.'],
  TooManyRequests: [429, 'Throttled; Retry-After says after how many seconds to try again.'],
  InsufficientStorage: [
    507,
    'The file store is full or failing: nothing was written (docs/features/media-storage.md).',
  ],
} as const;
export type ErrorName = keyof typeof ERROR_RESPONSES;

const errorComponents = () =>
  Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([name, [status, description]]) => [
      name,
      {
        description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        ...(status === 429
          ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
          : {}),
      },
    ]),
  );

/** `/api/x/:id?` → `/api/x/{id}` (the document's form of a path; an optional segment is written as present). */
export const openApiPath = (url: string) => url.replace(/\/+$/, '').replace(/:(\w+)\??/g, '{$1}') || '/';

/** Routes outside the API are not documented: the site's HTML pages, media files, the admin and the docs. */
const documented = (method: string, url: string) =>
  method !== 'HEAD' &&
  (url === '/tracker.js' || url.startsWith('/sanctum/') || (url.startsWith('/api/') && !url.startsWith('/api/docs')));

export const tagOf = (path: string) => {
  let best: { tag: string; length: number } | undefined;
  for (const { tag, prefixes } of TAGS) {
    for (const prefix of prefixes) {
      const matches = path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
      if (matches && prefix.length > (best?.length ?? -1)) best = { tag, length: prefix.length };
    }
  }
  return best?.tag;
};

type RouteSchema = Record<string, unknown> & { body?: unknown; querystring?: unknown; params?: unknown };
const zodTransform = createJsonSchemaTransform({ skipList: [] });
const MULTIPART_BODY = ['application/json', 'multipart/form-data'];

/** The per-route part: hides what is not API, then adds summary, tags, security, body types and error answers. */
export const transform: SwaggerTransform = (input) => {
  const { route } = input;
  const method = String(route.method);
  if (!documented(method, route.url)) return { schema: { hide: true } as never, url: input.url };
  const url = input.url.replace(/\?/g, '');
  const converted = zodTransform({ ...input, url } as Parameters<typeof zodTransform>[0]);
  const schema: RouteSchema = { ...((converted.schema as RouteSchema | undefined) ?? {}) };
  const key = `${method} ${openApiPath(url)}`;
  // Public: listed above, or the route says so itself with `schema: {security: []}`.
  const own = schema.security as unknown[] | undefined;
  const isPublic = PUBLIC_OPERATIONS.has(key) || (Array.isArray(own) && own.length === 0);
  const write = method !== 'GET';
  const checksCsrf = write && (route.config as { csrf?: boolean } | undefined)?.csrf !== false;

  const handRead = HAND_READ_BODIES[key];
  if (handRead && !schema.body) {
    schema.body = z.toJSONSchema(handRead.schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' });
    schema.consumes = handRead.consumes;
  }
  schema.summary ??= SUMMARIES[key];
  schema.tags ??= [tagOf(openApiPath(url))].filter(Boolean);
  schema.security ??= isPublic ? [] : [write ? { session: [], xsrf: [] } : { session: [] }];
  if (schema.body && checksCsrf) schema.consumes ??= MULTIPART_BODY;
  const files = (route.config as { openapiFiles?: readonly string[] } | undefined)?.openapiFiles;
  if (files?.length) schema['x-files'] = files;
  // Who may call it, asked before the body is read (http/policy.ts registerRoleCheck).
  const roles = (route.config as { roles?: readonly number[] } | undefined)?.roles;
  if (roles) schema['x-roles'] = roles;

  const errors: ErrorName[] = [];
  if (schema.body) errors.push('BadRequest');
  if (!isPublic) errors.push('Unauthorized', 'Forbidden');
  if (checksCsrf) errors.push('CsrfMismatch');
  if (/:\w/.test(url)) errors.push('NotFound');
  const body = schema.body as { properties?: Record<string, unknown> } | undefined;
  if (body?.properties?.updated_at) errors.push('Conflict');
  if (schema.body) errors.push('TooLarge', 'UnsupportedMediaType');
  if ((schema.body && handRead?.invalid !== false) || schema.querystring) errors.push('Invalid');
  if (THROTTLED.has(key)) errors.push('TooManyRequests');
  const consumes = schema.consumes as string[] | undefined;
  if (files?.length || consumes?.includes('multipart/form-data')) errors.push('InsufficientStorage');
  // A route names the answers the rules above cannot see: `config: {openapiErrors: ['NotFound']}`.
  errors.push(...((route.config as { openapiErrors?: readonly ErrorName[] } | undefined)?.openapiErrors ?? []));
  schema['x-errors'] = [...new Set(errors)];
  return { schema: schema as never, url };
};

type Doc = Record<string, unknown> & {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: Record<string, Record<string, unknown>>;
};

/**
 * The whole-document part: names the registered zod schemas as components (`.meta({ id })`), turns each
 * operation's `x-errors` into `$ref`s to `components.responses`, describes file fields of multipart bodies as
 * binary, and keeps only the component schemas something refers to.
 */
export const transformObject: SwaggerTransformObject = (input) => {
  const doc = jsonSchemaTransformObject(input) as unknown as Doc;
  doc.components.responses = errorComponents();
  for (const operations of Object.values(doc.paths)) {
    for (const operation of Object.values(operations)) {
      const errors = (operation['x-errors'] ?? []) as ErrorName[];
      delete operation['x-errors'];
      const responses = (operation.responses ?? {}) as Record<string, unknown>;
      for (const name of errors) {
        responses[String(ERROR_RESPONSES[name][0])] ??= { $ref: `#/components/responses/${name}` };
      }
      operation.responses = responses;
      const files = (operation['x-files'] ?? []) as string[];
      delete operation['x-files'];
      const content = (operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)
        ?.content;
      const multipart = content?.['multipart/form-data'];
      if (content && multipart?.schema) {
        // The media types share one object: the multipart form gets its own.
        content['multipart/form-data'] = { ...multipart, schema: withBinaryFiles(multipart.schema, files) };
        // A body with a file field (a Buffer in its zod schema) can only be sent as multipart.
        const json = content['application/json']?.schema as { properties?: Record<string, object> } | undefined;
        if (Object.values(json?.properties ?? {}).some((p) => Object.keys(p).length === 0)) {
          delete content['application/json'];
        }
      }
    }
  }
  doc.components.schemas = referencedSchemas(doc);
  return doc as never;
};

const IMAGE_FIELD = {
  type: 'string',
  format: 'binary',
  description: 'An image file; the text `@delete@` removes the current one; leaving the field out keeps it.',
};

/**
 * In a multipart body, a field the JSON schema cannot describe (`{}`, a Buffer) is a file, and so is each field
 * the route names in `config.openapiFiles` (image fields read beside the body schema, `resources/crud-routes.ts`).
 */
function withBinaryFiles(schema: unknown, files: readonly string[]): unknown {
  const s = schema as { properties?: Record<string, Record<string, unknown>> };
  if (!s.properties) {
    // A named body (`$ref`) or one without properties: the file fields join it.
    if (files.length === 0) return schema;
    return { allOf: [schema, { type: 'object', properties: Object.fromEntries(files.map((f) => [f, IMAGE_FIELD])) }] };
  }
  const properties = Object.fromEntries(
    Object.entries(s.properties ?? {}).map(([name, prop]) => [
      name,
      Object.keys(prop).length === 0 ? { type: 'string', format: 'binary' } : prop,
    ]),
  );
  for (const name of files) properties[name] = IMAGE_FIELD;
  return { ...s, type: 'object', properties };
}

/** The component schemas reachable from the paths and the shared responses. */
function referencedSchemas(doc: Doc): Record<string, unknown> {
  const all = doc.components.schemas ?? {};
  const keep = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
        const name = child.slice('#/components/schemas/'.length);
        if (!keep.has(name)) {
          keep.add(name);
          visit(all[name]);
        }
      } else visit(child);
    }
  };
  visit(doc.paths);
  visit(doc.components.responses);
  return Object.fromEntries(
    Object.keys(all)
      .sort()
      .filter((name) => keep.has(name))
      .map((name) => [name, all[name]]),
  );
}

/** Registers @fastify/swagger with the tables above; @fastify/swagger-ui serves it (app.ts). */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Back office API',
        version: '1.0.0',
        description:
          'The HTTP contract of the back office (docs/api.md in the repository). Sign in with GET /sanctum/csrf-cookie, then POST /api/login echoing the XSRF-TOKEN cookie in X-XSRF-TOKEN.',
      },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: { securitySchemes: SECURITY_SCHEMES },
      security: [{ session: [], xsrf: [] }],
      tags: TAGS.map(({ tag, description }) => ({ name: tag, description })),
    },
    transform,
    transformObject,
  });
}
