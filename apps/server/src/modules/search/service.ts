import type { Locale, SearchHit, SearchQuery, SearchType } from '@backoffice/shared';
import { LOCALES, SEARCH, searchUrl } from '@backoffice/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  articleLangs,
  articles,
  categories,
  categoryLangs,
  folded,
  formContacts,
  formPrices,
  formRegistrations,
  galleries,
  galleryLangs,
  mailTemplateLangs,
  mailTemplates,
  pageLangs,
  pages,
  panelLangs,
  panels,
  partnerLangs,
  partners,
  referenceLangs,
  references,
  textLangs,
  texts,
  users,
} from '../../db/schema.js';
import type { AuthUser } from '../../http/session.js';
import { openableUsers, searchableTypes } from './policy.js';

/**
 * Where a kind of record is searched: the rows (a FROM clause), the record's id, the title shown, the detail shown
 * after it (an e-mail), the locale of the title, the live-rows condition and the values matched, each folded by an
 * expression that one of the search indexes holds (db/schema/base.ts `foldedSearchIndexes`).
 */
interface Source {
  type: SearchType;
  from: SQL;
  id: SQL | AnyPgColumn;
  title: SQL | AnyPgColumn;
  detail?: AnyPgColumn;
  locale?: AnyPgColumn;
  where: SQL;
  /** Rows per record: a translated record has a title in each locale. */
  rowsPerRecord: number;
  /** The values matched; `words: false` for a value without spaces (an e-mail), where no word starts inside. */
  fields: { value: SQL | AnyPgColumn; words?: boolean }[];
}

/** A translated resource: its `*_langs` titles in both locales, joined to the live records (the trash is left out). */
function titled(
  type: SearchType,
  langs: { title: AnyPgColumn; language_code: AnyPgColumn },
  owner: AnyPgColumn,
  table: { id: AnyPgColumn; deleted_at: AnyPgColumn },
): Source {
  return {
    type,
    from: sql`${langs} join ${table} on ${table.id} = ${owner}`,
    id: owner,
    title: langs.title,
    locale: langs.language_code,
    where: sql`${table.deleted_at} is null`,
    rowsPerRecord: LOCALES.length,
    fields: [{ value: langs.title }],
  };
}

const fullName = sql`${users.name} || ' ' || ${users.surname}`;

/** A form submission: its name, e-mail and company (a contact message) or contact person (price offer, registration). */
function submission(
  type: SearchType,
  table: typeof formContacts | typeof formPrices | typeof formRegistrations,
  third: AnyPgColumn,
): Source {
  return {
    type,
    from: sql`${table}`,
    id: table.id,
    title: table.name,
    detail: table.email,
    where: sql`${table.deleted_at} is null`,
    rowsPerRecord: 1,
    fields: [{ value: table.name }, { value: table.email, words: false }, { value: third }],
  };
}

const SOURCES: Record<SearchType, Source> = {
  page: titled('page', pageLangs, pageLangs.page_id, pages),
  text: titled('text', textLangs, textLangs.text_id, texts),
  category: titled('category', categoryLangs, categoryLangs.category_id, categories),
  panel: titled('panel', panelLangs, panelLangs.panel_id, panels),
  news: titled('news', articleLangs, articleLangs.article_id, articles),
  gallery: titled('gallery', galleryLangs, galleryLangs.gallery_id, galleries),
  reference: titled('reference', referenceLangs, referenceLangs.reference_id, references),
  partner: titled('partner', partnerLangs, partnerLangs.partner_id, partners),
  mail: titled('mail', mailTemplateLangs, mailTemplateLangs.template_id, mailTemplates),
  user: {
    type: 'user',
    from: sql`${users}`,
    id: users.id,
    title: fullName,
    detail: users.email,
    where: sql`${users.deleted_at} is null`,
    rowsPerRecord: 1,
    fields: [{ value: fullName }, { value: users.email, words: false }],
  },
  contact: submission('contact', formContacts, formContacts.company),
  price: submission('price', formPrices, formPrices.contact),
  registration: submission('registration', formRegistrations, formRegistrations.contact),
};

