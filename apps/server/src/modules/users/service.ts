import {
  ERR,
  USER_ADDRESS_FIELDS,
  type UserCreateInput,
  type UserRecord,
  type UserUpdateInput,
} from '@backoffice/shared';
import { and, eq, exists, getTableColumns, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countries, roles, sessions, userPasskeys, users, userTwoFactor } from '../../db/schema.js';
import { invalid, isUniqueViolation, notFound } from '../../http/errors.js';
import type { Tx } from '../../resources/langs.js';
import { iso } from '../../resources/list.js';
import { updateUnlessStale } from '../../resources/resource.js';

type UserRowData = typeof users.$inferSelect & { two_factor: boolean };

/** The stored row of a user (password hash included: for the server only), or 404. */
export async function findUserRow(db: Db | Tx, id: number): Promise<UserRowData> {
  const [row] = await db
    .select({
      ...getTableColumns(users),
      // An authenticator app or a passkey (modules/auth/two-factor.ts). Subqueries of the builder: a select of one
      // table names its columns unqualified, and "id" inside user_passkeys would be the passkey's.
      two_factor: sql<boolean>`${or(
        exists(
          db
            .select({ one: sql`1` })
            .from(userTwoFactor)
            .where(and(eq(userTwoFactor.user_id, users.id), isNotNull(userTwoFactor.enabled_at))),
        ),
        exists(db.select({ one: sql`1` }).from(userPasskeys).where(eq(userPasskeys.user_id, users.id))),
      )}`,
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
  if (!role) errors.role_id = [ERR.requiredOption];
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

/** The row's columns a save writes from the form, but the password. */
const userValues = (input: UserCreateInput | UserUpdateInput) => ({
  role_id: input.role_id,
  status: input.status,
  name: input.name,
  surname: input.surname,
  title_url: input.title_url,
  email: input.email,
  ...addressValues(input),
});

/** Under the users' name lock, every rule of the input at once (422), before anything is written. */
async function checkUser(tx: Tx, input: UserCreateInput | UserUpdateInput, id: number) {
  await lockUserNames(tx);
  const errors = await inputErrors(tx, input, id);
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

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
  tx: Tx,
  input: UserCreateInput,
  { password, id }: { password: string; id?: number },
): Promise<number> {
  return asValidation(async () => {
    await checkUser(tx, input, 0);
    const [row] = await tx
      .insert(users)
      .values({ ...userValues(input), password, ...(id === undefined ? {} : { id }) })
      .returning({ id: users.id });
    if (!row) throw new Error('user insert returned no row');
    return row.id;
  });
}

/** What an update changed that ends the user's sessions (SECURITY.md). */
export interface UserChanges {
  roleChanged: boolean;
  blocked: boolean;
  passwordChanged: boolean;
}

/**
 * Saves a user; `role_id` and `status` are written as given (the operation has already refused a caller who may not
 * change them). The password changes only when filled in: `password` is then its hash (`hashPassword`, taken before
 * the caller's transaction). Stale `updated_at` → 409, nothing written.
 */
export async function updateUserRecord(
  tx: Tx,
  id: number,
  input: UserUpdateInput,
  current: Pick<UserRowData, 'role_id' | 'status'>,
  password?: string,
): Promise<UserChanges> {
  await asValidation(async () => {
    await checkUser(tx, input, id);
    await updateUnlessStale(tx, users, id, input.updated_at, {
      ...userValues(input),
      ...(password ? { password } : {}),
    });
  });
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
