// How many transactions are open on a database handle, for tests that check what runs inside one and what outside
// (a write's files, a bulk action's reads): `db.transaction` is wrapped while the test runs.
import { vi } from 'vitest';
import type { Db } from '../db/client.js';

export function watchTransactions(db: Db) {
  let open = 0;
  const transaction = db.transaction.bind(db);
  const spy = vi.spyOn(db, 'transaction').mockImplementation(async (work, config) => {
    open++;
    try {
      return await transaction(work, config);
    } finally {
      open--;
    }
  });
  return { open: () => open > 0, restore: () => spy.mockRestore() };
}
