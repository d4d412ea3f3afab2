import type { LangOption, Locale } from '@backoffice/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { moduleLangs, modules } from '../../db/schema.js';

/** The modules with their title in `lang` (docs/spec-index.md S1.7 Options: GET /api/module). */
export async function moduleOptions(db: Db, lang: Locale): Promise<LangOption[]> {
  const rows = await db
    .select({ id: modules.id, title: moduleLangs.title })
    .from(modules)
    .leftJoin(moduleLangs, and(eq(moduleLangs.module_id, modules.id), eq(moduleLangs.language_code, lang)))
    .orderBy(asc(modules.id));
  return rows.map((r) => ({ id: r.id, lang: { title: r.title ?? '' } }));
}

export async function moduleExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: modules.id }).from(modules).where(eq(modules.id, id));
  return row !== undefined;
}
