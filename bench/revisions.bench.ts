// The cost of the history (docs/features/revisions.md): saving a page over HTTP (both locales, rich text included)
// with revisions kept (the default) against the same server with the history off (`REVISIONS_KEEP=0`), on a page
// that already has its 50 revisions, so that every kept save also prunes one. The two kinds alternate save by save
// on one server; the history is switched through the variable `revisionsKeep()` reads on every write.
// `npm run bench -- revisions`, or alone `npx tsx bench/revisions.bench.ts`; BENCH_TARGETS.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import { type Stats, stats, table, writeResult } from './lib/common.mjs';
import {
  type Client,
  ms,
  PHASE_LIMIT_MS,
  runTarget,
  TARGETS,
  type Target,
  type TargetOutcome,
} from './lib/list-bench.js';

const KEPT = 50; // REVISIONS_KEEP's default: the page starts with this many, and each kept save prunes one
const WARMUP_ROUNDS = 10;
const ROUNDS = 150; // each round saves once with the history and once without, in alternating order
const MAX_FACTOR = 1.5; // target: the p95 of a save with its revision ≤ 1.5× the p95 without
/** Other records' histories beside the measured page's, so its look-ups walk an index of a used table. */
const OTHER_RECORDS = 400;
const PAGES = '/api/content/page/';

type Mode = 'with revision' | 'without';
const MODES: Mode[] = ['with revision', 'without'];

/** Rich text of a few kilobytes, as an editor writes it: headings, paragraphs, a list, links, emphasis. */
function richText(locale: 'sk' | 'en', version: number) {
  const words =
    locale === 'sk'
      ? 'Naša spoločnosť dodáva riešenia pre železničnú a cestnú dopravu od roku 1994 s dôrazom na kvalitu'
      : 'Our company has delivered solutions for rail and road transport since 1994 with an emphasis on quality';
  const paragraphs = Array.from(
    { length: 12 },
    (_, i) =>
      `<p>${words} (${i + 1}). <strong>${words.split(' ').slice(0, 4).join(' ')}</strong> ` +
      `<a href="https://example.com/${locale}/${i}">${words.split(' ').slice(4, 7).join(' ')}</a> ${words}.</p>`,
  );
  return [
    `<h2>${locale === 'sk' ? 'Verzia' : 'Version'} ${version}</h2>`,
    ...paragraphs.slice(0, 6),
    `<ul>${Array.from(
      { length: 6 },
      (_, i) =>
        `<li>${words
          .split(' ')
          .slice(i, i + 5)
          .join(' ')}</li>`,
    ).join('')}</ul>`,
    ...paragraphs.slice(6),
  ].join('');
}

/** The page's body in save number `version`: both locales change, as a save of a page being written does. */
function pageBody(version: number, updatedAt?: string) {
  const lang = (locale: 'sk' | 'en') => ({
    title: locale === 'sk' ? 'Naše služby' : 'Our services',
    title_url: locale === 'sk' ? 'nase-sluzby' : 'our-services',
    content: richText(locale, version),
    teaser: `<p>${locale === 'sk' ? 'Krátky úvod' : 'A short teaser'} ${version}</p>`,
    page_text: `<p>${locale === 'sk' ? 'Text stránky' : 'Page text'}</p>`,
    meta_title: locale === 'sk' ? 'Služby' : 'Services',
    meta_description: locale === 'sk' ? 'Čo robíme' : 'What we do',
    claim: locale === 'sk' ? 'Spoľahlivo' : 'Reliably',
  });
  return {
    langs: { sk: lang('sk'), en: lang('en') },
    status: true,
    ...(updatedAt ? { updated_at: updatedAt } : {}),
  };
}

/** The history of other pages: OTHER_RECORDS × KEPT revisions of about 4 KB each. */
async function seed(database: Database) {
  await database.db.execute(sql`
    insert into revisions (model, record_id, user_id, action, changed, data)
    select 'Page', 1000000 + r, null, 'update', '["langs.sk.content"]'::jsonb,
           jsonb_build_object('id', 1000000 + r, 'status', true,
             'langs', jsonb_build_object('sk', jsonb_build_object('title', 'Stránka ' || r, 'content', repeat('<p>obsah ' || v || '</p>', 120)),
                                         'en', jsonb_build_object('title', 'Page ' || r, 'content', repeat('<p>content ' || v || '</p>', 120))))
    from generate_series(1, ${OTHER_RECORDS}) r, generate_series(1, ${KEPT}) v`);
  return OTHER_RECORDS * KEPT;
}

