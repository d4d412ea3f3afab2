// `npm run bench`: the benchmarks in sequence, then the headline numbers.
// `node bench/run.mjs texts startup` runs only the named ones (texts, pages, lists, search, request-cpu, revisions, upload, stats, serialize, strapi, startup, first-start, bundle, first-load, delivery, site-lighthouse).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, ROOT } from './lib/common.mjs';

const BENCHES = [
  { name: 'texts', title: 'Text list latency', args: ['--import', 'tsx', 'bench/texts.bench.ts'] },
  { name: 'pages', title: 'Page list latency beside its raw SQL', args: ['--import', 'tsx', 'bench/pages.bench.ts'] },
  {
    name: 'lists',
    title: 'Every list on 1 M news articles and 100 k rows each, beside the raw SQL',
    args: ['--import', 'tsx', 'bench/lists.bench.ts'],
    limitMinutes: 40, // the seed of 1 M articles and 1.1 M other rows, their indexes and two targets
  },
  {
    name: 'search',
    title: 'Search everything over every list, 100 k rows each',
    args: ['--import', 'tsx', 'bench/search.bench.ts'],
    limitMinutes: 30, // the seed of 1.2 M records and their search indexes on two targets
  },
  {
    name: 'request-cpu',
    title: "Where a signed-in request's CPU goes, by who runs it",
    args: ['--import', 'tsx', 'bench/request-cpu.bench.ts'],
  },
  {
    name: 'revisions',
    title: 'Saving a page with its revision against without (REVISIONS_KEEP=0)',
    args: ['--import', 'tsx', 'bench/revisions.bench.ts'],
  },
  {
    name: 'upload',
    title: 'Gallery upload beside the image pipeline alone',
    args: ['--import', 'tsx', 'bench/upload.bench.ts'],
    limitMinutes: 20, // three targets; a heavily loaded machine took 12.5 min
  },
  {
    name: 'stats',
    title: 'Statistics answers on a year of 10 M views, and the collector',
    args: ['--import', 'tsx', 'bench/stats.bench.ts'],
  },
  {
    name: 'serialize',
    title: 'Answer serialization through the response schemas',
    args: ['--import', 'tsx', 'bench/serialize.bench.ts'],
  },
  {
    name: 'strapi',
    title: 'The news list beside Strapi 5, 100 k articles each, interleaved',
    args: ['--import', 'tsx', 'bench/strapi.bench.ts'],
    limitMinutes: 60, // the first run installs and builds Strapi; then two seeds and 2 × 800 requests
  },
  { name: 'startup', title: 'Start-up', args: ['bench/startup.mjs'] },
  { name: 'first-start', title: 'First start of the demo and the home page CLS', args: ['bench/first-start.mjs'] },
  { name: 'bundle', title: 'Login route JS size', args: ['bench/bundle-size.mjs'] },
  {
    name: 'first-load',
    title: "The admin's first load: sign-in route bytes and Lighthouse mobile score",
    args: ['--import', 'tsx', 'bench/first-load.bench.ts'],
  },
  {
    name: 'delivery',
    title: 'The delivery API on 100 k published news (PostgreSQL)',
    args: ['--import', 'tsx', 'bench/delivery.bench.ts'],
  },
  {
    name: 'site-lighthouse',
    title: 'Lighthouse mobile on the public site: six pages in two locales, four categories',
    args: ['--import', 'tsx', 'bench/site-lighthouse.bench.ts'],
  },
];
const LIMIT_MS = 15 * 60_000; // per benchmark, unless it sets its own limitMinutes

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !BENCHES.some((b) => b.name === w));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
const selected = BENCHES.filter((b) => wanted.length === 0 || wanted.includes(b.name));
const dir = mkdtempSync(join(tmpdir(), 'backoffice-bench-results-'));
let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    current?.kill(signal); // the benchmark stops its own servers
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  });
}

