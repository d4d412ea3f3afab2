import {
  type ListResponse,
  type Locale,
  REFERENCE_CATEGORY_MODULE,
  REFERENCE_DEFAULT_SORT,
  REFERENCE_RICH_TEXT,
  REFERENCE_SORTS,
  type ReferenceInput,
  type ReferenceRecord,
  type ReferenceRow,
  referenceLangShape,
} from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  referenceCategories,
  referenceGalleries,
  referenceLangs,
  referenceSimilars,
  references,
} from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { translations } from '../../resources/langs.js';
import { links, relatedLinks } from '../../resources/links.js';
import { type ContentListQuery, iso, translatedList } from '../../resources/list.js';
import type { ContentWrites } from '../../resources/operations.js';
import { publishingValues, titledResource } from '../../resources/titled.js';
import { canReference } from './policy.js';

export const referenceLangRows = translations({
  owner: references,
  table: referenceLangs,
  ownerColumn: referenceLangs.reference_id,
  fields: Object.keys(referenceLangShape) as (keyof typeof referenceLangShape)[],
  richText: REFERENCE_RICH_TEXT,
  addressKind: 'reference',
});

/** Categories of REFERENCE_CATEGORY_MODULE, galleries and similar references (docs/spec-index.md S2.3 Reference). */
const related = relatedLinks({
  owner: references,
  categoryModule: REFERENCE_CATEGORY_MODULE,
  links: {
    categories: links(referenceCategories, referenceCategories.reference_id, referenceCategories.category_id),
    galleries: links(referenceGalleries, referenceGalleries.reference_id, referenceGalleries.gallery_id),
    similars: links(referenceSimilars, referenceSimilars.reference_id, referenceSimilars.similar_id),
  },
});

/** The references' categories, for the list's bulk "assign a category" (resources/assign-category.ts). */
export const referenceCategorySpec = { links: related.links.categories, module: REFERENCE_CATEGORY_MODULE };

/** The reference list in each language: the columns a page shows and the expression behind each sort. */
const referenceList = translatedList(referenceLangRows, {
  columns: () => ({
    select: {
      id: references.id,
      title: referenceLangs.title,
      status: references.status,
      amount: references.amount,
      order: references.order,
      updated_at: references.updated_at,
      deleted_at: references.deleted_at,
    },
    sorts: {
      updated_at: references.updated_at,
      title: referenceLangs.title,
      status: references.status,
      amount: references.amount,
      order: references.order,
      id: references.id,
    },
  }),
  allowedSorts: REFERENCE_SORTS,
  defaultSort: REFERENCE_DEFAULT_SORT,
});

/** The reference list: one page in the caller's language, newest change first unless asked otherwise. */
export async function listReferences(
  db: Db,
  query: ContentListQuery,
  lang: Locale,
): Promise<ListResponse<ReferenceRow>> {
  const { rows, meta } = await referenceList(db, { query, lang });
  return {
    data: rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString(), deleted_at: iso(r.deleted_at) })),
    meta,
  };
}

/** One reference with both language versions and its links; a removed one has deleted_at. */
export async function getReference(db: Db, id: number): Promise<ReferenceRecord> {
  const [row] = await db.select().from(references).where(eq(references.id, id)).limit(1);
  if (!row) throw notFound();
  return {
    id: row.id,
    status: row.status,
    image: row.image,
    amount: row.amount,
    order: row.order,
    publish_up: iso(row.publish_up),
    publish_down: iso(row.publish_down),
    langs: await referenceLangRows.read(db, id),
    ...(await related.read(db, id)),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
  };
}

/** Create, update, restore check and title_url check of references. */
export const referenceWrites = titledResource({
  tr: referenceLangRows,
  values: (input: ReferenceInput) => ({ ...publishingValues(input), amount: input.amount, order: input.order }),
  errors: (tx, input, id) => related.errors(tx, input, id),
  details: (tx, id, input) => related.write(tx, id, input),
});

/** Reference records as the operations write them (resources/operations.ts). */
export const referenceResource = (db: Db): ContentWrites<ReferenceInput> => ({
  db,
  image: { media: 'reference' },
  table: references,
  model: 'Reference',
  can: canReference,
  read: getReference,
  ...referenceWrites,
});
