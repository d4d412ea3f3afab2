// Reads side by side, where the handle allows it. Writes pass their transaction explicitly: an operation opens it
// (`db.transaction(async (tx) => ...)`) and hands `tx` to every function that writes or reads inside it
// (docs/ARCHITECTURE.md "How a save travels").
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * Runs independent reads side by side when `db` answers from the pool, and one after the other when it is a
 * transaction: a transaction holds one connection, on which the driver would only queue a query sent while another
 * runs (pg 9 refuses it).
 */
export async function readTogether<T extends readonly unknown[]>(
  db: Db,
  reads: { readonly [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
