import {
  ERR,
  type ListMeta,
  type ListQuery,
  type Locale,
  USER_ADDRESS_FIELDS,
  USER_DEFAULT_SORT,
  USER_SORTS,
  type UserCreateInput,
  type UserRecord,
  type UserRow,
  type UserUpdateInput,
} from '@backoffice/shared';
import { and, asc, desc, eq, getTableColumns, getTableName, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countries, roleLangs, roles, sessions, users, userTwoFactor } from '../../db/schema.js';
import { hashPassword } from '../../http/crypto.js';
import { invalid, isUniqueViolation, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/session.js';
import { keptStatements, type Printed, printed } from '../../resources/kept.js';
import {
  type KeptHint,
  pageStatements,
  presentOnce,
  SNAPSHOT_KEY,
  snapshotColumn,
} from '../../resources/kept-pages.js';
import type { Tx } from '../../resources/langs.js';
import { iso, trashedWhere } from '../../resources/list.js';
import { likePattern, resolveSort } from '../../resources/paging.js';
import { updateUnlessStale } from '../../resources/resource.js';
import { totalMeta, totalPolicy } from '../../resources/total.js';
import { canEditUser, canRemoveOrBlockUser } from './policy.js';

export type UserListQuery = ListQuery & { status?: boolean; role_id?: number };

type UserRowData = typeof users.$inferSelect & { two_factor: boolean };

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
  const page = userPages.statement(db, shape, () => pageStatement(USER_PLACEHOLDERS));
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

/** The stored row of a user (password hash included: for the server only), or 404. */
export async function findUserRow(db: Db | Tx, id: number): Promise<UserRowData> {
  const [row] = await db
    .select({
      ...getTableColumns(users),
      two_factor: sql<boolean>`exists (select 1 from ${userTwoFactor} where ${userTwoFactor.user_id} = ${users.id} and ${userTwoFactor.enabled_at} is not null)`,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Presenter: a user as the form loads it. An allow-list, so the password hash can never leave the server. */
export function presentUser(row: UserRowData): UserRecord {
  return {
    id: row.id,
    role_id: row.role_id,
    status: row.status,
    name: row.name,
    surname: row.surname,
    title_url: row.title_url,
    email: row.email,
    image: row.image,
    sex: row.sex === 1 || row.sex === 2 ? row.sex : null,
    address: row.address,
    city: row.city,
    zip: row.zip,
    country_id: row.country_id,
    phone: row.phone,
    cellphone: row.cellphone,
    billing_name: row.billing_name,
    billing_address: row.billing_address,
    billing_city: row.billing_city,
    billing_zip: row.billing_zip,
    billing_country_id: row.billing_country_id,
    billing_business_id: row.billing_business_id,
    billing_tax_id: row.billing_tax_id,
    billing_vat: row.billing_vat,
    shipping_name: row.shipping_name,
    shipping_address: row.shipping_address,
    shipping_city: row.shipping_city,
    shipping_zip: row.shipping_zip,
    shipping_country_id: row.shipping_country_id,
    verified_at: iso(row.verified_at),
    online_at: iso(row.online_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
    two_factor: row.two_factor,
  };
}

export const getUser = async (db: Db, id: number): Promise<UserRecord> => presentUser(await findUserRow(db, id));

/** Whether `value` is free as a user's title_url (every user counts, removed ones too: a restore needs it back). */
export async function titleUrlFree(db: Db | Tx, value: string, exceptId = 0): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.title_url}) = ${value.trim().toLowerCase()}`,
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row === undefined;
}

/** Whether `value` is free as a user's e-mail (case-insensitive, removed users too, like the unique index). */
export async function emailFree(db: Db | Tx, value: string, exceptId = 0): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = ${value.trim().toLowerCase()}`, exceptId ? ne(users.id, exceptId) : undefined),
    )
    .limit(1);
  return row === undefined;
}

const COUNTRY_FIELDS = ['country_id', 'billing_country_id', 'shipping_country_id'] as const;

/**
 * Both uniqueness rules at once (docs/spec-index.md S2.5): errors.nameUrlUnique, errors.emailUnique; and a role or country that
 * does not exist (a hand-made request) is refused on its field, not left to the foreign key.
 */
