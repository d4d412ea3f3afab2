/**
 * `npm run fuzz [-- --count 20000 --seed 7]`: the write-endpoint fuzz at full size on a fresh in-memory database
 * (TEST_DB=postgres: a scratch database on TEST_DATABASE_URL). Prints the answers per status, the 5xx per endpoint
 * and every failure; exits 1 when there is one.
 */
import { parseArgs } from 'node:util';
import { FuzzSession, formatResult } from './fuzz-session.js';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '20000' }, seed: { type: 'string' }, editors: { type: 'string' } },
});
const count = Number(values.count);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) {
  console.error('usage: fuzz-run.ts [--count N] [--seed N] [--editors 0.15]');
  process.exit(2);
}

const session = await FuzzSession.start();
console.log(
  `fuzz: ${count} requests over ${session.operations.length} write operations, seed ${seed}, ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
);
try {
  const result = await session.run({
    seed,
    count,
    editorShare: values.editors === undefined ? 0.15 : Number(values.editors),
    progress: (done) => {
      if (done % 1000 === 0) process.stdout.write(`  ${done}\n`);
    },
  });
  console.log(formatResult(result, 1000));
  process.exitCode = result.failures.length ? 1 : 0;
} finally {
  await session.close();
}
