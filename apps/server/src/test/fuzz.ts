import { randomBytes } from 'node:crypto';
import { INT4_MAX } from '@backoffice/shared';

/**
 * The request generator of the write-endpoint fuzz (fuzz.test.ts, `npm run fuzz`): every POST/PUT/PATCH/DELETE of
 * the OpenAPI document, a body derived from the operation's JSON schema and then broken (wrong types, ids out of
 * range, NUL, long strings, deep nesting, missing and extra fields), sent as JSON, multipart with bracket keys or
 * nothing at all. Everything random comes from one seed, so a failure is replayed by its seed and case number.
 */

/** mulberry32: small, fast and good enough to pick mutations; the same seed gives the same cases. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface WriteOperation {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as the document names it: `/api/gallery/image/{galleryId}/{imageId}`. */
  path: string;
  params: { name: string; in: 'path' | 'query'; schema: JsonSchema }[];
  body?: JsonSchema;
}

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;

/** Every write operation of the document, `$ref`s resolved. */
export function writeOperations(doc: OpenApiDocument): WriteOperation[] {
  const resolve = refResolver(doc);
  const ops: WriteOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of WRITE_METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = (op.parameters ?? [])
        .filter((p): p is OpenApiParameter & { in: 'path' | 'query' } => p.in === 'path' || p.in === 'query')
        .map((p) => ({ name: p.name, in: p.in, schema: resolve(p.schema ?? {}) }));
      const content = op.requestBody?.content ?? {};
      const schema = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
      ops.push({
        method: method.toUpperCase() as WriteOperation['method'],
        path,
        params,
        body: schema ? resolve(schema) : undefined,
      });
    }
  }
  return ops;
}

/** Inlines `#/components/schemas/…` references, stopping at a recursion depth that is plenty for a body. */
function refResolver(doc: OpenApiDocument) {
  const components = doc.components?.schemas ?? {};
  const resolve = (schema: JsonSchema, depth = 0): JsonSchema => {
    if (depth > 6) return {};
    if (schema.$ref) return resolve(components[schema.$ref.split('/').pop() ?? ''] ?? {}, depth + 1);
    const out: JsonSchema = { ...schema };
    if (schema.properties) {
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, depth + 1)]),
      );
    }
    if (schema.items) out.items = resolve(schema.items, depth + 1);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (schema[key]) out[key] = schema[key].map((s) => resolve(s, depth + 1));
    }
    return out;
  };
  return resolve;
}

/** Ids that exist, for the path parameter `name` of `url` (the address up to that parameter). */
export type IdSource = (name: string, prefix: string) => Promise<readonly number[]>;

/** Fields whose integers name rows: sampled among the first few ids, which exist in every seeded table. */
const ID_LIKE = /id$|ids$|^rows$|^positions$|^categories$|^galleries$|^similars$|^panels$|^tree$/;
/** Ids and numbers a fuzzer tries where an integer belongs. */
export const HOSTILE_NUMBERS: readonly unknown[] = [
  2147483648,
  -2147483649,
  1e20,
  -1,
  0,
  1.5,
  '12abc',
  '2147483648',
  '99999999999999999999',
  9007199254740992,
  '9007199254740993',
  '1e400',
  'NaN',
  'Infinity',
  '-0',
  ' 7 ',
  '0x10',
  '',
];
/** The same as path segments (already encoded). */
const HOSTILE_SEGMENTS = [
  '2147483648',
  '1e20',
  '-1',
  '0',
  '1.5',
  '12abc',
  '99999999999999999999',
  'NaN',
  '%00',
  '1%00',
  'abc',
  '%C0%AE',
  '%25',
  'x'.repeat(190),
];
/** Date-times a loose ISO pattern accepts that a database may not (year 0, 9999, odd offsets). */
const EDGE_DATES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '9999-12-31T23:59:59.999999999Z',
  '2024-02-29T12:00:00-23:59',
  '1970-01-01T00:00:00.000Z',
];
const NUL_STRINGS = ['\u0000', 'a\u0000b', 'Title\u0000 with NUL', '\u0000\u0000\u0000'];
const ODD_STRINGS = ['\ud800', '\u202e evil', '💥'.repeat(50), ' ', '<script>alert(1)</script>', "'; drop table x;--"];
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'x\u0000y', '\u0000', 'id', 'role_id', 'deleted_at', ''];