/**
 * How the search statement is planned, for its transaction only: no table read from end to end (every part has an
 * index, whatever the planner's statistics say; PGlite has no autovacuum to keep them), and each record joined to
 * its owner row by row, so a part stops at its limit (a hash join first reads every match of a common word);
 * no parallel workers, whose start costs more than a part's few rows.
 */
export const PLANNER_SETTINGS = sql`select set_config('enable_seqscan', 'off', true),
  set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true),
  set_config('max_parallel_workers_per_gather', '0', true)`;

/** How good a hit is: lower first; `words`: every word of the query, in another order. */
const RANK = { exact: 0, prefix: 1, word: 2, inside: 3, words: 4 } as const;

/** The highest code point: every string that starts with the query sorts below the query followed by it. */
const LAST_CHAR = String.fromCodePoint(0x10ffff);
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The statements of one source, each served by an index and stopped at `limit` rows: per value, the exact value
 * and its prefixes in the order of the C-collation btree; then, through the trigram indexes, a value with a word
 * that starts with the query, and a value holding it anywhere. The last two are unordered: the database stops at
 * the first `limit` rows instead of reading every match of a common word. Each also admits the values that start
 * with the query (found by the first statements already): otherwise a query that starts most values ("item" in
 * "Item 1", "Item 2", …) would have its trigrams in every row and the database would recheck them all for none.
 */
function partsOf(source: Source, q: string, wanted: number, rowFilter?: SQL): { ordered: SQL[]; found: SQL[] } {
  // Enough rows for `wanted` records even when both titles of each match.
  const limit = wanted * source.rowsPerRecord;
  const query = folded(sql`${q}::text`);
  const where = rowFilter ? sql`${source.where} and ${rowFilter}` : source.where;
  const select = (rank: SQL) =>
    sql`select ${source.type}::text as type, ${source.id} as id, ${source.title} as title,
      ${source.detail ?? sql`null`}::text as detail, ${source.locale ?? sql`null`}::text as locale, ${rank} as rank
      from ${source.from}`;
  const ordered = source.fields.map(({ value }) => {
    const sorted = sql`(${folded(value)} collate "C")`;
    return sql`(${select(sql`case when ${folded(value)} = ${query} then ${RANK.exact} else ${RANK.prefix} end`)}
      where ${sorted} >= ${query} and ${sorted} < ${query} || ${LAST_CHAR}::text and ${where}
      order by ${sorted} limit ${limit})`;
  });
  // A trigram search needs letters or digits (SEARCH.wordMin): a trigram of one or two is in most rows, and without
  // any the database would read the whole index.
  const length = [...q].filter((c) => /[\p{L}\p{N}]/u.test(c)).length;
  const pattern = escapeLike(q);
  const like = (value: SQL | AnyPgColumn, text: string) => sql`${folded(value)} like ${folded(sql`${text}::text`)}`;
  const any = (values: (SQL | AnyPgColumn)[], text: string) =>
    sql.join(
      values.map((value) => like(value, text)),
      sql` or `,
    );
  const words = source.fields.filter((field) => field.words !== false).map((field) => field.value);
  const found: SQL[] = [];
  if (length >= SEARCH.wordMin && words.length) {
    found.push(
      sql`${select(sql`${RANK.word}`)} where (${any(words, `${pattern}%`)} or ${any(words, `% ${pattern}%`)}) and ${where}`,
    );
  }
  if (length >= SEARCH.containsMin) {
    const values = source.fields.map((field) => field.value);
    found.push(sql`${select(sql`${RANK.inside}`)} where (${any(values, `%${pattern}%`)}) and ${where}`);
  }
  // Several words in any order ("zlta polozka" finds "Položka Žltá"): each inside the same value. One of them long
  // enough for the trigram index serves the part; the others are checked on its rows.
  const terms = q.split(' ');
  const served = terms.some((term) => [...term].filter((c) => /[\p{L}\p{N}]/u.test(c)).length >= SEARCH.containsMin);
  if (terms.length > 1 && served) {
    const all = (value: SQL | AnyPgColumn) =>
      sql`(${sql.join(
        terms.map((term) => like(value, `%${escapeLike(term)}%`)),
        sql` and `,
      )})`;
    const values = source.fields.filter((field) => field.words !== false).map((field) => field.value);
    if (values.length)
      found.push(sql`${select(sql`${RANK.words}`)} where (${sql.join(values.map(all), sql` or `)}) and ${where}`);
  }
  return { ordered, found };
}

