import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { appSecrets, jobs, texts } from '../db/schema.js';
import { enqueue, type JobHandlers } from '../jobs/queue.js';
import { hasTraffic } from '../modules/analytics/queries.js';
import { positionOptions, textResource } from '../modules/texts/service.js';
import { seedDemoContent } from './demo/content.js';
import { seedDemoForms } from './demo/forms.js';
import { createRecord } from './demo/seeding.js';
import { DEMO_DAYS, seedDemoTraffic } from './demo/traffic.js';
import { seedDemoUsers } from './demo/users.js';
import { seedDemoSettings } from './settings.js';

const DEMO_TEXTS: { sk: [string, string]; en: [string, string]; positions: string[]; status?: boolean }[] = [
  {
    sk: ['Vitajte na našom webe', '<p>Sme rodinná firma s tradíciou od roku 1994.</p>'],
    en: ['Welcome to our website', '<p>We are a family company with a tradition since 1994.</p>'],
    positions: ['Homepage'],
  },
  {
    sk: ['Otváracie hodiny', '<p>Po – Pi: 8:00 – 16:30</p>'],
    en: ['Opening hours', '<p>Mon – Fri: 8:00 – 16:30</p>'],
    positions: ['Footer', 'Contact'],
  },
  {
    sk: ['Kontaktujte nás', '<p>Napíšte nám, ozveme sa do 24 hodín.</p>'],
    en: ['Contact us', '<p>Write to us and we will reply within 24 hours.</p>'],
    positions: ['Contact'],
  },
  {
    sk: ['Naše služby', '<ul><li>Preprava</li><li>Skladovanie</li><li>Logistika</li></ul>'],
    en: ['Our services', '<ul><li>Transport</li><li>Warehousing</li><li>Logistics</li></ul>'],
    positions: ['Homepage', 'Sidebar'],
  },
  {
    sk: ['Certifikáty kvality', '<p>Sme držiteľmi certifikátov ISO 9001 a ISO 14001.</p>'],
    en: ['Quality certificates', '<p>We hold the ISO 9001 and ISO 14001 certificates.</p>'],
    positions: ['Sidebar'],
  },
  {
    sk: ['Hlavička – slogan', '<p><strong>Spoľahlivo a načas.</strong></p>'],
    en: ['Header – slogan', '<p><strong>Reliably and on time.</strong></p>'],
    positions: ['Header'],
  },
  {
    sk: ['Ochrana osobných údajov', '<p>Vaše údaje spracúvame v súlade s GDPR.</p>'],
    en: ['Privacy policy', '<p>We process your data in line with the GDPR.</p>'],
    positions: ['Footer'],
  },
  {
    sk: ['Pripravujeme nový sklad', '<p>Nový sklad v Žiline otvoríme na jar.</p>'],
    en: ['A new warehouse is coming', '<p>We will open the new warehouse in Žilina in spring.</p>'],
    positions: ['Homepage'],
    status: false,
  },
];

/** The job that writes the demo's 90 days of statistics once the server answers. */
export const DEMO_TRAFFIC_JOB = 'demo-traffic';

/**
 * The job that gives the demo records created at start-up their images and the demo galleries their photos, once
 * the server answers (`seedDemoContent` in 'fill' mode: what is there already is left as it is).
 */
export const DEMO_IMAGES_JOB = 'demo-images';

/**
 * Marks a database whose demo seed has run (`app_secrets`, shared by every process): a warm start skips the
 * record-by-record checks. Raise the version when the demo data gains records a seeded database should get.
 */
const DEMO_SEEDED = { name: 'demo-seeded', version: '1' };

/**
 * Marks the prepared demo cluster (demo-cluster.ts) with the time its records were written: its first start moves
 * every time in it by the time passed since (`settlePreparedDemo`).
 */
export const DEMO_PREPARED_AT = 'demo-prepared-at';

/**
 * A demo server's start: the demo seed when this database's (of this version) has not run, else, on a new database
 * from the prepared demo cluster, its times brought to now. One query on a warm start.
 */
export async function startDemo(db: Db, log: (line: string) => void, config: Config) {
  const rows = await db
    .select({ name: appSecrets.name, value: appSecrets.value })
    .from(appSecrets)
    .where(inArray(appSecrets.name, [DEMO_SEEDED.name, DEMO_PREPARED_AT]));
  const value = (name: string) => rows.find((row) => row.name === name)?.value;
  if (value(DEMO_SEEDED.name) !== DEMO_SEEDED.version) return seedDemo(db, log, config, { deferred: true });
  const preparedAt = value(DEMO_PREPARED_AT);
  if (preparedAt) await settlePreparedDemo(db, new Date(preparedAt));
}