/** Switches the history for the next saves: REVISIONS_KEEP=0 off, unset (the default of 50) on. */
function history(mode: Mode) {
  if (mode === 'without') process.env.REVISIONS_KEEP = '0';
  else delete process.env.REVISIONS_KEEP;
}

interface Measured {
  modes: { mode: Mode; http: Stats }[];
  factor: number;
  pass: boolean;
  /** Revisions of the page before and after measuring: KEPT both times when pruning keeps up. */
  revisions: number[];
  offHonoured: boolean;
}

async function measure(client: Client): Promise<Measured> {
  /** The page's revisions: how many, and the newest one's id. */
  const revisions = async (id: number) => {
    const res = await client.timed(`${PAGES}${id}/revisions?per_page=1`);
    const body = JSON.parse(res.body) as { data: { id: number }[]; meta: { total: number } };
    return { total: body.meta.total, newest: body.data[0]?.id };
  };
  let version = 0;
  let updatedAt: string | undefined;
  let id = 0;
  const save = async () => {
    version++;
    const res = id
      ? await client.timedSend('POST', `${PAGES}${id}`, pageBody(version, updatedAt))
      : await client.timedSend('POST', PAGES, pageBody(version));
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`saving the page answered ${res.status}: ${res.body}`);
    const data = (JSON.parse(res.body) as { data: { id: number; updated_at: string } }).data;
    id = data.id;
    updatedAt = data.updated_at;
    return res.elapsed;
  };

  history('with revision');
  for (let i = 0; i < KEPT; i++) await save(); // a store and 49 updates: the page's 50 revisions
  const before = (await revisions(id)).total;

  // A save without: the page's newest revision stays the same (else the switch is not in this tree).
  const newest = (await revisions(id)).newest;
  history('without');
  await save();
  history('with revision'); // the history's own routes answer nothing while it is off
  const offHonoured = (await revisions(id)).newest === newest;
  if (!offHonoured) console.log('  the server kept a revision with REVISIONS_KEEP=0: the switch is not in this tree');

  const samples = new Map<Mode, number[]>(MODES.map((m) => [m, []]));
  const deadline = performance.now() + PHASE_LIMIT_MS;
  let rounds = 0;
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS && performance.now() < deadline; round++) {
    const order = round % 2 === 0 ? MODES : [...MODES].reverse();
    for (const mode of order) {
      if (mode === 'without' && !offHonoured) continue;
      history(mode);
      const elapsed = await save();
      if (round >= WARMUP_ROUNDS) samples.get(mode)?.push(elapsed);
    }
    rounds = round + 1;
  }
  history('with revision');
  const after = (await revisions(id)).total;
  if (rounds < WARMUP_ROUNDS + ROUNDS) console.log(`  stopped after ${rounds} rounds (${PHASE_LIMIT_MS / 1000} s)`);

  const modes = MODES.map((mode) => ({ mode, http: stats(samples.get(mode) ?? []) }));
  const [on, off] = modes;
  const factor = on && off?.http.n ? on.http.p95 / off.http.p95 : Number.NaN;
  return { modes, factor, pass: factor <= MAX_FACTOR, revisions: [before, after], offHonoured };
}

function print(m: Measured) {
  table(
    ['save of a page', 'saves', 'p50', 'p95', 'p99', 'max'],
    m.modes.map((r) => [r.mode, r.http.n, ms(r.http.p50), ms(r.http.p95), ms(r.http.p99), ms(r.http.max)]),
  );
  console.log(
    `  (milliseconds, HTTP from sending to the answer's last byte; revisions of the page ${m.revisions.join(' before, ')} ` +
      `after: each kept save pruned one)\n  p95 with revision / without: ${Number.isFinite(m.factor) ? `${m.factor.toFixed(2)}×` : '–'}` +
      ` (target ≤ ${MAX_FACTOR}×: ${Number.isFinite(m.factor) ? (m.pass ? 'PASS' : 'FAIL') : 'not measured'})`,
  );
}

console.log(
  `Revisions benchmark: saving a page with ${KEPT} revisions, with its revision against without (REVISIONS_KEEP=0), interleaved`,
);
const results: (TargetOutcome & Partial<Measured>)[] = [];
for (const target of TARGETS as Target[]) {
  results.push(
    await runTarget(target, {
      name: 'revisions',
      seed,
      describe: (rows) => `${rows} revisions of ${OTHER_RECORDS} other pages`,
      measure: async ({ client }) => {
        const m = await measure(client);
        print(m);
        return m;
      },
    }),
  );
}
delete process.env.REVISIONS_KEEP;
writeResult({ revisions: results });
process.exitCode = results.some((r) => r.status === 'failed' || r.pass === false) ? 1 : 0;
