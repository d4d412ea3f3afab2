import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { sharedSecret } from './db/secrets.js';
import { seedDemo } from './db/seed/demo.js';
import { seedReference } from './db/seed/reference.js';
import { createMailer } from './mail/transport.js';
import { collectorOf } from './modules/analytics/collector.js';

export interface Started {
  app: FastifyInstance;
  database: Database;
}

/**
 * Opens the database, applies migrations and seeds what is missing (under the start-up lock), reads the shared
 * secret and builds the app (not yet listening).
 */
export async function startServer(
  config: Config,
  opts: { logger?: boolean; log?: (line: string) => void } = {},
): Promise<Started> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    // Processes started at once on one database migrate and seed one after another; the later ones find it done.
    await database.exclusively(async () => {
      await database.migrate();
      await seedReference(database.db, config, log);
      if (config.seedDemo) await seedDemo(database.db, log, config);
    });
    const shared = config.sessionSecret
      ? config
      : { ...config, sessionSecret: await sharedSecret(database.db, config.dataDir) };
    const app = await buildApp(
      { db: database.db, config: shared, mailer: createMailer(shared) },
      { logger: opts.logger },
    );
    // After the last request: the beacons still queued are written, then the database closes.
    app.addHook('onClose', async () => {
      await collectorOf(database.db).flush();
      await database.close();
    });
    return { app, database };
  } catch (err) {
    await database.close();
    throw err;
  }
}
