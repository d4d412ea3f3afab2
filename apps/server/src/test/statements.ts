import type { Db } from '../db/client.js';

type QueryFn = (...args: unknown[]) => Promise<unknown>;

/** One statement as drizzle handed it to the driver: the exact arguments too, so a replay repeats it to the letter. */
export interface SentStatement {
  text: string;
  params: unknown[];
  args: unknown[];
  /**
   * The statements sent while none was in flight start a new wave, the others join the one under way: a replay runs
   * each wave's statements side by side and the waves one after the other, as they were sent.
   */
  wave: number;
  /**
   * The statements that had answered before this one was sent: what it waited for. A replay sends it once they have
   * answered again, so a statement sent on another's answer (a count after its estimate) follows it there too.
   */
  after: SentStatement[];
}

/**
 * What `fn` answers, and every statement the driver received meanwhile, in the order sent (nothing else may be in
 * flight), with the wave each was sent in. The tests and the benchmarks (bench/lib/list-bench.ts) capture with it.
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
  let inFlight = 0;
  let wave = -1;
  driver.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    if (inFlight === 0) wave++;
    inFlight++;
    const statement: SentStatement = {
      text: typeof first === 'string' ? first : first.text,
      params: (args[1] as unknown[] | undefined) ?? [],
      args,
      wave,
      after: [...answered],
    };
    statements.push(statement);
    const sent = original.apply(this, args);
    const settle = () => {
      inFlight--;
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
