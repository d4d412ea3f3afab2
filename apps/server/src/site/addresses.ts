import type { Locale } from '@backoffice/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import {
  articleLangs,
  articles,
  galleries,
  galleryLangs,
  oldAddresses,
  pageLangs,
  pages,
  referenceLangs,
  references,
} from '../db/schema.js';
import type { AddressKind } from '../resources/old-addresses.js';
import { galleryUrl, newsUrl, pageUrl, referenceUrl } from './parts.js';
import { publishedAt, type TitledKind } from './service.js';

/** A kind of record with its own address on the site (`/{locale}/…/{title_url}`). */
export interface SiteKind extends TitledKind {
  owner: TitledKind['owner'] & { updated_at: AnyPgColumn };
  urlOf: (locale: Locale, titleUrl: string) => string;
  /** How `old_addresses` names the kind. */
  addressKind: AddressKind;
  /** Rows of this kind that have no page of their own (a page that only redirects). */
  without?: SQL;
}

/** The kinds in the order the sitemap lists them; their names are the sitemap index's file names. */
export const SITE_KINDS = {
  pages: {
    owner: pages,
    langs: pageLangs,
    langOwner: pageLangs.page_id,
    urlOf: pageUrl,
    addressKind: 'page',
    without: sql`coalesce(trim(${pages.redirect}), '') = ''`,
  },
  news: {
    owner: articles,
    langs: articleLangs,
    langOwner: articleLangs.article_id,
    urlOf: newsUrl,
    addressKind: 'article',
  },
  references: {
    owner: references,
    langs: referenceLangs,
    langOwner: referenceLangs.reference_id,
    urlOf: referenceUrl,
    addressKind: 'reference',
  },
  galleries: {
    owner: galleries,
    langs: galleryLangs,
    langOwner: galleryLangs.gallery_id,
    urlOf: galleryUrl,
    addressKind: 'gallery',
  },
} satisfies Record<string, SiteKind>;
export type SiteKindName = keyof typeof SITE_KINDS;
export const isSiteKind = (name: string): name is SiteKindName => Object.hasOwn(SITE_KINDS, name);

/**
 * Where an old address of `kind` in `locale` leads now (docs/features/public-site.md "Old addresses"): the address of
 * the live record that had `titleUrl` before a save changed it, or undefined. The row names the record, so a chain
 * of changes is one redirect. Only a published record's: an unpublished one's new address is not given away.
 */
export async function movedAddress(db: Db, kind: SiteKind, locale: Locale, titleUrl: string) {
  const [row] = await db
    .select({ titleUrl: kind.langs.title_url })
    .from(oldAddresses)
    .innerJoin(kind.owner, and(eq(kind.owner.id, oldAddresses.record_id), publishedAt(kind.owner, new Date())))
    .innerJoin(kind.langs, and(eq(kind.langOwner, kind.owner.id), eq(kind.langs.language_code, locale)))
    .where(
      and(
        eq(oldAddresses.kind, kind.addressKind),
        eq(oldAddresses.language_code, locale),
        eq(oldAddresses.title_url, titleUrl),
      ),
    )
    .limit(1);
  return row && row.titleUrl !== titleUrl ? kind.urlOf(locale, String(row.titleUrl)) : undefined;
}
