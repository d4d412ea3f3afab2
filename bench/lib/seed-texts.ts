// The data of the text-list benchmark: 10 000 texts in both locales, seeded deterministically.
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { textLangs, textPositionLinks, texts } from '../../apps/server/src/db/schema.js';
import { mulberry32 } from '../../apps/server/src/seed/random.js';
import { TEXT_POSITIONS } from '../../apps/server/src/seed/reference.js';

export const TEXTS = 10_000;
const CHUNK = 2_500; // rows per INSERT statement (well under PostgreSQL's 65 535 bind parameters)
export const SEARCH_WORD = 'lighthouse'; // in the English title of every 10th text

const EN_ADJ = ['Quiet', 'Bright', 'Northern', 'Annual', 'Green', 'Modern', 'Small', 'Open', 'Golden', 'Winter'];
const EN_NOUN = ['garden', 'bridge', 'market', 'river', 'school', 'museum', 'station', 'meadow', 'castle', 'harbour'];
const SK_ADJ = ['Tichá', 'Jasná', 'Severná', 'Ročná', 'Zelená', 'Moderná', 'Malá', 'Otvorená', 'Zlatá', 'Zimná'];
const SK_NOUN = ['záhrada', 'lávka', 'tržnica', 'rieka', 'škola', 'galéria', 'stanica', 'lúka', 'veža', 'prístav'];
/** The title words (the Slovak lists translate the English ones word for word); the page data uses them too. */
export const TITLE_WORDS = { EN_ADJ, EN_NOUN, SK_ADJ, SK_NOUN };

/** 10 000 texts, both language rows, 1–2 positions each, in a few multi-row INSERTs inside one transaction. */
export async function seedTexts(database: Database) {
  const rand = mulberry32(20_240_601);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const now = Date.now();
  const textRows: (typeof texts.$inferInsert)[] = [];
  const langRows: (typeof textLangs.$inferInsert)[] = [];
  const linkRows: (typeof textPositionLinks.$inferInsert)[] = [];
  for (let id = 1; id <= TEXTS; id++) {
    const updated = new Date(now - Math.floor(rand() * 365 * 24 * 3600_000));
    const created = new Date(updated.getTime() - Math.floor(rand() * 90 * 24 * 3600_000));
    textRows.push({ id, status: rand() >= 0.2, created_at: created, updated_at: updated });
    const marked = id % 10 === 0;
    const en = `${pick(EN_ADJ)} ${pick(EN_NOUN)}${marked ? ` by the ${SEARCH_WORD}` : ''} no. ${id}`;
    const sk = `${pick(SK_ADJ)} ${pick(SK_NOUN)}${marked ? ' pri majáku' : ''} č. ${id}`;
    langRows.push(
      { text_id: id, language_code: 'sk', title: sk, content: `<p>${sk}: krátky text na stránku.</p>` },
      { text_id: id, language_code: 'en', title: en, content: `<p>${en}: a short text for the page.</p>` },
    );
    const first = 1 + Math.floor(rand() * TEXT_POSITIONS.length);
    linkRows.push({ text_id: id, position_id: first });
    if (rand() < 0.5) linkRows.push({ text_id: id, position_id: 1 + (first % TEXT_POSITIONS.length) });
  }
  let statements = 0;
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < textRows.length; i += CHUNK, statements++)
      await tx.insert(texts).values(textRows.slice(i, i + CHUNK));
    for (let i = 0; i < langRows.length; i += CHUNK, statements++)
      await tx.insert(textLangs).values(langRows.slice(i, i + CHUNK));
    for (let i = 0; i < linkRows.length; i += CHUNK, statements++)
      await tx.insert(textPositionLinks).values(linkRows.slice(i, i + CHUNK));
    await tx.execute(sql`select setval(pg_get_serial_sequence('texts', 'id'), (select max(id) from texts))`);
  });
  return { statements, links: linkRows.length };
}
