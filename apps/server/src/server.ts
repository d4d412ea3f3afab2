import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { sharedSecret } from './db/secrets.js';
import { type JobRunner, jobRunner } from './jobs/queue.js';
import { createMailer } from './mail/transport.js';
import { collectorOf } from './modules/analytics/collector.js';
import { demoJobHandlers, startDemo } from './seed/demo.js';
import { seedReferenceOnce } from './seed/reference.js';

export interface Started {
  app: FastifyInstance;
  database: Database;
  /** The demo's deferred seed (its traffic); tests drain it. */
  demoJobs: JobRunner;
  /** Milliseconds per start-up phase (database, migrations, reference, demo, app), for the start line. */
  timings: Record<string, number>;
}

/**
 * Opens the database, applies the migrations and seeds what is missing (under the start-up lock; a database that
 * has all of it costs one query each), reads the shared secret and builds the app (not yet listening). The demo's
 * images and photos, then its traffic history, are jobs run once the app answers, so a first start answers with
 * every demo record in place before their pictures and the statistics exist (docs/features/demo-data.md); a
 * database seeded before skips the demo seed.
 */
export async function startServer(
  config: Config,
  opts: {
    logger?: boolean;
    log?: (line: string) => void;
    /** The database, opened already (main.ts opens it while this module loads); otherwise opened here. */
    database?: Promise<Database>;
  } = {},
): Promise<Started> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (phase: string) => {
    const now = performance.now();
    timings[phase] = Math.round(now - mark);
    mark = now;
  };
  const database = await (opts.database ??
    openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      waitMs: config.databaseWaitMs,
      prepared: config.seedDemo ? 'demo' : true,
    }));
  lap('database');
  try {
    // Processes started at once on one database migrate and seed one after another; the later ones find it done.
    await database.exclusively(async () => {
      await database.migrate();
      lap('migrations');
      await seedReferenceOnce(database.db, config, log);
      lap('reference');
      if (config.seedDemo) await startDemo(database.db, log, config);
      lap('demo');
    });
    const shared = config.sessionSecret
      ? config
      : { ...config, sessionSecret: await sharedSecret(database.db, config.dataDir) };
    const app = await buildApp(
      { db: database.db, config: shared, mailer: createMailer(shared) },
      { logger: opts.logger },
    );
    lap('app');
    // Its own runner, as only a demo server has these jobs; every process runs them, each taken once from the
    // database. Its first look comes one poll (2 s) after the port opens, so the first requests (the health check,
    // the sign-in page) are answered before: on PGlite the traffic job's writes hold the one connection for about a
    // second, and the images job draws and encodes pictures for a few seconds.
    const demoJobs = jobRunner(database.db, config.seedDemo ? demoJobHandlers(database.db, log, config) : {}, app.log);
    app.addHook('onListen', async () => demoJobs.start());
    // After the last request: the demo job under way and the beacons still queued are written, then the database
    // closes.
    app.addHook('onClose', async () => {
      await demoJobs.stop();
      await collectorOf(database.db).flush();
      await database.close();
    });
    return { app, database, demoJobs, timings };
  } catch (err) {
    await database.close();
    throw err;
  }
}
