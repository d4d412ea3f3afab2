import { LOCALES, type Locale } from '@backoffice/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { oldAddresses } from '../db/schema.js';

/** The kinds of record whose title_url is an address of the public site, as `old_addresses.kind` names them. */
export type AddressKind = 'page' | 'article' | 'reference' | 'gallery';

/**
 * Keeps the title_urls a save changed (docs/features/public-site.md "Old addresses"): each locale's previous value
 * now names this record in `old_addresses`, taken over from any record that held it before; the new value stops
 * being an old address of anything. Runs in the save's transaction.
 */
export async function keepOldAddresses(
  tx: Tx,
  kind: AddressKind,
  id: number,
  before: Partial<Record<Locale, string>>,
  after: Record<Locale, string>,
): Promise<void> {
  for (const locale of LOCALES) {
    const old = before[locale];
    const now = after[locale];
    if (!old || old === now) continue;
    await tx
      .delete(oldAddresses)
      .where(and(eq(oldAddresses.kind, kind), eq(oldAddresses.language_code, locale), eq(oldAddresses.title_url, now)));
    await tx
      .insert(oldAddresses)
      .values({ kind, language_code: locale, title_url: old, record_id: id })
      .onConflictDoUpdate({
        target: [oldAddresses.kind, oldAddresses.language_code, oldAddresses.title_url],
        set: { record_id: id, created_at: sql`now()` },
      });
  }
}
