import {
  dataResponse,
  listResponse,
  navigationGroupTreeSchema,
  pageRecordSchema,
  recordResponse,
  textRowSchema,
} from '@backoffice/shared';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonSchemaOf, serializationSchema, serializerCompiler } from './serializer.js';

// The answers' serializer (http/serializer.ts): fast-json-stringify compiled from each route's response schema.

const serialize = (schema: z.ZodType, data: unknown) =>
  (serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (d: unknown) => string)(
    data,
  );

const row = {
  id: 1,
  title: 'Otváracie hodiny',
  status: true,
  positions: [{ id: 2, title: 'Pätička' }],
  updated_at: '2026-11-24T07:00:00.000Z',
  deleted_at: null,
  translation: { sk: 'complete', en: 'outdated' },
};
const meta = { current_page: 1, per_page: 20, total: 1, last_page: 1, from: 1, to: 1 };
const abilities = { create: true, update: true, destroy: false, restore: false };

describe('the answers serializer', () => {
  it('writes only what the schema lists: a field the handler adds by mistake does not leak', () => {
    const leaky = { ...row, password: 'hash', deleted_by: 3 };
    const out = JSON.parse(serialize(listResponse(textRowSchema), { data: [leaky], meta, abilities, secret: 1 }));
    expect(out).toEqual({ data: [row], meta, abilities });
  });

  it("keeps what a loose schema lets through: the list meta's cursors", () => {
    const cursors = { after: 'a', before: 'b' };
    const out = JSON.parse(serialize(listResponse(textRowSchema), { data: [], meta: { ...meta, cursors }, abilities }));
    expect(out.meta.cursors).toEqual(cursors);
  });

  it('compiles every kind of answer schema, recursive trees included, without falling back', () => {
    for (const schema of [
      listResponse(textRowSchema),
      recordResponse(pageRecordSchema),
      dataResponse(navigationGroupTreeSchema),
    ]) {
      expect(() => fastJson(jsonSchemaOf(schema) as never)).not.toThrow();
    }
  });

  it('writes a nullable date-time or number by its type, not by validating it against each branch', () => {
    const schema = z.object({
      at: z.iso.datetime().nullable(),
      parent: z.number().int().nullable(),
      either: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
    });
    const { properties } = serializationSchema(jsonSchemaOf(schema)) as { properties: Record<string, unknown> };
    expect(properties.at).toEqual({ type: ['string', 'null'], format: 'date-time' });
    expect(properties.parent).toEqual({ type: ['integer', 'null'] });
    // A union of objects stays an anyOf: which branch applies decides which properties are written.
    expect(properties.either).toHaveProperty('anyOf');
    const out = serialize(schema, { at: new Date('2026-11-24T07:00:00.000Z'), parent: null, either: { b: 2 } });
    expect(JSON.parse(out)).toEqual({ at: '2026-11-24T07:00:00.000Z', parent: null, either: { b: 2 } });
    expect(JSON.parse(serialize(schema, { at: null, parent: 4, either: { a: 'x' } }))).toEqual({
      at: null,
      parent: 4,
      either: { a: 'x' },
    });
  });
});