function run(bench, resultFile) {
  return new Promise((resolve) => {
    const start = performance.now();
    current = spawn(process.execPath, bench.args, {
      cwd: ROOT,
      env: { ...process.env, BENCH_RESULT_FILE: resultFile },
      stdio: 'inherit',
    });
    const limit = (bench.limitMinutes ?? 0) * 60_000 || LIMIT_MS;
    const timer = setTimeout(() => {
      console.error(`${bench.name}: over ${limit / 60_000} min, stopping it`);
      current?.kill('SIGTERM');
    }, limit);
    current.once('exit', (code, signal) => {
      clearTimeout(timer);
      current = null;
      resolve({ code: code ?? (signal ? 1 : 0), seconds: (performance.now() - start) / 1000 });
    });
  });
}

const results = {};
const outcomes = [];
for (const bench of selected) {
  console.log(
    `\n${'═'.repeat(100)}\n${bench.title} (bench/${bench.args.at(-1).replace('bench/', '')})\n${'═'.repeat(100)}`,
  );
  const file = join(dir, `${bench.name}.json`);
  const { code, seconds } = await run(bench, file);
  if (existsSync(file)) Object.assign(results, JSON.parse(readFileSync(file, 'utf8')));
  outcomes.push({ name: bench.name, code, seconds });
}
rmSync(dir, { recursive: true, force: true });

// ── summary ──────────────────────────────────────────────────────────────────────────────────────────────────────
const lines = [];
const notMeasured = (r) =>
  `not measured (${r?.reason?.split('\n')[0] ?? r?.status ?? 'no result, see its output above'})`;
