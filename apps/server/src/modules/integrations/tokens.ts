import type { ApiTokenInput, ApiTokenItem, ApiTokenScope, DeliveryAccessInput } from '@backoffice/shared';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiTokens, deliveryAccess, users } from '../../db/schema.js';
import { randomToken, sha256 } from '../../http/crypto.js';
import { notFound, stale } from '../../http/errors.js';
import type { AuthUser } from '../../http/session.js';
import { logActivity } from '../../resources/activity-log.js';

/** Every token starts so, which lets a secret scanner recognise one that leaked into a repository. */
const TOKEN_PREFIX = 'bo_';
/** last_used_at is written at most this often per token. */
const TOUCH_EVERY_MS = 60_000;

const tokenItem = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  prefix: apiTokens.prefix,
  created_at: apiTokens.created_at,
  last_used_at: apiTokens.last_used_at,
  user_id: users.id,
  user_name: users.name,
  user_surname: users.surname,
};

type TokenRow = {
  id: number;
  name: string;
  scope: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  user_id: number | null;
  user_name: string | null;
  user_surname: string | null;
};

const toItem = (row: TokenRow): ApiTokenItem => ({
  id: row.id,
  name: row.name,
  scope: row.scope as ApiTokenScope,
  prefix: row.prefix,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  created_by:
    row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '', surname: row.user_surname ?? '' },
});

/** Every token, the newest first. */
export async function listTokens(db: Db): Promise<ApiTokenItem[]> {
  const rows = await db
    .select(tokenItem)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.created_by))
    .orderBy(desc(apiTokens.id));
  return rows.map(toItem);
}

/** Makes a token: only its SHA-256 is stored, so the answer is the one time anybody sees it. */
export async function createToken(db: Db, user: AuthUser, input: ApiTokenInput) {
  const token = `${TOKEN_PREFIX}${randomToken(32)}`;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({
        name: input.name,
        scope: input.scope,
        token_hash: sha256(token),
        prefix: token.slice(0, TOKEN_PREFIX.length + 6),
        created_by: user.id,
      })
      .returning({ id: apiTokens.id });
    if (!row) throw new Error('the token was not stored');
    await logActivity(tx, { userId: user.id, model: 'ApiToken', rowIds: [row.id], action: 'store' });
    return row.id;
  });
  const item = (await listTokens(db)).find((t) => t.id === id);
  if (!item) throw notFound();
  return { ...item, token };
}

/** Revokes a token: its row goes, and the next request that carries it is refused (401). */
export async function revokeToken(db: Db, user: AuthUser, id: number) {
  await db.transaction(async (tx) => {
    const gone = await tx.delete(apiTokens).where(eq(apiTokens.id, id)).returning({ id: apiTokens.id });
    if (gone.length === 0) throw notFound();
    await logActivity(tx, { userId: user.id, model: 'ApiToken', rowIds: [id], action: 'destroy' });
  });
}

/** The scope of a token sent as `Authorization: Bearer …`, or null for one that does not exist (any more). */
export async function tokenScope(db: Db, token: string, now = new Date()): Promise<ApiTokenScope | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const hash = sha256(token);
  const [row] = await db
    .select({ id: apiTokens.id, scope: apiTokens.scope, last_used_at: apiTokens.last_used_at })
    .from(apiTokens)
    .where(eq(apiTokens.token_hash, hash));
  if (!row) return null;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > TOUCH_EVERY_MS) {
    const cutoff = new Date(now.getTime() - TOUCH_EVERY_MS);
    await db
      .update(apiTokens)
      .set({ last_used_at: now })
      .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.last_used_at), lt(apiTokens.last_used_at, cutoff))));
  }
  return row.scope as ApiTokenScope;
}

/** The delivery API's access rule. */
export async function readAccess(db: Db) {
  const [row] = await db.select().from(deliveryAccess).where(eq(deliveryAccess.id, 1));
  return {
    token_required: row?.token_required ?? false,
    cors_origins: row?.cors_origins ?? [],
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}

/** Saves the access rule where updated_at still equals what the form loaded (else 409). */
export async function saveAccess(db: Db, user: AuthUser, input: DeliveryAccessInput) {
  await db.transaction(async (tx) => {
    const values = { token_required: input.token_required, cors_origins: input.cors_origins, updated_at: new Date() };
    const saved = await tx
      .insert(deliveryAccess)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({
        target: deliveryAccess.id,
        set: values,
        // As loaded: null (never saved) conflicts with any row; left out, the save takes no care.
        where:
          input.updated_at === undefined
            ? undefined
            : input.updated_at === null
              ? sql`false`
              : sql`${deliveryAccess.updated_at} = ${new Date(input.updated_at)}`,
      })
      .returning({ id: deliveryAccess.id });
    if (saved.length === 0) throw stale();
    await logActivity(tx, { userId: user.id, model: 'Settings', rowIds: [0], action: 'update' });
  });
  return readAccess(db);
}
