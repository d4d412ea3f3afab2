// What serializing the answers through their schemas costs (docs/api.md "OpenAPI document"): real answers of the
// text and page lists and a page record, each written by JSON.stringify (no schema: what the server did before its
// routes had response schemas), by the type provider's serializer (zod's encode, then JSON.stringify) and by the
// server's (http/serializer.ts: fast-json-stringify compiled from the same schema). PGlite in a scratch directory.
// Run alone: `npx tsx bench/serialize.bench.ts` from the repository root.
import { isDeepStrictEqual } from 'node:util';
import {
  listResponse,
  pageRecordSchema,
  pageRowSchema,
  recordResponse,
  textRowSchema,
  translationStatusSchema,
} from '@backoffice/shared';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { serializerCompiler } from '../apps/server/src/http/serializer.js';
import { stats, table, writeResult } from './lib/common.mjs';
import { ms, runTarget } from './lib/list-bench.js';
import { seedPages } from './lib/seed-pages.js';
import { seedTexts } from './lib/seed-texts.js';

const ITERATIONS = 2_000;
const WARMUP = 200;

const CASES: { name: string; path: string; schema: z.ZodType }[] = [
  { name: 'texts, 20 rows', path: '/api/content/text/?per_page=20', schema: listResponse(textRowSchema) },
  { name: 'texts, 100 rows', path: '/api/content/text/?per_page=100', schema: listResponse(textRowSchema) },
  { name: 'pages, 100 rows', path: '/api/content/page/?per_page=100', schema: listResponse(pageRowSchema) },
  {
    name: 'page record',
    path: '/api/content/page/5',
    schema: recordResponse(pageRecordSchema).extend({ translation: translationStatusSchema.optional() }),
  },
];

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/bench', httpStatus: '200' });

/** Microseconds per call of `write` over ITERATIONS calls (after a warm-up), as p50 and p95 of 20 batches. */
function time(write: () => string) {
  for (let i = 0; i < WARMUP; i++) write();
  const batches: number[] = [];
  const perBatch = ITERATIONS / 20;
  for (let b = 0; b < 20; b++) {
    const start = performance.now();
    for (let i = 0; i < perBatch; i++) write();
    batches.push(((performance.now() - start) * 1000) / perBatch);
  }
  return stats(batches);
}

console.log('Serialization benchmark: JSON.stringify vs the schema serializers, on real answers (µs per answer)');
process.env.BENCH_PAGES ??= '2000';
const outcome = await runTarget('PGlite', {
  name: 'serialize',
  seed: async (database) => {
    await seedTexts(database);
    await seedPages(database);
  },
  describe: () => '10,000 texts and 2,000 pages',
  measure: async ({ client }) => {
    const rows = [];
    for (const c of CASES) {
      const { body } = await client.timed(c.path);
      const payload = JSON.parse(body) as unknown;
      const zod = zodSerializer(route(c.schema) as never) as (data: unknown) => string;
      const fast = serializerCompiler(route(c.schema) as never) as (data: unknown) => string;
      // Same answer whichever writes it (the served one already went through the server's serializer).
      const [a, b] = [JSON.parse(fast(payload)), JSON.parse(zod(payload))];
      if (!isDeepStrictEqual(a, b)) {
        throw new Error(
          `${c.name}: the serializers disagree:\n${fast(payload).slice(0, 600)}\n${zod(payload).slice(0, 600)}`,
        );
      }
      const plain = time(() => JSON.stringify(payload));
      const viaZod = time(() => zod(payload));
      const viaFast = time(() => fast(payload));
      rows.push({ name: c.name, kb: body.length / 1024, plain, viaZod, viaFast });
    }
    return { rows };
  },
});
if (outcome.status !== 'ok' || !outcome.rows) process.exit(1);
table(
  ['answer', 'KB', 'JSON.stringify p50', 'zod encode p50', 'fast-json-stringify p50', 'fast / plain'],
  outcome.rows.map((r) => [
    r.name,
    r.kb.toFixed(1),
    ms(r.plain.p50),
    ms(r.viaZod.p50),
    ms(r.viaFast.p50),
    `${(r.viaFast.p50 / r.plain.p50).toFixed(2)}×`,
  ]),
);
writeResult({ serialize: outcome.rows });
