// The answers' serializer (docs/api.md "OpenAPI document"): each route's zod response schema, turned into the JSON
// Schema the document shows, compiled by fast-json-stringify. It writes only the properties the schema lists (no
// field leaks) and is faster than JSON.stringify; a schema it cannot take falls back to the type provider's
// serializer (zod's encode, then JSON.stringify).
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<typeof zodSerializer>[0];
type JsonSchema = Record<string, unknown>;

/** The JSON Schema of a zod schema as an answer leaves the server (dates as ISO strings, output types). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any', reused: 'inline' });
}

const PRIMITIVE = new Set(['string', 'integer', 'number', 'boolean', 'null']);
/** What a branch of a nullable primitive may say besides its type: checks of the value, none of which writes it. */
const CHECKS = new Set([
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'description',
]);

/**
 * One type list for an `anyOf` of primitive types, each named once (`z.iso.datetime().nullable()` is an anyOf of a
 * date-time string and null), or undefined when the anyOf is anything else. fast-json-stringify writes an anyOf by
 * validating the value against each branch with ajv, the date-time's pattern and format included, for every value of
 * every row; a type list it writes by `typeof`. The string's `format` stays: a Date is then written as its ISO string.
 */
function typeList(branches: unknown[]): JsonSchema | undefined {
  const types: string[] = [];
  let format: unknown;
  for (const branch of branches) {
    if (!branch || typeof branch !== 'object') return undefined;
    const { type, format: f, ...rest } = branch as JsonSchema;
    if (typeof type !== 'string' || !PRIMITIVE.has(type) || types.includes(type)) return undefined;
    if (Object.keys(rest).some((key) => !CHECKS.has(key))) return undefined;
    if (f !== undefined) {
      if (type !== 'string') return undefined;
      format = f;
    }
    types.push(type);
  }
  return { type: types, ...(format === undefined ? {} : { format }) };
}

/**
 * The schema the serializer compiles: `jsonSchemaOf`'s, with each anyOf of primitive types written as a type list
 * (typeList). It lists the same properties; what it no longer does is check an answer's values against their patterns.
 */
export function serializationSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(serializationSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = serializationSchema(value);
  if (Array.isArray(out.anyOf)) {
    const merged = typeList(out.anyOf);
    if (merged) {
      const { anyOf: _anyOf, ...siblings } = out;
      return { ...siblings, ...merged };
    }
  }
  return out;
}

/**
 * Compiles on the first answer of a route rather than at start (some 150 routes, most never called by one
 * process soon after it starts).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const schema = route.schema;
  if (!(schema instanceof z.ZodType)) return zodSerializer(route as RouteSchema);
  let stringify: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    if (!stringify) {
      try {
        stringify = fastJson(serializationSchema(jsonSchemaOf(schema)) as Parameters<typeof fastJson>[0]);
      } catch {
        stringify = zodSerializer(route as RouteSchema);
      }
    }
    return stringify(data);
  };
};
