// The data of the page-list benchmark: 100 000 pages in both locales, generated inside the database
// (generate_series, one INSERT … SELECT per table) and deterministic: every "random" choice is a hash of the row
// number, so every run and both targets hold the same rows.
import { MODULES } from '@backoffice/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { SEARCH_WORD, TITLE_WORDS } from './seed-texts.js';

export { SEARCH_WORD }; // in the English title of every 100th page

const { EN_ADJ, EN_NOUN, SK_ADJ, SK_NOUN } = TITLE_WORDS;

/** How many pages (BENCH_PAGES overrides, e.g. for a quick trial; page 500 needs at least 10 000). */
export const PAGES = Number(process.env.BENCH_PAGES) || 100_000;
export const SEARCH_EVERY = 100;
/** Every 20th page has a navigation node: 4 in 5 in the main menu, 1 in 5 in the footer, three levels deep. */
export const NAVIGATION_EVERY = 20;
const CATEGORIES_PER_MODULE = 10;
const MODULE_PERCENT = 10; // of pages host a module (with one of its categories)
const HIDDEN_PERCENT = 20; // status false
const REMOVED_PERCENT = 2; // soft-deleted

/** A number written into the statement (typed by PostgreSQL as a literal, not sent as an untyped parameter). */
const num = (v: number) => sql.raw(String(Math.trunc(v)));
/** A deterministic pseudo-random whole number in [0, n) for row `row` and stream `stream`. */
const rnd = (row: SQL, stream: number, n: number) => sql`abs(hashint4extended(${row}, ${num(stream)}) % ${num(n)})`;
const g = sql.raw('g');
const k = sql.raw('k');
/** The `i`-th word of a list (0-based), the list being sent once as a JSON parameter. */
const word = (list: string[], i: SQL) => sql`(${JSON.stringify(list)}::jsonb ->> ${i}::int)`;

const EN_SENTENCES = [
  'Opening hours, prices and how to get there',
  'Everything visitors ask about before their first visit',
  'A short history, written by the people who run it',
  'Events planned for this season and the next',
  'Contacts, accessibility and answers to common questions',
];
const SK_SENTENCES = [
  'Otváracie hodiny, ceny a ako sa k nám dostanete',
  'Všetko, čo sa návštevníci pýtajú pred prvou návštevou',
  'Krátka história, ktorú napísali ľudia, čo ju vedú',
  'Podujatia plánované na túto sezónu aj na ďalšiu',
  'Kontakty, bezbariérovosť a odpovede na časté otázky',
];

/**
 * 100 000 pages (about 2 % removed, 20 % hidden, 10 % hosting a module), their sk and en rows with teaser and a
 * few hundred characters to a kilobyte of content, a navigation node for every 20th page and 10 categories per
 * module, in one transaction.
 */
