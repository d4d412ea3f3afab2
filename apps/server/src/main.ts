import { ConfigError, loadConfig } from './config.js';
import { DatabaseLockedError } from './db/client.js';
import { startServer } from './server.js';

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const { app, database } = await startServer(config);
  await app.listen({ port: config.port, host: config.host });
  const ms = Math.round(performance.now() - startedAt);
  console.log(
    `Back office ready in ${ms} ms on ${config.appUrl}/admin (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
  );
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseLockedError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