interface HitRow extends Record<string, unknown> {
  type: SearchType;
  id: number;
  title: string;
  detail: string | null;
  locale: Locale | null;
  rank: number;
}

/**
 * The search everything (docs/features/search.md): the best `limit` hits among the records the user may open, one
 * per record (its best title; the request's locale on a tie), ranked exact → prefix → word → anywhere, then the
 * shorter title first. One statement, every part of it stopped early by its index.
 */
export function searchStatement(
  user: AuthUser,
  query: SearchQuery,
  lang: Locale,
  only: 'prefixes' | 'all' = 'all',
): SQL | undefined {
  const q = query.q;
  const people = openableUsers(user);
  const parts = searchableTypes(user).map((type) => {
    const source = SOURCES[type];
    const rowFilter =
      type === 'user' && !('all' in people)
        ? sql`(${users.id} = ${people.self} or ${users.role_id} in (${sql.join(people.roles, sql`, `)}))`
        : undefined;
    return { limit: query.limit * source.rowsPerRecord, ...partsOf(source, q, query.limit, rowFilter) };
  });
  if (parts.length === 0) return undefined;
  // The unordered parts are materialized CTEs: the database plans each for all its rows (through the trigram
  // index when the matches are few) yet reads it only until the `limit` above it is met. Planned as a subquery
  // under a LIMIT, a part expected to match often was read from the table's start, row by row, instead.
  const found = only === 'all' ? parts.flatMap((part) => part.found.map((body) => ({ body, limit: part.limit }))) : [];
  const ctes = found.map(({ body }, i) => sql`${sql.raw(`found_${i}`)} as materialized (${body})`);
  const selects = [
    ...parts.flatMap((part) => part.ordered),
    ...found.map(({ limit }, i) => sql`(select * from ${sql.raw(`found_${i}`)} limit ${limit})`),
  ];
  const statement = sql`${ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``}
    select type, id, title, detail, locale, rank from (
      select distinct on (type, id) * from (${sql.join(selects, sql` union all `)}) hits
      order by type, id, rank, locale = ${lang} desc
    ) best
    order by rank, length(title), title, type, id
    limit ${query.limit}`;
  return statement;
}

/**
 * The hits of `searchStatement`, as the API answers them. The exact values and prefixes are asked first, from the
 * btrees alone: when they fill the limit, nothing else could rank above them, and the trigram parts (whose common
 * trigrams, "polozka" in every Slovak title, cost the most) are not run.
 */
export async function search(db: Db, user: AuthUser, query: SearchQuery, lang: Locale): Promise<SearchHit[]> {
  const prefixes = searchStatement(user, query, lang, 'prefixes');
  const all = searchStatement(user, query, lang);
  if (!prefixes || !all) return [];
  const result = await db.transaction(async (tx) => {
    await tx.execute(PLANNER_SETTINGS);
    const first = (await tx.execute(prefixes)) as unknown as { rows: HitRow[] };
    if (first.rows.length >= query.limit) return first;
    return (await tx.execute(all)) as unknown as { rows: HitRow[] };
  });
  return result.rows.map((row) => ({
    type: row.type,
    id: Number(row.id),
    title: row.detail && row.detail !== row.title ? `${row.title} · ${row.detail}` : row.title,
    locale: row.locale,
    url: searchUrl(row.type, Number(row.id)),
  }));
}
