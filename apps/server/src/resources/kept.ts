// Statements kept per shape (docs/features/lists.md "Statements kept per shape"): a list's statements are built and
// printed by drizzle once for each shape of request and run again with new values for their placeholders.
import { fillPlaceholders } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** Past this many shapes kept for one list and database (a filter's value can be part of a shape), the oldest goes. */
export const KEPT_SHAPES = 500;

/** A statement's text and parameters, drizzle placeholders among them. */
export interface Printed {
  sql: string;
  params: unknown[];
}

/** A page statement kept for its shape: executed with its placeholders' values, it answers the mapped rows. */
export type KeptPage<Row = Record<string, unknown>> = { execute: (values: Record<string, unknown>) => Promise<Row[]> };

/** Keeps `value` under `key`, dropping the oldest entry past KEPT_SHAPES. */
export function keep<K, T>(kept: Map<K, T>, key: K, value: T): T {
  kept.set(key, value);
  if (kept.size > KEPT_SHAPES) kept.delete(kept.keys().next().value as K);
  return value;
}

/**
 * A store of statements by database and shape: `(db, shape, build)` answers the statement kept for `shape` on `db`,
 * building it the first time. Per database, since a kept statement runs on the database it was built on.
 */
export function keptStatements<T>() {
  const kept = new WeakMap<Db, Map<string, T>>();
  return (db: Db, shape: string, build: () => T): T => {
    let shapes = kept.get(db);
    if (!shapes) {
      shapes = new Map();
      kept.set(db, shapes);
    }
    return shapes.get(shape) ?? keep(shapes, shape, build());
  };
}

/**
 * A select built with placeholders, kept as a page statement. The empty name is PostgreSQL's unnamed statement,
 * parsed and planned for its values at each execution as a statement printed for the request is (a plan kept for any
 * search pattern could read every title for a rare word).
 */
export const asKeptPage = <Row>(statement: { prepare: (name: string) => unknown }) =>
  statement.prepare('') as KeptPage<Row>;

/** A statement's text and parameters (placeholders among them), printed once. */
export function printed(statement: { toSQL: () => Printed }): Printed {
  const { sql, params } = statement.toSQL();
  return { sql, params };
}

/** A kept count statement with this request's values: the identity of its kept total (`listTotal`). */
export const withValues = (count: Printed, values: Record<string, unknown>): Printed => ({
  sql: count.sql,
  params: fillPlaceholders(count.params, values),
});