export async function seedPages(database: Database) {
  const modules = [MODULES.blog, MODULES.gallery];
  const moduleList = sql.raw(`array[${modules.join(', ')}]`);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into categories (id, module_id, status)
      select c, (${moduleList})[1 + (c - 1) / ${num(CATEGORIES_PER_MODULE)}], true
      from generate_series(1, ${num(modules.length * CATEGORIES_PER_MODULE)}) c`);
    await tx.execute(sql`
      insert into category_langs (category_id, language_code, title, title_url)
      select c, l.code, l.word || ' ' || c, l.slug || '-' || c
      from generate_series(1, ${num(modules.length * CATEGORIES_PER_MODULE)}) c
      cross join (values ('sk', 'Rubrika', 'rubrika'), ('en', 'Section', 'section')) l(code, word, slug)`);

    // The first page of each module hosts it without a category (only one may); the others narrow it by one.
    await tx.execute(sql`
      insert into pages (id, module_id, category_id, status, created_at, updated_at, deleted_at)
      select g, m.module_id,
        case when g > ${num(modules.length)} and m.module_id is not null
          then (m.module_id - 1) * ${num(CATEGORIES_PER_MODULE)} + 1 + ${rnd(g, 3, CATEGORIES_PER_MODULE)} end,
        ${rnd(g, 4, 100)} >= ${num(HIDDEN_PERCENT)},
        m.updated - ${rnd(g, 6, 90 * 24 * 3600)} * interval '1 second',
        m.updated,
        case when ${rnd(g, 7, 100)} < ${num(REMOVED_PERCENT)} then m.updated end
      from generate_series(1, ${num(PAGES)}) g
      cross join lateral (select
        case when g <= ${num(modules.length)} then (${moduleList})[g]
          when ${rnd(g, 1, 100)} < ${num(MODULE_PERCENT)} then (${moduleList})[1 + ${rnd(g, 2, modules.length)}] end
          as module_id,
        date_trunc('milliseconds', now()) - ${rnd(g, 5, 365 * 24 * 3600)} * interval '1 second' as updated) m`);

    const adj = rnd(g, 11, EN_ADJ.length);
    const noun = rnd(g, 12, EN_NOUN.length);
    const sentence = rnd(g, 13, EN_SENTENCES.length);
    await tx.execute(sql`
      insert into page_langs (page_id, language_code, title, title_url, content, teaser, meta_title, meta_description)
      select g, l.code, t.title, t.slug || '-' || g,
        '<h2>' || t.title || '</h2>' || repeat('<p>' || t.sentence || '. ' || t.title || '.</p>', 2 + ${rnd(g, 14, 6)}::int),
        '<p>' || t.sentence || ' – <strong>' || t.title || '</strong>.</p>',
        left(t.title, 60),
        left(t.sentence, 160)
      from generate_series(1, ${num(PAGES)}) g
      cross join (values ('sk'), ('en')) l(code)
      cross join lateral (select
        case l.code
          when 'en' then ${word(EN_ADJ, adj)} || ' ' || ${word(EN_NOUN, noun)}
            || case when g % ${num(SEARCH_EVERY)} = 0 then ${` by the ${SEARCH_WORD}`} else '' end || ' no. ' || g
          else ${word(SK_ADJ, adj)} || ' ' || ${word(SK_NOUN, noun)}
            || case when g % ${num(SEARCH_EVERY)} = 0 then ' pri majáku' else '' end || ' č. ' || g
        end as title,
        case l.code
          when 'en' then lower(${word(EN_ADJ, adj)} || '-' || ${word(EN_NOUN, noun)})
          else translate(lower(${word(SK_ADJ, adj)} || '-' || ${word(SK_NOUN, noun)}), 'áäčďéíĺľňóôŕšťúýž',
            'aacdeillnoorstuyz')
        end as slug,
        case l.code when 'en' then ${word(EN_SENTENCES, sentence)} else ${word(SK_SENTENCES, sentence)} end
          as sentence) t`);

    // Nodes 1–100 are top-level, 101–500 hang under one of those, the rest under one of 1–500; a parent is always
    // in the node's own group (k mod 5 decides the group, and the parent is k's residue plus a multiple of 5).
    await tx.execute(sql`
      insert into navigation_nodes (id, group_id, page_id, parent_id, position)
      select k,
        (select id from navigation_groups where label = case when k % 5 = 0 then 'footer' else 'main' end),
        k * ${num(NAVIGATION_EVERY)},
        case when k <= 100 then null
          when k <= 500 then b.base + 5 * ${rnd(k, 8, 20)}
          else b.base + 5 * ${rnd(k, 9, 100)} end,
        k
      from generate_series(1, ${num(PAGES / NAVIGATION_EVERY)}) k
      cross join lateral (select case when k % 5 = 0 then 5 else k % 5 end as base) b`);

    for (const table of ['categories', 'pages', 'navigation_nodes'])
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
      );
  });
  const result = (await database.db.execute(sql`
    select (select count(*)::int from page_langs) as langs,
      (select count(*)::int from navigation_nodes) as nodes,
      (select count(*)::int from pages where module_id is not null) as hosting,
      (select count(*)::int from pages where deleted_at is not null) as removed`)) as unknown as {
    rows: { langs: number; nodes: number; hosting: number; removed: number }[];
  };
  const [counts] = result.rows;
  return counts;
}