/** A value the schema accepts (as far as its JSON form tells), picking ids among those that exist. */
export function sampleValue(schema: JsonSchema, rng: Rng, key = '', depth = 0): unknown {
  if (schema.nullable && rng.chance(0.15)) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return rng.pick(schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return sampleValue(rng.pick(variants), rng, key, depth);
  if (schema.allOf?.length) return sampleValue(schema.allOf[0] as JsonSchema, rng, key, depth);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type.filter((t) => t !== 'null')) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [k, v] of Object.entries(schema.properties ?? {})) {
        if (required.has(k) || (depth < 4 && rng.chance(0.7))) out[k] = sampleValue(v, rng, k, depth + 1);
      }
      return out;
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? 3, min + (depth < 3 ? 3 : 0));
      const n = min + rng.int(Math.max(1, max - min + 1));
      return Array.from({ length: n }, () => sampleValue(schema.items ?? {}, rng, key, depth + 1));
    }
    case 'integer':
    case 'number': {
      const exclusive = schema.exclusiveMinimum;
      const lowest =
        typeof exclusive === 'number' ? exclusive + 1 : (schema.minimum ?? 0) + (exclusive === true ? 1 : 0);
      // Now and then the bounds themselves: the schema accepts them, so the database must too.
      if (rng.chance(0.05)) return rng.pick([lowest, schema.maximum ?? INT4_MAX]);
      const min = Math.max(lowest, -1000);
      const max = Math.min(schema.maximum ?? INT4_MAX, min + (ID_LIKE.test(key) ? 6 : 100));
      return min + rng.int(max - min + 1);
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'string':
      return sampleString(schema, rng, key);
    default:
      // `{}` (a file field, anything): a short string.
      return `value ${rng.int(1000)}`;
  }
}

let counter = 0;
function sampleString(schema: JsonSchema, rng: Rng, key: string): string {
  const unique = `${++counter}${rng.int(1_000_000).toString(36)}`;
  if (schema.format === 'email' || key.includes('email')) return `fuzz${unique}@example.com`;
  if (schema.format === 'date-time') {
    if (rng.chance(0.1)) return rng.pick(EDGE_DATES);
    return new Date(Date.UTC(2025, rng.int(12), 1 + rng.int(27))).toISOString();
  }
  if (schema.pattern?.includes('[0-9a-f]{8}')) return randomUuid(rng);
  if (key.includes('password')) return 'fuzz-password-1';
  const min = schema.minLength ?? 0;
  // Now and then exactly the longest the schema allows, in letters that take two bytes (ž) or two UTF-16 units.
  if (schema.maxLength !== undefined && schema.maxLength <= 300_000 && rng.chance(0.06)) {
    const letter = rng.pick(['ž', 'a', '😀']);
    return letter.repeat(Math.floor(schema.maxLength / letter.length));
  }
  const max = Math.min(schema.maxLength ?? 40, 60);
  const base = key.includes('url') ? `fuzz-${unique}` : `Fuzz ${unique} ${key}`;
  const text = base.length >= min ? base : base.padEnd(min, 'x');
  return text.slice(0, Math.max(min, max));
}

