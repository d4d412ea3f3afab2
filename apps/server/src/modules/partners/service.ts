import {
  type ListResponse,
  type Locale,
  PARTNER_DEFAULT_SORT,
  PARTNER_RICH_TEXT,
  PARTNER_SORTS,
  type PartnerInput,
  type PartnerRecord,
  type PartnerRow,
  partnerLangShape,
} from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { partnerLangs, partners } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { translations } from '../../resources/langs.js';
import { type ContentListQuery, iso, translatedList } from '../../resources/list.js';
import type { ContentWrites } from '../../resources/operations.js';
import { publishingValues, titledResource } from '../../resources/titled.js';
import { canPartner } from './policy.js';

export const partnerLangRows = translations({
  owner: partners,
  table: partnerLangs,
  ownerColumn: partnerLangs.partner_id,
  fields: Object.keys(partnerLangShape) as (keyof typeof partnerLangShape)[],
  richText: PARTNER_RICH_TEXT,
});

/** The partner list in each language: the columns a page shows and the expression behind each sort. */
const partnerList = translatedList(partnerLangRows, {
  columns: () => ({
    select: {
      id: partners.id,
      title: partnerLangs.title,
      status: partners.status,
      order: partners.order,
      updated_at: partners.updated_at,
      deleted_at: partners.deleted_at,
    },
    sorts: {
      order: partners.order,
      title: partnerLangs.title,
      status: partners.status,
      updated_at: partners.updated_at,
      id: partners.id,
    },
  }),
  allowedSorts: PARTNER_SORTS,
  defaultSort: PARTNER_DEFAULT_SORT,
});

/** The partner list: one page in the caller's language, by order unless asked otherwise. */
export async function listPartners(db: Db, query: ContentListQuery, lang: Locale): Promise<ListResponse<PartnerRow>> {
  const { rows, meta } = await partnerList(db, { query, lang });
  return {
    data: rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString(), deleted_at: iso(r.deleted_at) })),
    meta,
  };
}

/** One partner with both language versions; a removed one has deleted_at. */
export async function getPartner(db: Db, id: number): Promise<PartnerRecord> {
  const [row] = await db.select().from(partners).where(eq(partners.id, id)).limit(1);
  if (!row) throw notFound();
  return {
    id: row.id,
    status: row.status,
    image: row.image,
    order: row.order,
    publish_up: iso(row.publish_up),
    publish_down: iso(row.publish_down),
    langs: await partnerLangRows.read(db, id),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
  };
}

/** Create, update, restore check and title_url check of partners. */
export const partnerWrites = titledResource({
  tr: partnerLangRows,
  values: (input: PartnerInput) => ({ ...publishingValues(input), order: input.order }),
});

/** Partner records as the operations write them (resources/operations.ts). */
export const partnerResource = (db: Db): ContentWrites<PartnerInput> => ({
  db,
  image: { media: 'partner' },
  table: partners,
  model: 'Partner',
  can: canPartner,
  read: getPartner,
  ...partnerWrites,
});