/**
 * The prepared demo cluster's times moved by the time passed since it was written, in one transaction with the
 * removal of its mark: every timestamp column of every table, so that the records are as old, the scheduled news
 * as far ahead and the form submissions as recent as the demo seed makes them at a start (its dates are relative to
 * now: `daysFromNow`, the forms' `ago`).
 */
async function settlePreparedDemo(db: Db, preparedAt: Date) {
  // A whole number of milliseconds, written into the statement: a DO block takes no parameters.
  const shift = Math.max(0, Math.round(Date.now() - preparedAt.getTime()));
  // One statement, whose updates run inside the database: one per table with a timestamp column (about 50).
  await db.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`do $$
        declare t record;
        begin
          for t in
            select c.oid::regclass as name,
              string_agg(format('%1$I = %1$I + interval ''${shift} milliseconds''', a.attname), ', ') as sets
            from pg_attribute a join pg_class c on c.oid = a.attrelid
            where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
              and a.attnum > 0 and not a.attisdropped and a.atttypid in ('timestamptz'::regtype, 'timestamp'::regtype)
            group by c.oid
          loop
            execute format('update %s set %s', t.name, t.sets);
          end loop;
        end $$`),
    );
    await tx.delete(appSecrets).where(eq(appSecrets.name, DEMO_PREPARED_AT));
  });
}

async function markDemoSeeded(db: Db) {
  await db
    .insert(appSecrets)
    .values({ name: DEMO_SEEDED.name, value: DEMO_SEEDED.version })
    .onConflictDoUpdate({ target: appSecrets.name, set: { value: DEMO_SEEDED.version } });
}

/**
 * The demo's deferred work, for a job runner: the images and photos (only those still missing), then the traffic
 * history (skipped when some other run wrote it).
 */
export const demoJobHandlers = (db: Db, log: (line: string) => void, config: Config): JobHandlers => ({
  [DEMO_IMAGES_JOB]: () => seedDemoContent(db, config, log, 'fill'),
  [DEMO_TRAFFIC_JOB]: () => seedDemoTraffic(db, log),
});

/** Whether a job of this kind waits (a second process, a second start stored it already). */
async function waiting(db: Db, kind: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), isNull(jobs.failed_at)));
  return Number(row?.n ?? 0) > 0;
}

/** Stores the traffic job unless there is traffic already or the job waits. */
async function enqueueDemoTraffic(db: Db): Promise<boolean> {
  if ((await hasTraffic(db)) || (await waiting(db, DEMO_TRAFFIC_JOB))) return false;
  await enqueue(db, DEMO_TRAFFIC_JOB, {});
  return true;
}

/**
 * Demo content in both locales (texts, and the content area: categories, panels, galleries with their photos, pages
 * in navigation, news articles, references and partners, images under `config.mediaDir`), users of each role, form
 * submissions and 90 days of traffic; running it again adds nothing. With `deferred` (a server's start) the images
 * and photos are left to DEMO_IMAGES_JOB and the traffic to DEMO_TRAFFIC_JOB, both stored in the jobs table in
 * that order before this returns: the server answers first, with every record in place, and the pictures, then the
 * statistics, fill in a few seconds later. The database is then marked seeded, so the next start skips all of it.
 */
export async function seedDemo(
  db: Db,
  log: (line: string) => void,
  config: Config,
  opts: { deferred: boolean } = { deferred: false },
) {
  await seedDemoSettings(db);
  // The users' password hashes (scrypt, on libuv's threads) are computed while the texts and the content are written.
  const people = seedDemoUsers(db, log);
  people.catch(() => {});
  const [existing] = await db.select({ n: count() }).from(texts);
  if (!existing?.n) {
    const positions = await positionOptions(db);
    const idOf = (title: string) => positions.find((p) => p.title === title)?.id ?? 0;
    for (const text of DEMO_TEXTS) {
      await createRecord(textResource(db), {
        langs: { sk: { title: text.sk[0], content: text.sk[1] }, en: { title: text.en[0], content: text.en[1] } },
        positions: text.positions.map(idOf),
        status: text.status ?? true,
      });
    }
    log(`Demo: ${DEMO_TEXTS.length} texts.`);
  }
  await seedDemoContent(db, config, log, opts.deferred ? 'later' : 'now');
  await people;
  await seedDemoForms(db, log);
  if (!opts.deferred) return seedDemoTraffic(db, log);
  if (!(await waiting(db, DEMO_IMAGES_JOB))) await enqueue(db, DEMO_IMAGES_JOB, {});
  if (await enqueueDemoTraffic(db))
    log(`Demo: the statistics' ${DEMO_DAYS} days of traffic are written once the server answers.`);
  await markDemoSeeded(db);
}
