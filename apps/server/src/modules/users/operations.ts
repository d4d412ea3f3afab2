import {
  type Locale,
  type LogAction,
  ROLES,
  slugify,
  type UserAddress,
  type UserBulkAction,
  type UserCreateInput,
  type UserUpdateInput,
} from '@backoffice/shared';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { hashPassword } from '../../http/crypto.js';
import { forbidden, notFound } from '../../http/errors.js';
import { isSelf } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';
import { logActivity } from '../../resources/activity-log.js';
import type { WithFiles, WithNewFiles } from '../../resources/operations.js';
import { softResource } from '../../resources/resource.js';
import { canActivateUser, canChangeRole, canEditUser, canRemoveOrBlockUser, canUsers } from './policy.js';
import * as service from './service.js';

export interface NewUser {
  email: string;
  password: string;
  role_id: number;
  name: string;
  surname: string;
  language_code?: Locale;
  status?: boolean;
  /** The address, billing and shipping fields (the demo's users; the CLI sets none). */
  details?: Partial<UserAddress>;
  /** false: the e-mail address is not verified yet (verified_at empty); else verified now. */
  verified?: boolean;
}

/**
 * The operator's creation of a user (`npm run cli -- user:create`, the seeds): the row and its log entry, without a
 * user, in one transaction. The password is hashed before it opens (scrypt takes about 0.1 s of a thread; an open
 * transaction would hold its connection, on the embedded database the only one, that long), or taken hashed.
 * Answers the user's row.
 */
export async function createUser(db: Db, input: NewUser, passwordHash?: string) {
  const hashed = passwordHash ?? (await hashPassword(input.password));
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, input, hashed);
    await logActivity(tx, { userId: null, model: 'User', rowIds: [user.id], action: 'store' });
    return user;
  });
}

/**
 * Inserts a user with a hashed password (`passwordHash`, else hashed here) and a unique title_url, unlogged (test
 * fixtures; `createUser` logs).
 */
export async function insertUser(db: Db, input: NewUser, passwordHash?: string) {
  const base = slugify(`${input.name} ${input.surname}`) || 'user';
  const taken = await db
    .select({ title_url: users.title_url })
    .from(users)
    .where(sql`${users.title_url} like ${`${base}%`}`);
  let titleUrl = base;
  for (let i = 2; taken.some((t) => t.title_url === titleUrl); i++) titleUrl = `${base}-${i}`;
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      password: passwordHash ?? (await hashPassword(input.password)),
      role_id: input.role_id,
      name: input.name,
      surname: input.surname,
      title_url: titleUrl,
      language_code: input.language_code ?? 'sk',
      status: input.status ?? true,
      ...input.details,
      verified_at: input.verified === false ? null : new Date(),
    })
    .returning();
  if (!user) throw new Error('user insert returned no row');
  return user;
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

/**
 * The operator's password change (`npm run cli -- user:password`): the new hash, the end of every session of the user
 * (SECURITY.md: a password change ends them) and the log entry, without a user, in one transaction.
 */
export async function setUserPassword(db: Db, userId: number, password: string) {
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password: hash, updated_at: new Date() }).where(eq(users.id, userId));
    await service.endSessionsOf(tx, [userId]);
    await logActivity(tx, { userId: null, model: 'User', rowIds: [userId], action: 'update' });
  });
}

/**
 * The address and password of a user written before this installation had them: the administrator of the prepared
 * demo cluster (seed/reference.ts `claimAdmin`), made when `npm ci` ran. No session of it can exist yet.
 */
export async function setUserLogin(db: Db, userId: number, login: { email: string; password: string }) {
  const hash = await hashPassword(login.password);
  await db.update(users).set({ email: login.email, password: hash }).where(eq(users.id, userId));
}

/**
 * The operator's block or unblock (`npm run cli -- user:block`, `user:unblock`): the status, on a block the end of
 * every session of the user, and the log entry (`hide` / `activate`, without a user), in one transaction.
 */
export async function setUserBlocked(db: Db, userId: number, blocked: boolean) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ status: !blocked, updated_at: new Date() }).where(eq(users.id, userId));
    if (blocked) await service.endSessionsOf(tx, [userId]);
    const action = blocked ? 'block' : 'activate';
    await logActivity(tx, { userId: null, model: 'User', rowIds: [userId], action });
  });
}

/** Every user not removed, for the operator's `user:list`: oldest first. */
export async function listUsers(db: Db) {
  return db
    .select({
      id: users.id,
      email: users.email,
      role_id: users.role_id,
      status: users.status,
      name: users.name,
      surname: users.surname,
    })
    .from(users)
    .where(isNull(users.deleted_at))
    .orderBy(asc(users.id));
}

