import type { Db } from '../db/client.js';

type QueryFn = (...args: unknown[]) => Promise<unknown>;

/** One statement as drizzle handed it to the driver: the exact arguments too, so a replay repeats it to the letter. */
export interface SentStatement {
  text: string;
  params: unknown[];
  args: unknown[];
}

/**
 * What `fn` answers, and every statement the driver received meanwhile, in the order sent (nothing else may be in
 * flight). The tests and the benchmarks (bench/lib/list-bench.ts) capture with it.
 */
export async function captureStatements<T>(
  db: Db,
  fn: () => Promise<T>,
): Promise<{ result: T; statements: SentStatement[] }> {
  const driver = (db as unknown as { $client: { query: QueryFn } }).$client;
  const original = driver.query;
  const own = Object.hasOwn(driver, 'query');
  const statements: SentStatement[] = [];
  driver.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    statements.push({
      text: typeof first === 'string' ? first : first.text,
      params: (args[1] as unknown[] | undefined) ?? [],
      args,
    });
    return original.apply(this, args);
  };
  try {
    return { result: await fn(), statements };
  } finally {
    if (own) driver.query = original;
    else delete (driver as { query?: QueryFn }).query;
  }
}

/** What `fn` answers, and the text of every statement sent meanwhile (captureStatements). */
export async function withStatements<T>(db: Db, fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const { result, statements } = await captureStatements(db, fn);
  return { result, statements: statements.map((s) => s.text) };
}
