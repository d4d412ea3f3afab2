import type { Langs, Locale } from '@backoffice/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import { invalid } from '../http/errors.js';
import { type LangTable, lockTitleUrls, titleUrlErrors, titleUrlTaken, type translations } from './langs.js';
import { updateUnlessStale } from './resource.js';

type TitleUrlLangTable = LangTable & { title_url: AnyPgColumn };

/**
 * The saves of a resource whose records have a title_url per locale (news, galleries, references, partners):
 * each create or update runs in one transaction under the title_url lock, reports the resource's own rules and
 * every taken title_url at once as a 422 before anything is written, writes the main row (an update only where
 * updated_at still matches: else 409), both language rows (rich text sanitised) and then the record's links. Each
 * runs in the transaction of the operation that calls it (resources/operations.ts).
 */
export function titledResource<
  F extends string,
  I extends { langs: Langs<Record<F, string> & { title_url: string }>; updated_at?: string },
>(spec: {
  tr: ReturnType<typeof translations<TitleUrlLangTable, F | 'title_url'>>;
  /** The main row's columns from the input. */
  values: (input: I) => Record<string, unknown>;
  /** The resource's own rules beyond the schema: `{field: [message key]}`, empty when the input is fine. */
  errors?: (tx: Tx, input: I, id: number) => Promise<Record<string, string[]>>;
  /** Writes what hangs off the record (links), after the main and language rows. */
  details?: (tx: Tx, id: number, input: I) => Promise<void>;
}) {
  const { tr } = spec;
  const owner = tr.owner;

  const check = async (tx: Tx, input: I, id: number) => {
    const errors = { ...(await spec.errors?.(tx, input, id)), ...(await titleUrlErrors(tx, tr, input.langs, id)) };
    if (Object.keys(errors).length > 0) throw invalid(errors);
  };

  return {
    /** Creates a record; with `reserved` (an id reserved for its files, docs/features/media-storage.md) under that id. */
    async create(tx: Tx, input: I, reserved?: number): Promise<number> {
      await lockTitleUrls(tx, tr);
      await check(tx, input, 0);
      const values = { ...spec.values(input), ...(reserved === undefined ? {} : { id: reserved }) };
      const [row] = await tx.insert(owner).values(values).returning({ id: owner.id });
      if (!row) throw new Error('insert returned no row');
      const id = Number(row.id);
      await tr.write(tx, id, input.langs);
      await spec.details?.(tx, id, input);
      return id;
    },

    /** Saves a record; when the caller's updated_at is older than the row's, nothing is written (409). */
    async update(tx: Tx, id: number, input: I): Promise<void> {
      await lockTitleUrls(tx, tr);
      await check(tx, input, id);
      await updateUnlessStale(tx, owner, id, input.updated_at, spec.values(input));
      await tr.write(tx, id, input.langs);
      await spec.details?.(tx, id, input);
    },

    /** A removed record comes back only while its title_urls are still free (422 errors.titleUrlUnique). */
    async checkRestore(tx: Tx, id: number): Promise<void> {
      const errors = await titleUrlErrors(tx, tr, await tr.read(tx, id), id);
      if (Object.keys(errors).length > 0) throw invalid(errors);
    },

    /** Whether `value` is free as the title_url of `lang` for record `id` (0 = a new record). */
    async titleUrlFree(db: Db, value: string, lang: Locale, id = 0): Promise<boolean> {
      return !(await titleUrlTaken(db, tr, { value, lang, exceptId: id }));
    },
  };
}

/** The publishing window of an input as the row stores it. */
export const publishingValues = (input: {
  status: boolean;
  publish_up: string | null;
  publish_down: string | null;
}) => ({
  status: input.status,
  publish_up: input.publish_up ? new Date(input.publish_up) : null,
  publish_down: input.publish_down ? new Date(input.publish_down) : null,
});