if (selected.some((b) => b.name === 'startup')) {
  const s = results.startup;
  const ok = s && Number.isFinite(s.coldMs);
  const note = s?.rebuilt ? ' (includes an admin rebuild, see above)' : '';
  lines.push(['cold start, npm run demo on an empty DATA_DIR', ok ? `${fmt(s.coldMs)} ms${note}` : notMeasured(s)]);
  lines.push([
    `warm restart, median of ${s?.warmMs?.length ?? 3}`,
    ok && s.warmMs.length ? `${fmt(s.warmMedianMs)} ms (${s.warmMs.map((v) => fmt(v)).join(', ')})` : notMeasured(s),
  ]);
}
if (selected.some((b) => b.name === 'first-start')) {
  const f = results.firstStart;
  const ok = f && Number.isFinite(f.firstMs);
  lines.push([
    'first start of the demo → health and /admin/login 200',
    ok ? `${fmt(f.firstMs)} ms (statistics written at ${fmt(f.statsMs)} ms)` : notMeasured(f),
  ]);
  lines.push(['warm restart of the demo, median', ok ? `${fmt(f.warmMedianMs)} ms` : notMeasured(f)]);
  lines.push(['home page CLS (images 300 ms late)', ok ? fmt(f.cls, 3) : notMeasured(f)]);
}
/** The targets a benchmark ran: the two databases always (a missing one says why), PostgreSQL-S3 when it ran. */
const targetsOf = (list) => [
  'PGlite',
  'PostgreSQL',
  ...(list?.some((r) => r.target === 'PostgreSQL-S3') ? ['PostgreSQL-S3'] : []),
];
if (selected.some((b) => b.name === 'texts')) {
  for (const target of targetsOf(results.texts)) {
    const t = results.texts?.find((r) => r.target === target);
    lines.push([
      `text list p50 / p95, ${target}, 10 000 texts`,
      t?.status === 'ok'
        ? `${fmt(t.overall.p50, 1)} / ${fmt(t.overall.p95, 1)} ms; 8 clients ${fmt(t.concurrency.rps)} req/s, p95 ${fmt(t.concurrency.p95, 1)} ms`
        : notMeasured(t),
    ]);
  }
}
if (selected.some((b) => b.name === 'pages')) {
  const short = { 'first page (title asc)': 'first', 'page 500 (title asc)': 'page 500' };
  for (const target of targetsOf(results.pages)) {
    const p = results.pages?.find((r) => r.target === target);
    const ok = p?.status === 'ok';
    const passing = ok ? p.cases.filter((c) => c.p95Ok && c.factorOk).length : 0;
    lines.push([
      `page list p95 (its SQL p95), ${target}, ${fmt(p?.pages ?? 100_000).replace(/\B(?=(\d{3})+$)/g, ' ')} pages`,
      ok
        ? `${p.cases
            .slice(0, 4)
            .map((c) => `${short[c.kind] ?? c.kind} ${fmt(c.http.p95, 1)} (${fmt(c.sql.p95, 1)})`)
            .join(
              ' · ',
            )} ms; ${passing} of ${p.cases.length} cases meet p95 ≤ ${p.targetMs} ms and ≤ ${p.maxSqlFactor}× SQL`
        : notMeasured(p),
    ]);
  }
}
if (selected.some((b) => b.name === 'search')) {
  for (const target of targetsOf(results.search)) {
    const r = results.search?.find((x) => x.target === target);
    const worst = r?.rows ? [...r.rows].sort((a, b) => b.p95 - a.p95)[0] : null;
    lines.push([
      `search p95, ${target}, ${fmt(r?.records ?? 0).replace(/\B(?=(\d{3})+$)/g, ' ')} records`,
      r?.status === 'ok' && worst
        ? `${r.rows.filter((x) => x.pass).length} of ${r.rows.length} queries pass (worst ${worst.query} ${fmt(worst.p95, 1)} ms)${r.seqScans.length ? `; ${r.seqScans.length} Seq Scans` : ''}`
        : notMeasured(r),
    ]);
  }
}
if (selected.some((b) => b.name === 'request-cpu')) {
  for (const target of targetsOf(results.requestCpu)) {
    const r = results.requestCpu?.find((x) => x.target === target);
    lines.push([
      `CPU a request (of it the ORM's), ${target}${target === 'PGlite' ? ', database included' : ''}`,
      r?.status === 'ok'
        ? r.addresses.map((a) => `${a.path.split('?')[0]} ${fmt(a.cpu, 2)} (${fmt(a.ormMs, 2)}) ms`).join(' · ')
        : notMeasured(r),
    ]);
  }
}
if (selected.some((b) => b.name === 'revisions')) {
  for (const target of targetsOf(results.revisions)) {
    const r = results.revisions?.find((x) => x.target === target);
    const [on, off] = r?.modes ?? [];
    lines.push([
      `page save p50 / p95 with revision · without, ${target}, 50 revisions kept`,
      r?.status === 'ok' && on
        ? `${fmt(on.http.p50, 1)} / ${fmt(on.http.p95, 1)} · ${off?.http.n ? `${fmt(off.http.p50, 1)} / ${fmt(off.http.p95, 1)} ms = ${fmt(r.factor, 2)}× at p95 (target ≤ 1.5×: ${r.pass ? 'PASS' : 'FAIL'})` : 'not measured (REVISIONS_KEEP=0 not honoured)'}`
        : notMeasured(r),
    ]);
  }
}
if (selected.some((b) => b.name === 'upload')) {
  const upload = [...targetsOf(results.upload), 'PostgreSQL-S3'].filter((t, i, all) => all.indexOf(t) === i);
  for (const target of upload) {
    const u = results.upload?.find((r) => r.target === target);
    lines.push([
      `gallery upload, ${target}, ${u?.photos ?? 50} photos of 3 MB, 2 at a time`,
      u?.status === 'ok'
        ? `${fmt(u.mbPerSecond, 1)} MB/s, ${fmt(u.thumbsPerSecond, 2)} thumbnails/s = ${fmt(u.ratio * 100)} % of the pipeline alone (target ≥ 70 %); server peak RSS ${fmt(u.peakRssMb)} MB (idle ${fmt(u.idleRssMb)}, target < 300)`
        : notMeasured(u),
    ]);
  }
  for (const target of upload) {
    const s = results.upload?.find((r) => r.target === target)?.serving;
    if (!s) continue;
    lines.push([
      `GET /gallery/ original / thumbnail p50 · p95, ${target}`,
      `${fmt(s.original.p50, 1)} · ${fmt(s.original.p95, 1)} / ${fmt(s.thumbnail.p50, 1)} · ${fmt(s.thumbnail.p95, 1)} ms (${s.original.n} + ${s.thumbnail.n} requests, kept alive)`,
    ]);
  }
}
if (selected.some((b) => b.name === 'stats')) {
  for (const target of ['PGlite', 'PostgreSQL']) {
    const r = results.stats?.find((x) => x.target === target);
    const ok = r?.status === 'ok' && r.rows && r.ingestion;
    const worst = ok ? [...r.rows].sort((a, b) => b.http.p95 - a.http.p95)[0] : null;
    lines.push([
      `statistics p95, ${target}, ${fmt((r?.generated?.pageviews ?? 1e7) / 1e6, 1)} M views a year`,
      ok
        ? `${r.rows.filter((x) => x.pass).length} of ${r.rows.length} calls pass (worst ${worst.call} ${worst.days} days ${fmt(worst.http.p95)} ms); collector ${fmt(r.ingestion.perSecond)} events/s, ${fmt(r.ingestion.cpuMsPerEvent, 2)} ms server CPU each`
        : notMeasured(r),
    ]);
  }
}
if (selected.some((b) => b.name === 'strapi')) {
  const s = results.strapi;
  lines.push([
    `news list p50 here / Strapi ${s?.strapiVersion ?? ''}, 100 k articles`.replace('  ', ' '),
    s?.status === 'ok'
      ? `${s.rows.map((r) => `${r.short} ${fmt(r.here.p50, 1)} / ${fmt(r.strapi.p50, 1)} ms = ${fmt(r.factor, 1)}×`).join(' · ')}; ${s.rows.filter((r) => r.pass).length} of ${s.rows.length} ≥ 10×`
      : notMeasured(s),
  ]);
}
if (selected.some((b) => b.name === 'bundle')) {
  const b = results.bundle;
  lines.push([
    'login route JS, gzip -9',
    b?.status === 'ok'
      ? `${fmt(b.gzipKb, 1)} KB in ${b.files} files (target ≤ ${b.targetKb} KB: ${b.pass ? 'PASS' : 'FAIL'})`
      : notMeasured(b),
  ]);
}
if (selected.some((b) => b.name === 'first-load')) {
  const f = results.firstLoad;
  lines.push([
    'sign-in route JS + CSS, gzip -9',
    f?.status === 'ok'
      ? `${fmt(f.gzipKb, 1)} KB (JS ${fmt(f.jsKb, 1)}, CSS ${fmt(f.cssKb, 1)}) in ${f.files} files (target ≤ ${f.targetKb} KB: ${f.sizePass ? 'PASS' : 'FAIL'})`
      : notMeasured(f),
  ]);
  const l = f?.lighthouse;
  lines.push([
    'Lighthouse mobile performance, median of 3',
    l?.status === 'ok'
      ? `${l.score} (LCP ${fmt(l.lcpMs)} ms; target ≥ ${l.targetScore}: ${l.pass ? 'PASS' : 'FAIL'})`
      : notMeasured(l ?? f),
  ]);
}
if (selected.some((b) => b.name === 'site-lighthouse')) {
  const l = results.siteLighthouse;
  const lowest = (c) => Math.min(...(l?.pages ?? []).map((p) => p.scores[c]));
  lines.push([
    'public site Lighthouse mobile, lowest of 12 pages',
    l?.status === 'ok'
      ? `performance ${lowest('performance')}, accessibility ${lowest('accessibility')}, best practices ${lowest('best-practices')}, SEO ${lowest('seo')} (target ≥ ${l.target}: ${l.pass ? 'PASS' : 'FAIL'})`
      : notMeasured(l),
  ]);
}
const width = Math.max(...lines.map(([k]) => k.length));
console.log(`\n${'═'.repeat(100)}\nSummary\n${'═'.repeat(100)}`);
for (const [k, v] of lines) console.log(`  ${k.padEnd(width)}  ${v}`);
const failed = outcomes.filter((o) => o.code !== 0);
console.log(
  `\n  ${outcomes.map((o) => `${o.name} ${o.code === 0 ? 'ok' : `exit ${o.code}`} (${fmt(o.seconds)} s)`).join(' · ')}`,
);
process.exit(failed.length ? 1 : 0);
