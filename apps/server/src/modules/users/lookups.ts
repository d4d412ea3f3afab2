import { countryOptionSchema, dataResponse, type LangOption, type Locale, langOptionSchema } from '@backoffice/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { countries, countryLangs, roleLangs, roles } from '../../db/schema.js';
import { authorizer } from '../../http/policy.js';
import { authenticate } from '../../http/session.js';
import { canUsers } from './policy.js';

/** A country option (docs/spec-index.md S2.3: countries are a lookup with id and name). */
export interface CountryOption {
  id: number;
  name: string;
}

/** The roles with their title in `lang` (`GET /api/role`). */
export async function roleOptions(db: Db, lang: Locale): Promise<LangOption[]> {
  const rows = await db
    .select({ id: roles.id, title: roleLangs.title })
    .from(roles)
    .leftJoin(roleLangs, and(eq(roleLangs.role_id, roles.id), eq(roleLangs.language_code, lang)))
    .orderBy(asc(roles.id));
  return rows.map((r) => ({ id: r.id, lang: { title: r.title ?? String(r.id) } }));
}

/** The home country of the site, listed first in Slovak. */
const HOME_COUNTRY = 'SK';

/**
 * The countries by name in `lang`, compared the way that language sorts (Č after C in Slovak), whatever the
 * database's collation; in Slovak, Slovakia comes first.
 */
export async function countryOptions(db: Db, lang: Locale): Promise<CountryOption[]> {
  const rows = await db
    .select({ id: countries.id, code: countries.code, name: countryLangs.name })
    .from(countries)
    .innerJoin(countryLangs, and(eq(countryLangs.country_id, countries.id), eq(countryLangs.language_code, lang)));
  const collator = new Intl.Collator(lang);
  const home = (code: string) => (lang === 'sk' && code === HOME_COUNTRY ? 0 : 1);
  return rows
    .sort((a, b) => home(a.code) - home(b.code) || collator.compare(a.name, b.name))
    .map((r) => ({ id: r.id, name: r.name }));
}

/** `GET /api/role` and `GET /api/country`: the option lists of the user form (docs/spec-index.md S2.7), for every staff member. */
export const lookupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const allow = authorizer(canUsers);
  app.addHook('onRequest', authenticate);
  app.get(
    '/api/role',
    { config: allow.roles('view'), schema: { response: { 200: dataResponse(langOptionSchema) } } },
    async (request) => {
      allow(request, 'view');
      return { data: await roleOptions(ctx.db, request.lang) };
    },
  );
  app.get(
    '/api/country',
    { config: allow.roles('view'), schema: { response: { 200: dataResponse(countryOptionSchema) } } },
    async (request) => {
      allow(request, 'view');
      return { data: await countryOptions(ctx.db, request.lang) };
    },
  );
};
