import { createRequire } from 'node:module';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { countries, countryLangs } from '../db/schema.js';

interface CountryNames {
  registerLocale(data: unknown): void;
  getNames(lang: string, options: { select: 'official' }): Record<string, string>;
}

/** Every ISO 3166-1 country with its names in sk and en, from the maintained `i18n-iso-countries` data. */
function isoCountries(): { code: string; sk: string; en: string }[] {
  const require = createRequire(import.meta.url);
  // The library's core plus only the two locales we need (its node entry would load every locale it ships).
  const names = require('i18n-iso-countries/index.js') as CountryNames;
  names.registerLocale(require('i18n-iso-countries/langs/sk.json'));
  names.registerLocale(require('i18n-iso-countries/langs/en.json'));
  const sk = names.getNames('sk', { select: 'official' });
  const en = names.getNames('en', { select: 'official' });
  return Object.keys(en).map((code) => ({ code, sk: sk[code] ?? en[code] ?? code, en: en[code] ?? code }));
}

/** Seeds the countries (`GET /api/country`); a table that already holds them all is left as it is. */
export async function seedCountries(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(countries);
  const all = isoCountries();
  if ((existing?.n ?? 0) >= all.length) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(countries)
      .values(all.map((c) => ({ code: c.code })))
      .onConflictDoNothing();
    const ids = new Map((await tx.select().from(countries)).map((row) => [row.code, row.id]));
    await tx
      .insert(countryLangs)
      .values(
        all.flatMap((c) => {
          const id = ids.get(c.code);
          return id === undefined
            ? []
            : [
                { country_id: id, language_code: 'sk', name: c.sk },
                { country_id: id, language_code: 'en', name: c.en },
              ];
        }),
      )
      .onConflictDoNothing();
  });
}
