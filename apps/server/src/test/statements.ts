import type { Db } from '../db/client.js';

type QueryFn = (...args: unknown[]) => Promise<unknown>;

/** One statement as drizzle handed it to the driver: the exact arguments too, so a replay repeats it to the letter. */
export interface SentStatement {
  text: string;
  params: unknown[];
  args: unknown[];
  /**
   * The statements that had answered before this one was sent: what it waited for. Those sent while it was in flight
   * went beside it; a replay sends it once these have answered again, so a statement sent on another's answer (a count
   * after its estimate) follows it there too.
   */
  after: SentStatement[];
}

/**
 * What `fn` answers, and every statement the driver received meanwhile, in the order sent (nothing else may be in
 * flight), with what each waited for. The tests and the benchmarks (bench/lib/list-bench.ts) capture with it.
 */
export async function captureStatements<T>(
  db: Db,
  fn: () => Promise<T>,
): Promise<{ result: T; statements: SentStatement[] }> {
  const driver = (db as unknown as { $client: { query: QueryFn } }).$client;
  const original = driver.query;
  const own = Object.hasOwn(driver, 'query');
  const statements: SentStatement[] = [];
  const answered: SentStatement[] = [];
  driver.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    const statement: SentStatement = {
      text: typeof first === 'string' ? first : first.text,
      params: (args[1] as unknown[] | undefined) ?? [],
      args,
      after: [...answered],
    };
    statements.push(statement);
    const sent = original.apply(this, args);
    const settle = () => {
      answered.push(statement);
    };
    sent.then(settle, settle);
    return sent;
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
