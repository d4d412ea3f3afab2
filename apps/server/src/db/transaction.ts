// The transaction scope of a write (docs/features/revisions.md "One transaction per write"): the app's `db` is a
// handle that sends every query to the transaction `inTransaction` has open in the current async context, else to
// the database. A module that closes over `db` then saves, and reads back what it saved, inside the caller's
// transaction without being handed it; its own `db.transaction(...)` becomes a savepoint there.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';

type Db = PgDatabase<PgQueryResultHKT>;
type Hook = () => Promise<unknown>;

interface Scope {
  tx: Db;
  /** False once `work` has ended: what it left running goes to the database, not to a finished transaction. */
  open: boolean;
  committed: Hook[];
  rolledBack: Hook[];
}

/** Each scoped handle's database and the scopes open on it. */
const handles = new WeakMap<object, { database: Db; scopes: AsyncLocalStorage<Scope> }>();

/** The handle the app uses in place of `database` (one per database; `openDatabase` makes it). */
export function scoped(database: Db): Db {
  const scopes = new AsyncLocalStorage<Scope>();
  const handle = new Proxy(database, {
    get(target, key) {
      const scope = scopes.getStore();
      const base = scope?.open ? scope.tx : target;
      const value = Reflect.get(base, key, base);
      return typeof value === 'function' ? value.bind(base) : value;
    },
  });
  handles.set(handle, { database, scopes });
  return handle;
}

/**
 * Runs `work` in one transaction that every query through `db` in its async context joins: committed when `work`
 * resolves, rolled back when it throws (and a savepoint when another is open already). Then the hooks that `work`
 * left (`afterCommit`, `onRollback`) run; a failing one is reported on stderr and fails nothing else.
 */
export async function inTransaction<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const handle = handles.get(db);
  if (!handle) throw new Error('inTransaction needs the database handle openDatabase answers');
  const outer = handle.scopes.getStore();
  const base = outer?.open ? outer.tx : handle.database;
  const scope: Scope = { tx: base, open: false, committed: [], rolledBack: [] };
  let result: T;
  try {
    result = await base.transaction(async (tx) => {
      Object.assign(scope, { tx, open: true });
      try {
        return await handle.scopes.run(scope, work);
      } finally {
        scope.open = false;
      }
    });
  } catch (err) {
    await settle(scope.rolledBack);
    throw err;
  }
  if (outer?.open) {
    // A savepoint's work is final only with the transaction around it.
    outer.committed.push(...scope.committed);
    outer.rolledBack.push(...scope.rolledBack);
  } else await settle(scope.committed);
  return result;
}

/** Runs the hooks; one that fails is reported on stderr (as a lost connection is, db/client.ts) and stops no other. */
async function settle(hooks: Hook[]) {
  const results = await Promise.allSettled(hooks.map(async (hook) => hook()));
  for (const result of results) {
    if (result.status === 'rejected') console.error('a commit or rollback hook failed:', result.reason);
  }
}

/** The scope open on `db` in this async context, if any. */
function openScope(db: Db) {
  const scope = handles.get(db)?.scopes.getStore();
  return scope?.open ? scope : undefined;
}

/** Whether a transaction is open on `db` in this async context (its queries go to it). */
export function transactionOpen(db: Db): boolean {
  return openScope(db) !== undefined;
}

/**
 * Runs independent reads side by side when `db` answers from the pool, and one after the other when its queries go
 * to a transaction (a transaction's own handle, or the app's inside `inTransaction`): a transaction holds one
 * connection, on which the driver would only queue a query sent while another runs (pg 9 refuses it).
 */
export async function readTogether<T extends readonly unknown[]>(
  db: Db,
  reads: { readonly [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction) && !transactionOpen(db)) {
    return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  }
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

/** Runs `hook` once the transaction open on `db` in this context commits; at once when none is open. */
export async function afterCommit(db: Db, hook: Hook): Promise<void> {
  const scope = openScope(db);
  if (scope) scope.committed.push(hook);
  else await hook();
}

/**
 * Runs `hook` if the transaction open on `db` in this context rolls back. Answers false when none is open: what
 * was written is then the caller's to undo.
 */
export function onRollback(db: Db, hook: Hook): boolean {
  const scope = openScope(db);
  scope?.rolledBack.push(hook);
  return scope !== undefined;
}