export const isValidRole = (role: number) => Object.values(ROLES).includes(role as 1 | 2 | 3);

/**
 * The admin's writes of users (docs/features/sign-in-and-users.md), each one operation: the rules for the acting
 * user and the row, then the files (the image), then one transaction holding the user, the end of the sessions the
 * change ends (SECURITY.md: block, role change, password change, removal) and the log entry.
 */
export function userOperations(db: Db) {
  const log = (tx: Tx, actor: AuthUser, rowIds: number[], action: LogAction) =>
    logActivity(tx, { userId: actor.id, model: 'User', rowIds, action });
  return {
    /** Creates a user (role 1), with the image when `files` writes it; answers the id. */
    async create(actor: AuthUser, input: UserCreateInput, files?: WithNewFiles): Promise<number> {
      if (!canUsers(actor, 'create')) throw forbidden();
      // scrypt takes tens of milliseconds: before the transaction.
      const password = await hashPassword(input.password);
      const save = (reserved?: number, point?: (tx: Tx) => Promise<void>) =>
        db.transaction(async (tx) => {
          const id = await service.createUserRecord(tx, input, { password, id: reserved });
          await point?.(tx);
          await log(tx, actor, [id], 'store');
          return id;
        });
      return files ? files(save) : save();
    },

    /** Saves user `id` (403 for a row or a change the actor may not make), with the image when `files` writes it. */
    async update(actor: AuthUser, id: number, input: UserUpdateInput, files?: WithFiles): Promise<void> {
      const row = await service.findUserRow(db, id);
      if (!canUsers(actor, 'update') || !canEditUser(actor, row)) throw forbidden();
      // Fields that decide access (SECURITY.md): a change the caller may not make is refused, an unchanged value passes.
      if (input.role_id !== row.role_id && !canChangeRole(actor, row)) throw forbidden();
      if (input.status !== row.status) {
        const allowed = input.status ? canActivateUser(actor) : canRemoveOrBlockUser(actor, row);
        if (!allowed) throw forbidden();
      }
      const password = input.password ? await hashPassword(input.password) : undefined;
      const save = (point?: (tx: Tx) => Promise<void>) =>
        db.transaction(async (tx) => {
          const changes = await service.updateUserRecord(tx, id, input, row, password);
          await point?.(tx);
          if (changes.roleChanged || changes.blocked) await service.endSessionsOf(tx, [id]);
          // A user who changes their own password stays signed in here; every other session of theirs ends.
          else if (changes.passwordChanged)
            await service.endSessionsOf(tx, [id], isSelf(actor, id) ? actor.sessionId : undefined);
          await log(tx, actor, [id], 'update');
        });
      await (files ? files(save) : save());
    },

    /** Removes user `id` (soft) and ends their sessions; never oneself or the owner. */
    async remove(actor: AuthUser, id: number): Promise<void> {
      const row = await service.findUserRow(db, id);
      if (!canUsers(actor, 'destroy') || !canRemoveOrBlockUser(actor, row)) throw forbidden();
      await db.transaction(async (tx) => {
        const changed = await softResource(tx, users).destroy([row.id]);
        await service.endSessionsOf(tx, changed);
        await log(tx, actor, changed, 'destroy');
      });
    },

    /** Brings back removed user `id`. */
    async restore(actor: AuthUser, id: number): Promise<void> {
      if (!canUsers(actor, 'restore')) throw forbidden();
      await db.transaction(async (tx) => {
        const rows = softResource(tx, users);
        const changed = await rows.restore([id]);
        if (changed.length === 0 && !(await rows.exists(id))) throw notFound();
        await log(tx, actor, changed, 'restore');
      });
    },

    /**
     * Activates, blocks or removes users `ids` (role 1): the per-row rules apply to every row, and one refused row
     * refuses the whole request. Answers how many changed.
     */
    async bulk(actor: AuthUser, action: UserBulkAction, ids: readonly number[]): Promise<number> {
      if (!canUsers(actor, action === 'destroy' ? 'destroy' : 'status')) throw forbidden();
      const unique = [...new Set(ids)];
      if (action !== 'activate' && unique.some((id) => !canRemoveOrBlockUser(actor, { id }))) throw forbidden();
      return db.transaction(async (tx) => {
        const rows = softResource(tx, users);
        const changed =
          action === 'destroy' ? await rows.destroy(unique) : await rows.setStatus(unique, action === 'activate');
        if (action !== 'activate') await service.endSessionsOf(tx, changed);
        await log(tx, actor, changed, action);
        return changed.length;
      });
    },
  };
}
