// The user list (docs/spec-index.md S2.2 Users): its statements, kept per shape, and its pages, kept until a write.
import type { ListMeta, ListQuery, Locale, UserRow } from '@backoffice/shared';
import { USER_DEFAULT_SORT, USER_SORTS } from '@backoffice/shared';
import { and, asc, desc, eq, getTableName, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roleLangs, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/session.js';
import { keptStatements, type Printed, printed } from '../../resources/kept.js';
import { type KeptHint, pageStatements, SNAPSHOT_KEY, snapshotColumn } from '../../resources/kept-pages.js';
import { iso, trashedWhere } from '../../resources/list.js';
import { liveColumn } from '../../resources/live-columns.js';
import { likePattern, resolveSort } from '../../resources/paging.js';
import { presentOnce } from '../../resources/present-once.js';
import { totalMeta, totalPolicy } from '../../resources/total.js';
import { canEditUser, canRemoveOrBlockUser } from './policy.js';

/**
 * A user's presence, written once a minute while they are signed in (http/session.ts) and noted apart from the
 * user's other columns (migration 0028): a kept page that does not order by it reads it again with its check.
 */
export const PRESENCE = liveColumn(users.id, users.online_at);

export type UserListQuery = ListQuery & { status?: boolean; role_id?: number };

const roleTitle = (lang: Locale) => and(eq(roleLangs.role_id, users.role_id), eq(roleLangs.language_code, lang)) as SQL;

/** The values a user list's statements take: placeholders in a kept statement, or the request's own. */
type UserValues = { status: unknown; role_id: unknown; pattern: unknown; limit: unknown; offset: unknown };
const USER_PLACEHOLDERS: UserValues = {
  status: sql.placeholder('status'),
  role_id: sql.placeholder('role_id'),
  pattern: sql.placeholder('pattern'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};
type UserListRow = {
  id: number;
  name: string;
  surname: string;
  role_id: number;
  role_title: string | null;
  email: string;
  status: boolean;
  verified_at: Date | null;
  online_at: Date | null;
  deleted_at: Date | null;
  [SNAPSHOT_KEY]: string;
};
const userPages = pageStatements<UserListRow>();
const userCounts = keptStatements<Printed>();

/**
 * The user list (docs/spec-index.md S2.2 Users): full name, role title, e-mail, status, verified_at and online_at; search in
 * name, surname, the full name and e-mail; filters status, role_id and trashed; default by full name. Each row
 * says what the viewer may do to it. Its statements are kept per shape (resources/kept.ts).
 */
export async function listUsers(
  db: Db,
  query: UserListQuery,
  lang: Locale,
  viewer: AuthUser,
  hint?: KeptHint,
): Promise<{ data: UserRow[]; meta: ListMeta }> {
  const where = (v: UserValues) =>
    and(
      trashedWhere(users.deleted_at, query.trashed),
      query.status === undefined ? undefined : eq(users.status, v.status as boolean),
      query.role_id === undefined ? undefined : eq(users.role_id, v.role_id as number),
      query.search
        ? // A match in the name or the surname alone is a match in the full name: two trigram indexes serve it.
          or(
            ilike(users.email, v.pattern as string),
            sql`(${users.name} || ' ' || ${users.surname}) ilike ${v.pattern}`,
          )
        : undefined,
    );
  const { sort, order } = resolveSort(query, USER_SORTS, USER_DEFAULT_SORT);
  const direction = order === 'asc' ? asc : desc;
  // Built only when a statement is (pageStatement): an answer from a kept page needs none of it.
  const sorts: Record<(typeof USER_SORTS)[number], () => SQL[]> = {
    fullname: () => [direction(users.name), direction(users.surname)],
    email: () => [direction(sql`lower(${users.email})`)],
    status: () => [direction(users.status)],
    // Never-seen users last when the most recent come first.
    online_at: () => [
      order === 'asc' ? sql`${users.online_at} asc nulls first` : sql`${users.online_at} desc nulls last`,
    ],
    role: () => [direction(roleLangs.title)],
    id: () => [],
  };
  const orderBy = () => [...sorts[sort](), direction(users.id)];
  const rowsOf = () =>
    db
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
        [SNAPSHOT_KEY]: snapshotColumn(),
      })
      .from(users)
      .$dynamic();
  // The first page skips nothing and reads its rows in one walk (resources/list.ts). A later page finds its ids first
  // (the role's title joins only for its sort): a deep page skips index entries alone.
  const pageStatement = (v: UserValues) => {
    if (query.page === 1)
      return rowsOf()
        .leftJoin(roleLangs, roleTitle(lang))
        .where(where(v))
        .orderBy(...orderBy())
        .limit(v.limit as number);
    const keyQuery = db.select({ id: users.id }).from(users).$dynamic();
    const keys = (sort === 'role' ? keyQuery.leftJoin(roleLangs, roleTitle(lang)) : keyQuery)
      .where(where(v))
      .orderBy(...orderBy())
      .limit(v.limit as number)
      .offset(v.offset as number)
      .as('page_keys');
    return rowsOf()
      .innerJoin(keys, eq(keys.id, users.id))
      .leftJoin(roleLangs, roleTitle(lang))
      .orderBy(...orderBy());
  };
  const counted = (v: UserValues) => db.select({ one: sql`1` }).from(users).where(where(v)).$dynamic();
  const values: UserValues = {
    status: query.status,
    role_id: query.role_id,
    pattern: query.search ? likePattern(query.search) : undefined,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  };
  // The shape of the request: what changes the statements' text, while `values` fills their placeholders.
  const filters = [query.trashed ?? '', query.status !== undefined, query.role_id !== undefined, Boolean(query.search)];
  const shape = JSON.stringify([lang, sort, order, query.page === 1, ...filters]);
  const page = userPages.statement(
    db,
    shape,
    () => pageStatement(USER_PLACEHOLDERS),
    sort === 'online_at' ? undefined : PRESENCE,
  );
  const count = userCounts(db, JSON.stringify(filters), () => printed(counted(USER_PLACEHOLDERS)));
  const { rows, total } = await userPages.page(
    db,
    page,
    { shape, values },
    {
      rows: () => counted(values),
      policy: totalPolicy(query, query.status !== undefined || query.role_id !== undefined, [getTableName(users)]),
      statement: count,
    },
    hint,
  );
  return {
    data: presentOnce(rows, `${viewer.id} ${viewer.role_id}`, ({ [SNAPSHOT_KEY]: _snapshot, ...r }) => ({
      ...r,
      fullname: `${r.name} ${r.surname}`,
      role_title: r.role_title ?? '',
      verified_at: iso(r.verified_at),
      online_at: iso(r.online_at),
      deleted_at: iso(r.deleted_at),
      abilities: { update: canEditUser(viewer, r), destroy: canRemoveOrBlockUser(viewer, r) },
    })),
    meta: totalMeta(total, query, rows.length),
  };
}
