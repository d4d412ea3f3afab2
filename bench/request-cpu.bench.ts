// Where a signed-in request's CPU goes (bench/README.md, `request-cpu.bench.ts`): a few addresses asked one
// after the other of a server in this process, first timed, then again under V8's sampling profiler, whose busy
// samples are shared out by who ran them: the ORM, the PostgreSQL driver, the framework, validation and answers,
// this server's own code, Node and the kernel, and the benchmark's client. Small tables (2,000 rows a list unless
// BENCH_BIG / BENCH_SMALL say otherwise): what is measured is the work around the SQL, not the SQL. On PGlite the
// database runs in this process too, and its work counts under Node.
// `npm run bench -- request-cpu`, or alone `npx tsx bench/request-cpu.bench.ts`; BENCH_TARGETS, BENCH_ROUNDS.
import { Session } from 'node:inspector/promises';
import { stats, writeResult } from './lib/common.mjs';
import { LIST_TARGETS, runTarget } from './lib/list-bench.js';
import { seedLists } from './lib/seed-lists.js';

process.env.BENCH_BIG ||= '2000';
process.env.BENCH_SMALL ||= '2000';

const WARMUP = 300;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 2000;
const ADDRESSES = [
  { name: 'the signed-in user', path: '/api/user/me' },
  { name: 'users, first page', path: '/api/user/?page=1&per_page=20' },
  { name: 'panels, sort status', path: '/api/content/panel/?page=1&per_page=20&sort=status&order=asc' },
  { name: 'news, first page', path: '/api/blog/?page=1&per_page=20' },
];

const ORM = 'ORM (drizzle-orm)';
const VALIDATION = 'validation, answers (zod, fast-json-stringify)';
/** Who ran a sample, by its function's script: the first group whose pattern matches, else Node and the kernel. */
const GROUPS: [string, RegExp][] = [
  [ORM, /node_modules\/drizzle-orm\//],
  ['driver (pg)', /node_modules\/pg(-protocol|-pool|-types)?\//],
  ['framework (fastify)', /node_modules\/(fastify|find-my-way|@fastify|avvio|light-my-request|fast-querystring)\//],
  [VALIDATION, /node_modules\/(zod|fast-json-stringify|fastify-type-provider-zod)\//],
  ["this server's code", /\/apps\/server\/|\/packages\/shared\//],
  ["the benchmark's client", /\/bench\//],
];
const NODE = 'Node and the kernel (HTTP, sockets, GC)';

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Busy milliseconds of a profile by group (idle samples left out). */
function shares(profile: Profile): Record<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const out: Record<string, number> = {};
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id);
    if (!frame || frame.functionName === '(idle)') return;
    // Functions compiled from strings (zod's and fast-json-stringify's) have no script; natives and GC have no name.
    const anonymousCode = frame.url === '' && /^anonymous\d*$/.test(frame.functionName);
    const group = anonymousCode
      ? VALIDATION
      : (GROUPS.find(([, re]) => frame.url !== '' && re.test(frame.url))?.[0] ?? NODE);
    out[group] = (out[group] ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000;
  });
  return out;
}

const results = [];
for (const target of LIST_TARGETS) {
  results.push(
    await runTarget(target, {
      name: 'request-cpu',
      seed: (database) => seedLists(database),
      describe: (seeded) => `${seeded.length} lists of ${process.env.BENCH_SMALL}+ rows`,
      measure: async ({ client }) => {
        const profiler = new Session();
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
        const rows = [];
        for (const address of ADDRESSES) {
          for (let i = 0; i < WARMUP; i++) await client.timed(address.path);
          const times: number[] = [];
          for (let i = 0; i < ROUNDS; i++) times.push((await client.timed(address.path)).elapsed);
          await profiler.post('Profiler.start');
          for (let i = 0; i < ROUNDS; i++) await client.timed(address.path);
          const { profile } = await profiler.post('Profiler.stop');
          const busy = shares(profile as unknown as Profile);
          const perRequest = Object.fromEntries(Object.entries(busy).map(([k, v]) => [k, v / ROUNDS]));
          const cpu = Object.values(perRequest).reduce((a, b) => a + b, 0);
          rows.push({ ...address, wall: stats(times), cpu, ormMs: perRequest[ORM] ?? 0, perRequest });
        }
        profiler.disconnect();
        for (const r of rows) {
          console.log(
            `\n  ${r.name} (${r.path}): p50 ${r.wall.p50.toFixed(2)} / p95 ${r.wall.p95.toFixed(2)} ms; ` +
              `CPU of this process ${r.cpu.toFixed(2)} ms a request (under the profiler` +
              `${target === 'PGlite' ? '; the embedded database runs in this process too, under Node' : ''})`,
          );
          for (const [group, v] of Object.entries(r.perRequest).sort((a, b) => b[1] - a[1])) {
            console.log(`    ${group.padEnd(48)} ${v.toFixed(3)} ms  ${((100 * v) / r.cpu).toFixed(0).padStart(3)} %`);
          }
        }
        return { addresses: rows };
      },
    }),
  );
}
writeResult({ requestCpu: results });
process.exit(0);
