// The drift check (docs/api.md "OpenAPI document"): every JSON answer the API tests receive through `Agent`
// (harness.ts) is checked against the OpenAPI document of the app that gave it. Where the document has a schema
// for the operation and status, the answer must match it ("strict": the request throws, so the test fails);
// where it has none yet, the answer is only noted ("report"), so the check grows as modules add response schemas.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

type Json = Record<string, unknown>;
type Operation = { responses?: Record<string, Json> };
type Doc = { paths: Record<string, Record<string, Operation>>; components?: Record<string, Record<string, Json>> };

/**
 * Answers that had no schema to be checked against, as `METHOD path status` → how many (report mode). With
 * OPENAPI_DRIFT_REPORT=1 a test server prints them when it closes (`reportUnchecked`, harness.ts): the answers
 * that still want a schema.
 */
export const unchecked = new Map<string, number>();

export function reportUnchecked() {
  if (process.env.OPENAPI_DRIFT_REPORT !== '1' || unchecked.size === 0) return;
  const lines = [...unchecked].sort().map(([key, count]) => `  ${key} ×${count}`);
  console.info(`Answers with no schema in the OpenAPI document:\n${lines.join('\n')}`);
  unchecked.clear();
}

const REF_BASE = 'https://openapi.local/components/schemas/';

/**
 * An OpenAPI 3.0 schema as JSON Schema for ajv: `exclusiveMinimum: true` beside `minimum` becomes the number
 * form, and `$ref`s to component schemas point at the components added to ajv under `REF_BASE`.
 */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string') out.$ref = child.replace('#/components/schemas/', REF_BASE);
    else out[key] = toJsonSchema(child);
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  }
  return out;
}

export interface DriftChecker {
  /** Checks one answer; throws when the document has a schema for it that the body does not match. */
  check(method: string, url: string, status: number, contentType: string | undefined, body: string): void;
}

/** A checker for one document: operations are found by method and path template, schemas compiled once. */
export function driftChecker(doc: Doc): DriftChecker {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    ajv.addSchema(toJsonSchema(schema) as Json, `${REF_BASE}${name}`);
  }
  const templates = Object.keys(doc.paths).map((path) => ({
    path,
    params: (path.match(/\{/g) ?? []).length,
    firstParam: path.indexOf('{') < 0 ? Number.POSITIVE_INFINITY : path.indexOf('{'),
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  const compiled = new Map<string, ValidateFunction | null>();

  const find = (method: string, path: string) =>
    templates
      .filter((t) => t.pattern.test(path) && doc.paths[t.path]?.[method])
      .sort((a, b) => a.params - b.params || b.firstParam - a.firstParam)[0]?.path;

  const schemaOf = (response: Json | undefined): Json | undefined => {
    let answer = response;
    const ref = answer?.$ref;
    if (typeof ref === 'string') {
      answer = doc.components?.responses?.[ref.replace('#/components/responses/', '')] as Json | undefined;
    }
    const content = answer?.content as Record<string, { schema?: Json }> | undefined;
    return content?.['application/json']?.schema;
  };

  return {
    check(method, url, status, contentType, body) {
      if (!contentType?.includes('application/json') || body === '') return;
      const m = method.toLowerCase();
      const path = (url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
      const template = find(m, path);
      if (!template) return;
      const key = `${method.toUpperCase()} ${template} ${status}`;
      if (!compiled.has(key)) {
        const schema = schemaOf(doc.paths[template]?.[m]?.responses?.[String(status)]);
        compiled.set(key, schema ? ajv.compile(toJsonSchema(schema) as Json) : null);
      }
      const validate = compiled.get(key);
      if (!validate) {
        unchecked.set(key, (unchecked.get(key) ?? 0) + 1);
        return;
      }
      if (!validate(JSON.parse(body))) {
        throw new Error(
          `${key}: the answer does not match the OpenAPI document: ${ajv.errorsText(validate.errors)}\n${body.slice(0, 500)}`,
        );
      }
    },
  };
}

const checkers = new WeakMap<FastifyInstance, DriftChecker>();
let last: { json: string; checker: DriftChecker } | undefined;

/** The checker of an app's own document, built once per app (and shared by apps with the same document). */
export function driftCheckerOf(app: FastifyInstance): DriftChecker {
  let checker = checkers.get(app);
  if (!checker) {
    if (typeof app.swagger !== 'function') return { check() {} };
    const doc = app.swagger() as unknown as Doc;
    const json = JSON.stringify(doc);
    checker = last?.json === json ? last.checker : driftChecker(JSON.parse(json) as Doc);
    last = { json, checker };
    checkers.set(app, checker);
  }
  return checker;
}
