import pino from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseLockedError, DatabaseUnreachableError, openDatabase } from './db/client.js';

/** How long a stop may take before the process exits anyway. */
const SHUTDOWN_MS = 25_000;

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  // Standard output is one stream of JSON lines (docs/DEPLOY.md "Logs"): these, the seeds' and Fastify's.
  const logger = pino({ level: config.logLevel });
  // The database opens while the rest of the server loads: PGlite reads and compiles Postgres's WebAssembly on
  // other threads meanwhile (the bundle initialises server.ts and what only it imports on this import).
  const opening = openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    waitMs: config.databaseWaitMs,
    prepared: config.seedDemo ? 'demo' : true,
  });
  opening.catch(() => {}); // its failure is thrown by startServer
  const loading = performance.now();
  const { startServer } = await import('./server.js');
  const imports = Math.round(performance.now() - loading);
  const { app, database, timings } = await startServer(config, {
    database: opening,
    log: (line) => logger.info(line),
  });
  const listening = performance.now();
  await app.listen({ port: config.port, host: config.host });
  timings.listen = Math.round(performance.now() - listening);
  const ms = Math.round(performance.now() - startedAt);
  logger.info(
    { ms, url: `${config.appUrl}/admin`, database: database.kind },
    `Back office ready in ${ms} ms on ${config.appUrl}/admin (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
  );
  // Where the start went: node and the modules before main(), server.ts and what it alone imports, then each phase
  // of startServer (bench/first-start.mjs); `database` is then the wait for the database that opened meanwhile.
  // The process's CPU time (all its threads) tells a busy machine's waits from work.
  const cpu = process.cpuUsage();
  const phases = Object.entries({ modules: Math.round(startedAt), server: imports, ...timings });
  const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
  logger.info(
    { phases: Object.fromEntries(phases), cpuMs },
    `Start-up phases (ms): ${phases.map(([phase, phaseMs]) => `${phase} ${phaseMs}`).join(', ')}; CPU ${cpuMs}`,
  );
  // scripts/server-loader.cjs keeps what the start compiled as V8's code cache for the next start.
  (process as NodeJS.EventEmitter).emit('backoffice:listening');
  // SIGTERM (a deploy, a scale-in): stop accepting, answer 503 to requests that still arrive, finish those in
  // flight with `Connection: close` so their clients let go (http/connections.ts), write what is held (queued
  // beacons, running jobs), close the database, exit. A stop that hangs is cut short, so the orchestrator's own kill
  // is never needed. A signal to the process group (systemd, Ctrl-C in a terminal) reaches this process twice, once
  // from scripts/start.mjs: a signal during the stop is noted, never fatal.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn(`${signal}: already stopping`);
      return;
    }
    stopping = true;
    logger.warn(`${signal}: finishing the requests in flight, then stopping`);
    const deadline = setTimeout(() => {
      logger.error(`still not stopped after ${SHUTDOWN_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_MS);
    deadline.unref();
    await app.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseLockedError || err instanceof DatabaseUnreachableError)
    console.error(err.message);
  else console.error(err);
  process.exit(1);
});
