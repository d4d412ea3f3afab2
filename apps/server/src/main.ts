import { ConfigError, loadConfig } from './config.js';
import { DatabaseLockedError } from './db/client.js';
import { startServer } from './server.js';

/** How long a stop may take before the process exits anyway. */
const SHUTDOWN_MS = 25_000;

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const { app, database, timings } = await startServer(config);
  const listening = performance.now();
  await app.listen({ port: config.port, host: config.host });
  timings.listen = Math.round(performance.now() - listening);
  const ms = Math.round(performance.now() - startedAt);
  console.log(
    `Back office ready in ${ms} ms on ${config.appUrl}/admin (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
  );
  // Where the start went: node and the modules before main(), then each phase of startServer (bench/first-start.mjs).
  // The process's CPU time (all its threads) tells a busy machine's waits from work.
  const cpu = process.cpuUsage();
  const phases = Object.entries({ modules: Math.round(startedAt), ...timings });
  console.log(
    `Start-up phases (ms): ${phases.map(([phase, phaseMs]) => `${phase} ${phaseMs}`).join(', ')}; CPU ${Math.round((cpu.user + cpu.system) / 1000)}`,
  );
  // SIGTERM (a deploy, a scale-in): stop accepting, answer 503 to requests that still arrive, finish those in
  // flight, write what is held (queued beacons, running jobs), close the database, exit. A stop that hangs is cut
  // short, so the orchestrator's own kill is never needed.
  const stop = async (signal: string) => {
    console.log(`${signal}: finishing the requests in flight, then stopping`);
    const deadline = setTimeout(() => {
      console.error(`still not stopped after ${SHUTDOWN_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_MS);
    deadline.unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseLockedError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
