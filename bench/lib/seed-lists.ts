// The data of the lists benchmark: BIG rows of news articles and SMALL rows of every other list, generated inside
// the database (one INSERT … SELECT per table). A column the benchmark does not care about gets a value of its
// type, so the seed follows the schema without naming every column. Every 100th title (and name) holds
// SEARCH_COMMON, every 10,000th SEARCH_RARE: searches matching 1 % and 0.01 % of a list.
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';

export const SEARCH_COMMON = 'zebra';
export const SEARCH_RARE = 'quokka';
const onPglite = (database: Database) => database.kind === 'pglite';
/** News articles: 1,000,000 on PostgreSQL; BENCH_BIG overrides (PGlite defaults to 100,000: its seed is slow). */
export const bigCount = (database: Database) =>
  Number(process.env.BENCH_BIG) || (onPglite(database) ? 100_000 : 1_000_000);
/** Every other list: 100,000 (BENCH_SMALL overrides; PGlite defaults to 20,000). */
export const smallCount = (database: Database) =>
  Number(process.env.BENCH_SMALL) || (onPglite(database) ? 20_000 : 100_000);

/** A list of the benchmark: its table, its language rows (with the owner column) or none, how many rows. */
export interface SeededList {
  table: string;
  langs?: { table: string; owner: string };
  rows: number;
}

const LISTS: { table: string; langs?: { table: string; owner: string }; big?: boolean }[] = [
  { table: 'articles', langs: { table: 'article_langs', owner: 'article_id' }, big: true },
  { table: 'texts', langs: { table: 'text_langs', owner: 'text_id' } },
  { table: 'pages', langs: { table: 'page_langs', owner: 'page_id' } },
  { table: 'categories', langs: { table: 'category_langs', owner: 'category_id' } },
  { table: 'panels', langs: { table: 'panel_langs', owner: 'panel_id' } },
  { table: 'galleries', langs: { table: 'gallery_langs', owner: 'gallery_id' } },
  { table: 'reference_entries', langs: { table: 'reference_langs', owner: 'reference_id' } },
  { table: 'partners', langs: { table: 'partner_langs', owner: 'partner_id' } },
  { table: 'users' },
  { table: 'form_contacts' },
  { table: 'form_prices' },
  { table: 'form_registrations' },
];

/** A word that 1 % (every 100th row) or 0.01 % (every 10,000th) of the texts hold. */
const marked = `case when g % 10000 = 0 then ' ${SEARCH_RARE}' when g % 100 = 0 then ' ${SEARCH_COMMON}' else '' end`;

/**
 * When row `g` of `count` was created and last changed: `count - g` seconds ago, so that the rows come in the order a
 * site writes them, each newer than the one before. A B-tree filled in that order is packed: its index of the live
 * rows by last change took 29 MB for a million news. Filled from its other end (`g` seconds ago, as this seed did
 * before), every page split leaves two half-full pages: 53 MB, and the walk to page 25,000 read 3,428 pages instead
 * of 1,850 (bench/README.md, "The seed's order").
 */
const ageOf = (count: number) => `now() - (${count} - g) * interval '1 second'`;

/** The value of a column the benchmark names, else one of its type (null when the column may be null). */
function columnValue(
  column: { name: string; type: string; nullable: boolean; d: boolean },
  table: string,
  count: number,
): string | null {
  const named: Record<string, string> = {
    status: 'g % 5 <> 3',
    // Written in time order, the newest last, as a site's rows are (AGES).
    updated_at: ageOf(count),
    created_at: ageOf(count),
    deleted_at: 'case when g % 50 = 7 then now() else null end',
    // Translation state of the language rows (docs/features/translations.md): 1 % missing, 5 % outdated.
    missing: 'g % 100 = 11',
    outdated: 'g % 20 = 3',
    // …and the record's flags that follow from it, on the record and on both its language rows (`g` is the record's
    // row number in both inserts).
    translation_missing_sk: 'g % 100 = 11',
    translation_missing_en: 'g % 100 = 11',
    translation_outdated: 'g % 20 = 3',
    title: `'Item ' || g || ${marked}`,
    title_url: "'item-' || g",
    language_code: "case when g % 2 = 0 then 'sk' else 'en' end",
    name: `'Name' || (g % 997) || ${marked}`,
    surname: "'Surname' || (g % 991)",
    email: `'person' || g || '${table.slice(0, 4)}@example.com'`,
    company: `'Company ' || (g % 1009)`,
    contact: `'Contact ' || (g % 1013)`,
    role_id: '1 + g % 3',
    priority: 'g % 1000',
    order: 'g % 1000',
    amount: 'g % 100000',
  };
  if (column.name in named) return named[column.name];
  // A link to another table: none where it may be empty, else the first module (categories belong to one).
  if (column.name.endsWith('_id')) return column.nullable ? null : '(select min(id) from modules)';
  if (column.nullable || column.d) return null;
  if (/int|numeric|double|real/.test(column.type)) return 'g % 100';
  if (column.type === 'boolean') return 'false';
  if (/timestamp|date/.test(column.type)) return 'now()';
  if (/json/.test(column.type)) return "'{}'";
  return "'x'";
}

async function columnsOf(database: Database, table: string) {
  const result = (await database.db.execute(sql`
    select column_name as name, data_type as type, is_nullable = 'YES' as nullable, column_default is not null as d
    from information_schema.columns where table_schema = 'public' and table_name = ${table}
    order by ordinal_position`)) as unknown as {
    rows: { name: string; type: string; nullable: boolean; d: boolean }[];
  };
  return result.rows;
}

/** One INSERT … SELECT of `count` rows into `table` (ids 1…count), every column the seed names or must fill. */
async function insertRows(database: Database, table: string, count: number, fixed: Record<string, string> = {}) {
  const columns = (await columnsOf(database, table)).filter((c) => c.name !== 'id');
  const pairs = columns
    .map((c) => [c.name, fixed[c.name] ?? columnValue(c, table, count)])
    .filter((p): p is [string, string] => p[1] !== null);
  const names = pairs.map(([n]) => `"${n}"`).join(', ');
  const values = pairs.map(([, v]) => v).join(', ');
  await database.db.execute(
    sql.raw(`insert into "${table}" (${names}) select ${values} from generate_series(1, ${count}) g`),
  );
}
/** Seeds every list and answers what it seeded. */
export async function seedLists(database: Database): Promise<SeededList[]> {
  const seeded: SeededList[] = [];
  for (const list of LISTS) {
    const rows = list.big ? bigCount(database) : smallCount(database);
    // The reference data (the administrator, roles) is already there; the seeded rows come after it.
    const [{ n: before }] = (
      (await database.db.execute(sql.raw(`select coalesce(max(id), 0)::int as n from "${list.table}"`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    await insertRows(database, list.table, rows);
    if (list.langs) {
      for (const [lang, offset] of [
        ['sk', 1],
        ['en', 0],
      ] as const) {
        // Both locales' titles hold the words in the same rows: `g` is the owner's row number.
        await insertRows(database, list.langs.table, rows, {
          [list.langs.owner]: `${before} + g`,
          language_code: `'${lang}'`,
          title: `'${lang === 'sk' ? 'Položka' : 'Item'} ' || g || ${marked}`,
          title_url: `'item-' || g || '-${offset}'`,
        });
      }
    }
    seeded.push({ table: list.table, langs: list.langs, rows });
  }
  return seeded;
}
