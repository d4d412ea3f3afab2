// The API tests' setup (vitest.config.ts): a test file fails when a query went to a connection still running
// another. node-postgres queues such a query with a deprecation warning (pg 9 refuses it); a transaction holds one
// connection, so reads side by side inside one must go in turn (db/transaction.ts readTogether).
import { afterAll, expect } from 'vitest';

const overlapping: string[] = [];
process.on('warning', (warning) => {
  if (/already executing a query/.test(warning.message)) overlapping.push(warning.message);
});

afterAll(() => {
  expect(overlapping, 'a query was sent on a connection already running one').toEqual([]);
});
