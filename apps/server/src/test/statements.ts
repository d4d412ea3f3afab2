import type { Db } from '../db/client.js';

type QueryFn = (...args: unknown[]) => Promise<unknown>;

/**
 * What `fn` answers, and the text of every statement the driver received meanwhile, in the order sent (nothing else
 * may be in flight).
 */
export async function withStatements<T>(db: Db, fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const driver = (db as unknown as { $client: { query: QueryFn } }).$client;
  const original = driver.query;
  const own = Object.hasOwn(driver, 'query');
  const statements: string[] = [];
  driver.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    statements.push(typeof first === 'string' ? first : first.text);
    return original.apply(this, args);
  };
  try {
    return { result: await fn(), statements };
  } finally {
    if (own) driver.query = original;
    else delete (driver as { query?: QueryFn }).query;
  }
}
