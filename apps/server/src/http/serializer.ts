// The answers' serializer (docs/api.md "OpenAPI document"): each route's zod response schema, turned into the JSON
// Schema the document shows, compiled by fast-json-stringify. It writes only the properties the schema lists (no
// field leaks) and is faster than JSON.stringify; a schema it cannot take falls back to the type provider's
// serializer (zod's encode, then JSON.stringify).
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<typeof zodSerializer>[0];

/** The JSON Schema of a zod schema as an answer leaves the server (dates as ISO strings, output types). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any', reused: 'inline' });
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
        stringify = fastJson(jsonSchemaOf(schema) as unknown as Parameters<typeof fastJson>[0]);
      } catch {
        stringify = zodSerializer(route as RouteSchema);
      }
    }
    return stringify(data);
  };
};
