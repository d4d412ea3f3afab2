// The user list (docs/spec-index.md S2.2 Users).
import type { ListMeta, ListQuery, Locale, UserRow } from '@backoffice/shared';
import { USER_DEFAULT_SORT, USER_SORTS } from '@backoffice/shared';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roleLangs, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/session.js';
import { keysetOf } from '../../resources/cursors.js';
import { iso, pageKeys, readList, trashedWhere } from '../../resources/list.js';
import { likePattern, resolveSort } from '../../resources/paging.js';
import { canEditUser, canRemoveOrBlockUser } from './policy.js';

export type UserListQuery = ListQuery & { status?: boolean; role_id?: number };

const roleTitle = (lang: Locale) => and(eq(roleLangs.role_id, users.role_id), eq(roleLangs.language_code, lang)) as SQL;

/**
 * The user list (docs/spec-index.md S2.2 Users): full name, role title, e-mail, status, verified_at and online_at; search in
 * name, surname, the full name and e-mail; filters status, role_id and trashed; default by full name. Each row
 * says what the viewer may do to it.
 */
export async function listUsers(
  db: Db,
  query: UserListQuery,
  lang: Locale,
  viewer: AuthUser,
): Promise<{ data: UserRow[]; meta: ListMeta }> {
  const pattern = query.search ? likePattern(query.search) : '';
  const where = and(
    trashedWhere(users.deleted_at, query.trashed),
    query.status === undefined ? undefined : eq(users.status, query.status),
    query.role_id === undefined ? undefined : eq(users.role_id, query.role_id),
    query.search
      ? // A match in the name or the surname alone is a match in the full name: two trigram indexes serve it.
        or(ilike(users.email, pattern), sql`(${users.name} || ' ' || ${users.surname}) ilike ${pattern}`)
      : undefined,
  );
  const { sort, order } = resolveSort(query, USER_SORTS, USER_DEFAULT_SORT);
  const direction = order === 'asc' ? asc : desc;
  // "Next" and "previous" start from their neighbour's row where the sort is one column without nulls (status, id:
  // cursors.ts keysetOf); the names, the e-mail, the last visit and the role go by offset.
  const cursorColumn = sort === 'status' ? users.status : sort === 'id' ? users.id : undefined;
  const keyset = keysetOf(query, sort, order, cursorColumn);
  const sortsIn = (dir: typeof asc): Record<(typeof USER_SORTS)[number], SQL[]> => ({
    fullname: [dir(users.name), dir(users.surname)],
    email: [dir(sql`lower(${users.email})`)],
    status: [dir(users.status)],
    // Never-seen users last when the most recent come first.
    online_at: [dir === asc ? sql`${users.online_at} asc nulls first` : sql`${users.online_at} desc nulls last`],
    role: [dir(roleLangs.title)],
    id: [],
  });
  const orderIn = (dir: typeof asc) => [...sortsIn(dir)[sort], dir(users.id)];
  // The page's ids first (the role's title joins only for its sort): a deep page skips index entries alone.
  const keyQuery = db.select({ id: users.id }).from(users).$dynamic();
  const keys = pageKeys(
    (sort === 'role' ? keyQuery.leftJoin(roleLangs, roleTitle(lang)) : keyQuery)
      .where(and(where, keyset.startAt(cursorColumn, users.id)))
      .orderBy(...orderIn(keyset.keyDirection)),
    query,
    keyset.fromCursor,
  );
  const rows = db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      role_id: users.role_id,
      role_title: roleLangs.title,
      email: users.email,
      status: users.status,
      verified_at: users.verified_at,
      online_at: users.online_at,
      deleted_at: users.deleted_at,
      ...keyset.fields(users.id),
    })
    .from(users)
    .innerJoin(keys, eq(keys.id, users.id))
    .leftJoin(roleLangs, roleTitle(lang))
    .orderBy(...orderIn(direction));
  const read = await readList(db, query, {
    rows,
    count: () => db.select({ one: sql`1` }).from(users).where(where).$dynamic(),
    filtered: query.status !== undefined || query.role_id !== undefined,
  });
  const page = keyset.withCursors(read);
  return {
    data: page.rows.map((r) => ({
      ...r,
      fullname: `${r.name} ${r.surname}`,
      role_title: r.role_title ?? '',
      verified_at: iso(r.verified_at),
      online_at: iso(r.online_at),
      deleted_at: iso(r.deleted_at),
      abilities: { update: canEditUser(viewer, r), destroy: canRemoveOrBlockUser(viewer, r) },
    })),
    meta: page.meta,
  };
}
