// The delivery API's news list (docs/api.md "Delivery API") on about 100,000 published news articles
// on PostgreSQL: the first answer, an answer deep in a walk by cursor, one category, one article. Issue 38's target:
// p95 ≤ 50 ms at 100,000 published news on PostgreSQL.
// Run alone: `npx tsx bench/delivery.bench.ts` from the repository root (BENCH_BIG sets the number of articles).
import { sql } from 'drizzle-orm';
import { stats, table, writeResult } from './lib/common.mjs';
import { type ListTarget, ms, runTarget, timedGet } from './lib/list-bench.js';
import { seedLists } from './lib/seed-lists.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS) || 200;
const TARGET_P95_MS = 50;
// seed-lists.ts leaves 1 in 5 hidden and 1 in 50 removed: 128,000 articles hold about 100,000 published ones.
process.env.BENCH_BIG ??= '128000';
process.env.BENCH_SMALL ??= '1000';

/** The cursor the API would answer after the article at `offset` of the walk (its date and id, base64url). */
async function cursorAt(run: Parameters<Parameters<typeof runTarget>[1]['measure']>[0], offset: number) {
  const result = (await run.database.db.execute(
    sql.raw(`select coalesce(publish_up, created_at) as date, id from articles
      where deleted_at is null and status and (publish_up is null or publish_up <= now())
        and (publish_down is null or publish_down > now())
      order by coalesce(publish_up, created_at) desc, id desc offset ${offset} limit 1`),
  )) as unknown as { rows: { date: string | Date; id: number }[] };
  const row = result.rows[0];
  if (!row) throw new Error(`no article at ${offset}`);
  return Buffer.from(JSON.stringify([new Date(row.date).toISOString(), row.id])).toString('base64url');
}

console.log(`Delivery API benchmark: GET /api/delivery/news, ${ROUNDS} requests per case, no session`);
const target: ListTarget = 'PostgreSQL';
const outcome = await runTarget(target, {
  name: 'delivery',
  seed: async (database) => {
    const seeded = await seedLists(database);
    // One category holding every 10th article.
    await database.db.execute(sql.raw(`insert into categories (module_id) values (1)`));
    await database.db.execute(
      sql.raw(`insert into article_categories (article_id, category_id)
        select id, (select max(id) from categories) from articles where id % 10 = 0`),
    );
    return seeded;
  },
  describe: (seeded) => seeded.map((s) => `${s.rows} ${s.table}`).join(', '),
  measure: async (run) => {
    const base = (run.client as unknown as { base: string }).base;
    const [published] = (
      (await run.database.db.execute(
        sql.raw(`select count(*)::int as n from articles where deleted_at is null and status
          and (publish_up is null or publish_up <= now()) and (publish_down is null or publish_down > now())`),
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    const [category] = (
      (await run.database.db.execute(sql.raw(`select max(id) as id from categories`))) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const [article] = (
      (await run.database.db.execute(
        sql.raw(`select title_url from article_langs join articles on articles.id = article_id
          where language_code = 'en' and articles.status and articles.deleted_at is null limit 1`),
      )) as unknown as { rows: { title_url: string }[] }
    ).rows;
    const half = Math.floor((published?.n ?? 0) / 2);
    const last = (published?.n ?? 0) - 30;
    const cases = [
      { kind: 'first answer (20)', path: '/api/delivery/news?locale=en' },
      { kind: 'cursor at the middle', path: `/api/delivery/news?locale=en&cursor=${await cursorAt(run, half)}` },
      { kind: 'cursor near the end', path: `/api/delivery/news?locale=en&cursor=${await cursorAt(run, last)}` },
      { kind: 'one category (10 %)', path: `/api/delivery/news?locale=en&category=${category?.id}` },
      { kind: 'limit 100', path: '/api/delivery/news?locale=en&limit=100' },
      { kind: 'one article', path: `/api/delivery/news/${article?.title_url}?locale=en` },
    ];
    const rows: string[][] = [];
    const results: Record<string, unknown> = {};
    let pass = 0;
    for (const c of cases) {
      for (let i = 0; i < 5; i++) await timedGet(base + c.path, { accept: 'application/json' });
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const res = await timedGet(base + c.path, { accept: 'application/json' });
        if (res.status !== 200) throw new Error(`${c.path} answered ${res.status}: ${res.body.slice(0, 200)}`);
        samples.push(res.elapsed);
      }
      const s = stats(samples);
      const ok = s.p95 <= TARGET_P95_MS;
      if (ok) pass += 1;
      rows.push([c.kind, ms(s.p50), ms(s.p95), ms(s.p99), ok ? 'PASS' : 'FAIL']);
      results[c.kind] = s;
    }
    console.log(`  ${published?.n} published articles`);
    table(['case', 'p50 ms', 'p95 ms', 'p99 ms', `p95 ≤ ${TARGET_P95_MS} ms`], rows);
    console.log(`  ${pass} of ${cases.length} cases within the target`);
    return { cases: results, pass, of: cases.length };
  },
});
writeResult({ delivery: outcome });