function randomUuid(rng: Rng) {
  const hex = Array.from({ length: 32 }, () => rng.int(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

type Tree = Record<string, unknown> | unknown[];
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Buffer.isBuffer(v);

/** Every container of `value` with its path, the root first. */
function containers(value: unknown, path: string[] = [], out: { node: Tree; path: string[] }[] = []) {
  if (!isTree(value) || out.length > 500) return out;
  out.push({ node: value, path });
  for (const [k, v] of Object.entries(value)) containers(v, [...path, k], out);
  return out;
}

const deep = (depth: number, rng: Rng): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = rng.chance(0.5) ? [v] : { a: v };
  return v;
};

/** What a field's value may become; the name says what was done, for the failure report. */
const REPLACEMENTS: readonly [string, (rng: Rng, old: unknown) => unknown][] = [
  ['hostile-number', (rng) => rng.pick(HOSTILE_NUMBERS)],
  ['nul-string', (rng) => rng.pick(NUL_STRINGS)],
  ['nul-suffix', (_, old) => `${typeof old === 'string' ? old : 'x'}\u0000`],
  ['long-string', (rng) => 'a'.repeat(rng.pick([256, 5000, 70_000, 250_000]))],
  ['odd-string', (rng) => rng.pick(ODD_STRINGS)],
  ['deep-nesting', (rng) => deep(rng.pick([33, 40, 100, 500]), rng)],
  ['wrong-type', (rng) => rng.pick([true, false, null, {}, [], 0, 'text', [[]], { 0: 'a' }, -0.5])],
  ['array-for-object', (_, old) => (isTree(old) ? Object.values(old) : [old, old])],
  ['object-for-array', (_, old) => (Array.isArray(old) ? { ...old, extra: 1 } : { value: old })],
  ['id-list', (rng) => [rng.pick(HOSTILE_NUMBERS), 1, rng.pick(HOSTILE_NUMBERS)]],
  ['huge-array', (rng) => Array.from({ length: rng.pick([1001, 5000]) }, (_, i) => i + 1)],
];

/** Breaks `body` in 1–3 places (replace a value, drop a field, add a key); the names of what was done. */
export function mutate(body: unknown, rng: Rng): { body: unknown; mutations: string[] } {
  const mutations: string[] = [];
  if (!isTree(body) || rng.chance(0.06)) {
    const [name, make] = rng.pick(REPLACEMENTS);
    return { body: make(rng, body), mutations: [`root:${name}`] };
  }
  const rounds = 1 + rng.int(3);
  for (let i = 0; i < rounds; i++) {
    const spots = containers(body);
    const { node, path } = rng.pick(spots);
    const keys = Object.keys(node);
    const roll = rng.next();
    if (roll < 0.12 && keys.length) {
      const k = rng.pick(keys);
      if (Array.isArray(node)) node.splice(Number(k), 1);
      else delete node[k];
      mutations.push(`missing:${[...path, k].join('.')}`);
    } else if (roll < 0.22) {
      const k = rng.pick(EXTRA_KEYS);
      const v = rng.pick([1, 'x', '\u0000', 2147483648, { a: 1 }]);
      if (Array.isArray(node)) node.push(v);
      else Object.defineProperty(node, k, { value: v, enumerable: true, writable: true, configurable: true });
      mutations.push(`extra-key:${[...path, JSON.stringify(k)].join('.')}`);
    } else if (keys.length) {
      const k = rng.pick(keys);
      const [name, make] = rng.pick(REPLACEMENTS);
      (node as Record<string, unknown>)[k] = make(rng, (node as Record<string, unknown>)[k]);
      mutations.push(`${name}:${[...path, k].join('.')}`);
    }
  }
  return { body, mutations };
}

export type Encoding = 'json' | 'multipart' | 'empty' | 'empty-json' | 'garbage';

export interface FuzzCase {
  /** `POST /api/content/text/{id}`: the operation, for the per-endpoint tally. */
  endpoint: string;
  method: WriteOperation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  encoding: Encoding;
  /** What was done to the valid body (`hostile-number:langs.sk.title`, `path:id=2147483648`). */
  mutations: string[];
}

/** One request for `op`: real or hostile path ids, a valid or broken body, in one of the encodings. */
export async function makeCase(op: WriteOperation, rng: Rng, ids: IdSource): Promise<FuzzCase> {
  const mutations: string[] = [];
  let url = '';
  for (const segment of op.path.split('/').slice(1)) {
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    if (!name) {
      url += `/${segment}`;
      continue;
    }
    const schema = op.params.find((p) => p.name === name)?.schema ?? {};
    const existing = await ids(name, url);
    let value: string;
    if (rng.chance(0.15)) {
      value = rng.pick(HOSTILE_SEGMENTS);
      mutations.push(`path:${name}=${value.slice(0, 20)}`);
    } else if (schema.enum?.length) value = String(rng.pick(schema.enum));
    else if (existing.length && rng.chance(0.9)) value = String(rng.pick(existing));
    else value = String(1 + rng.int(50));
    url += `/${value}`;
  }
  const query: string[] = [];
  if (rng.chance(0.08)) {
    const name = rng.pick(['id', 'search', 'module_id', 'page', 'lang', 'x\u0000']);
    const value = rng.pick(['2147483648', '\u0000', '1e20', '-1', 'a'.repeat(3000), '%']);
    query.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    mutations.push(`query:${name}=${value.slice(0, 20)}`);
  }
  if (query.length) url += `?${query.join('&')}`;

  let body = op.body ? sampleValue(op.body, rng) : {};
  if (rng.chance(0.85)) {
    const broken = mutate(body, rng);
    body = broken.body;
    mutations.push(...broken.mutations);
  }
  const endpoint = `${op.method} ${op.path}`;
  const roll = rng.next();
  const encoding: Encoding =
    roll < 0.62 ? 'json' : roll < 0.9 ? 'multipart' : roll < 0.94 ? 'empty' : roll < 0.97 ? 'empty-json' : 'garbage';
  const base = { endpoint, method: op.method, url, mutations, encoding };
  switch (encoding) {
    case 'json':
      return { ...base, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) ?? 'null' };
    case 'multipart': {
      const { payload, contentType } = multipart(body, rng);
      return { ...base, headers: { 'content-type': contentType }, payload };
    }
    case 'empty':
      return { ...base, headers: {} };
    case 'empty-json':
      return { ...base, headers: { 'content-type': 'application/json' }, payload: '' };
    case 'garbage': {
      const [contentType, payload] = rng.pick([
        ['application/json', '{"a":'],
        ['application/json', '\u0000'],
        ['application/json', '{"__proto__":{"x":1}}'],
        ['text/plain', 'hello'],
        ['application/x-www-form-urlencoded', 'a=1&b=%00'],
        ['multipart/form-data; boundary=x', '--x\r\nbroken'],
        ['multipart/form-data', 'no boundary'],
      ] as const);
      return { ...base, headers: { 'content-type': contentType }, payload };
    }
  }
}

/** `{langs: {sk: {title}}}` → `langs[sk][title]`; arrays as `rows[]` or `rows[0]`; a file field gets bytes. */
export function flatten(value: unknown, rng: Rng, prefix = '', out: [string, string | Buffer][] = []) {
  if (isTree(value)) {
    const entries = Object.entries(value);
    if (!entries.length && prefix) out.push([prefix, '']);
    const brackets = Array.isArray(value) && rng.chance(0.5);
    for (const [k, v] of entries) flatten(v, rng, prefix ? `${prefix}[${brackets ? '' : k}]` : k, out);
  } else if (Buffer.isBuffer(value)) out.push([prefix, value]);
  else if (/^(file|image|poster|favicon|og_image)$/.test(prefix) && rng.chance(0.7)) {
    out.push([prefix, rng.chance(0.5) ? TINY_PNG : randomBytes(rng.pick([0, 10, 3000]))]);
  } else
    out.push([
      prefix || 'value',
      value == null ? '' : typeof value === 'boolean' ? (value ? '1' : '0') : String(value),
    ]);
  return out;
}

function multipart(body: unknown, rng: Rng) {
  const boundary = `----fuzz${rng.int(1e9).toString(36)}`;
  const parts = flatten(body, rng).map(([name, value]) => {
    const disposition = `form-data; name="${name.replace(/"/g, '%22').replace(/\r|\n/g, ' ')}"`;
    const head = Buffer.isBuffer(value)
      ? `${disposition}; filename="fuzz.png"\r\nContent-Type: image/png`
      : disposition;
    return Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${head}\r\n\r\n`),
      Buffer.isBuffer(value) ? value : Buffer.from(value),
      Buffer.from('\r\n'),
    ]);
  });
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A 1×1 PNG: a real image, so an upload may also succeed. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