async function inputErrors(tx: Tx, input: UserCreateInput | UserUpdateInput, id: number) {
  const errors: Record<string, string[]> = {};
  if (!(await titleUrlFree(tx, input.title_url, id))) errors.title_url = [ERR.nameUrlUnique];
  if (!(await emailFree(tx, input.email, id))) errors.email = [ERR.emailUnique];
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, input.role_id));
  if (!role) errors.role_id = [ERR.requiredSelect];
  const countryIds = COUNTRY_FIELDS.map((field) => input[field]).filter((v): v is number => v !== null);
  if (countryIds.length > 0) {
    const found = await tx.select({ id: countries.id }).from(countries).where(inArray(countries.id, countryIds));
    const known = new Set(found.map((c) => c.id));
    for (const field of COUNTRY_FIELDS) {
      const value = input[field];
      if (value !== null && !known.has(value)) errors[field] = [ERR.invalid];
    }
  }
  return errors;
}

/** Two saves cannot take the same free title_url or e-mail at once: each runs under this transaction lock. */
const lockUserNames = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('users.names'))`);

const addressValues = (input: UserCreateInput | UserUpdateInput) =>
  Object.fromEntries(USER_ADDRESS_FIELDS.map((field) => [field, input[field]]));

/** A unique violation that slipped past the checks (another writer outside the lock) is still a 422, never a 500. */
async function asValidation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid({ email: [ERR.emailUnique] });
    throw err;
  }
}

/**
 * Creates a user from the form (role 1): every rule is checked before anything is written. `password` is the
 * stored hash (`hashPassword`, taken before the caller's transaction: scrypt takes tens of milliseconds); with `id`
 * (reserved for the user's image, docs/features/media-storage.md) the user gets that id.
 */
export async function createUserRecord(
  db: Db,
  input: UserCreateInput,
  { password, id }: { password: string; id?: number },
): Promise<number> {
  return asValidation(() =>
    db.transaction(async (tx) => {
      await lockUserNames(tx);
      const errors = await inputErrors(tx, input, 0);
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const [row] = await tx
        .insert(users)
        .values({
          role_id: input.role_id,
          status: input.status,
          name: input.name,
          surname: input.surname,
          title_url: input.title_url,
          email: input.email,
          password,
          ...addressValues(input),
          ...(id === undefined ? {} : { id }),
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert returned no row');
      return row.id;
    }),
  );
}

/** What an update changed that ends the user's sessions (SECURITY.md). */
export interface UserChanges {
  roleChanged: boolean;
  blocked: boolean;
  passwordChanged: boolean;
}

/**
 * Saves a user; `role_id` and `status` are written as given (the route has already refused a caller who may not
 * change them). The password changes only when filled in. Stale `updated_at` → 409, nothing written.
 */
export async function updateUserRecord(
  db: Db,
  id: number,
  input: UserUpdateInput,
  current: Pick<UserRowData, 'role_id' | 'status'>,
): Promise<UserChanges> {
  const password = input.password ? await hashPassword(input.password) : undefined;
  await asValidation(() =>
    db.transaction(async (tx) => {
      await lockUserNames(tx);
      const errors = await inputErrors(tx, input, id);
      if (Object.keys(errors).length > 0) throw invalid(errors);
      await updateUnlessStale(tx, users, id, input.updated_at, {
        role_id: input.role_id,
        status: input.status,
        name: input.name,
        surname: input.surname,
        title_url: input.title_url,
        email: input.email,
        ...(password ? { password } : {}),
        ...addressValues(input),
      });
    }),
  );
  return {
    roleChanged: input.role_id !== current.role_id,
    blocked: current.status && !input.status,
    passwordChanged: password !== undefined,
  };
}

/**
 * Ends the sessions of users (SECURITY.md: block, role change, password change, removal): their rows go, so their
 * next request is a 401. `keepSessionId` spares the caller's own session when they changed their own password.
 */
export async function endSessionsOf(db: Db, userIds: number[], keepSessionId?: string): Promise<void> {
  for (const userId of userIds) {
    await db
      .delete(sessions)
      .where(and(eq(sessions.user_id, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
  }
}

/** The live users among `ids` (role and id), for the per-row rules of the bulk actions. */
export async function usersByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, role_id: users.role_id })
    .from(users)
    .where(
      sql`${users.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
}
