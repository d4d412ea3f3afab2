// Webhooks (docs/api.md "Webhooks"): the endpoints role 1 keeps and the deliveries each event makes; the job that
// sends one is in deliver.ts.
import { randomBytes } from 'node:crypto';
import {
  ERR,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  type WebhookInput,
  type WebhookItem,
} from '@backoffice/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { webhookDeliveries, webhooks } from '../../db/schema.js';
import { invalid, notFound, stale } from '../../http/errors.js';
import type { AuthUser } from '../../http/session.js';
import { enqueue } from '../../jobs/queue.js';
import { logActivity } from '../../resources/activity-log.js';
import { seal } from '../auth/secret-box.js';
import { AddressRefused, checkedAddress } from './outbound.js';

export const WEBHOOK_JOB = 'webhook';
export const SECRET_PURPOSE = 'webhook-secret';
export const DELIVERIES_PER_PAGE = 25;

/** A signing secret as the receiver keeps it: `whsec_` and 24 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

type WebhookRow = typeof webhooks.$inferSelect;

async function lastDeliveries(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, WebhookItem['last_delivery']>();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.webhook_id], {
      webhook_id: webhookDeliveries.webhook_id,
      status: webhookDeliveries.status,
      response_status: webhookDeliveries.response_status,
      at: sql<Date>`coalesce(${webhookDeliveries.last_attempt_at}, ${webhookDeliveries.created_at})`.mapWith(
        webhookDeliveries.created_at,
      ),
    })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.webhook_id, ids))
    .orderBy(webhookDeliveries.webhook_id, desc(webhookDeliveries.id));
  return new Map(
    rows.map((r) => [
      r.webhook_id,
      { status: r.status as WebhookDeliveryStatus, response_status: r.response_status, at: r.at.toISOString() },
    ]),
  );
}

const toItem = (row: WebhookRow, last: WebhookItem['last_delivery']): WebhookItem => ({
  id: row.id,
  name: row.name,
  url: row.url,
  events: row.events as WebhookEvent[],
  active: row.active,
  failing_since: row.failing_since?.toISOString() ?? null,
  switched_off_at: row.switched_off_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  last_delivery: last,
});

/** Every endpoint, by name, with its last delivery. */
export async function listWebhooks(db: Db): Promise<WebhookItem[]> {
  const rows = await db.select().from(webhooks).orderBy(webhooks.name, webhooks.id);
  const last = await lastDeliveries(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toItem(row, last.get(row.id) ?? null));
}

export async function getWebhook(db: Db, id: number): Promise<WebhookItem> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  if (!row) throw notFound();
  return toItem(row, (await lastDeliveries(db, [id])).get(id) ?? null);
}

/** Refuses (422 `url`) an address that does not resolve to public addresses, unless private ones are allowed. */
async function checkUrl(ctx: AppContext, url: string) {
  try {
    await checkedAddress(new URL(url).hostname, ctx.config.webhooksAllowPrivate);
  } catch (err) {
    if (err instanceof AddressRefused) throw invalid({ url: [ERR.webhookAddress] });
    throw err;
  }
}

/** Creates an endpoint; answers it with its secret, the one time the secret is shown. */
export async function createWebhook(ctx: AppContext, user: AuthUser, input: WebhookInput) {
  await checkUrl(ctx, input.url);
  const secret = newSecret();
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhooks)
      .values({
        name: input.name,
        url: input.url,
        events: input.events,
        active: input.active,
        secret: seal(ctx.config.sessionSecret, SECRET_PURPOSE, secret),
      })
      .returning({ id: webhooks.id });
    if (!row) throw new Error('the webhook was not stored');
    await logActivity(tx, { userId: user.id, model: 'Webhook', rowIds: [row.id], action: 'store' });
    return row.id;
  });
  return { ...(await getWebhook(ctx.db, id)), secret };
}

/**
 * Saves an endpoint where updated_at still equals what the form loaded (else 409). Turning it on again clears the
 * failure that switched it off.
 */
export async function updateWebhook(ctx: AppContext, user: AuthUser, id: number, input: WebhookInput) {
  await checkUrl(ctx, input.url);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhooks).where(eq(webhooks.id, id)).for('update');
    if (!before) throw notFound();
    if (input.updated_at && before.updated_at.getTime() !== new Date(input.updated_at).getTime()) throw stale();
    const revived = input.active && !before.active;
    await tx
      .update(webhooks)
      .set({
        name: input.name,
        url: input.url,
        events: input.events,
        active: input.active,
        updated_at: new Date(),
        ...(revived ? { failing_since: null, switched_off_at: null } : {}),
      })
      .where(eq(webhooks.id, id));
    await logActivity(tx, { userId: user.id, model: 'Webhook', rowIds: [id], action: 'update' });
  });
  return getWebhook(ctx.db, id);
}

export async function removeWebhook(db: Db, user: AuthUser, id: number) {
  await db.transaction(async (tx) => {
    const gone = await tx.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
    if (gone.length === 0) throw notFound();
    await logActivity(tx, { userId: user.id, model: 'Webhook', rowIds: [id], action: 'destroy' });
  });
}

/** Gives an endpoint a new secret (the old one stops signing at once); answers it, the one time it is shown. */
export async function newWebhookSecret(ctx: AppContext, user: AuthUser, id: number) {
  const secret = newSecret();
  await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(webhooks)
      .set({ secret: seal(ctx.config.sessionSecret, SECRET_PURPOSE, secret), updated_at: new Date() })
      .where(eq(webhooks.id, id))
      .returning({ id: webhooks.id });
    if (changed.length === 0) throw notFound();
    await logActivity(tx, { userId: user.id, model: 'Webhook', rowIds: [id], action: 'update' });
  });
  return { ...(await getWebhook(ctx.db, id)), secret };
}

/** Whether any endpoint listens: a change makes no work when none does. */
export async function anyActiveWebhook(db: Db) {
  const [row] = await db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.active, true)).limit(1);
  return row !== undefined;
}

/** One event as a delivery body gives it; `record_id` and `resource` are null for events about no record. */
export interface WebhookMessage {
  event: WebhookEvent;
  resource: string | null;
  record_id: number | null;
  data: Record<string, unknown>;
}

/**
 * Makes the deliveries of events, in the caller's transaction: one per event and active endpoint that takes it, each
 * with its job. The body is built once here, so every try and "send again" send the same `webhook-id` and body.
 */
export async function queueDeliveries(tx: Tx, messages: WebhookMessage[]) {
  if (messages.length === 0) return 0;
  const endpoints = await tx
    .select({ id: webhooks.id, events: webhooks.events })
    .from(webhooks)
    .where(eq(webhooks.active, true));
  const rows = messages.flatMap((message) => {
    const eventId = `msg_${randomBytes(16).toString('hex')}`;
    const body = JSON.stringify({
      id: eventId,
      event: message.event,
      resource: message.resource,
      record_id: message.record_id,
      occurred_at: new Date().toISOString(),
      ...message.data,
    });
    return endpoints
      .filter((e) => e.events.includes(message.event))
      .map((e) => ({
        webhook_id: e.id,
        event_id: eventId,
        event: message.event,
        resource: message.resource,
        record_id: message.record_id,
        body,
      }));
  });
  if (rows.length === 0) return 0;
  const made = await tx.insert(webhookDeliveries).values(rows).returning({ id: webhookDeliveries.id });
  for (const { id } of made) await enqueue(tx, WEBHOOK_JOB, { delivery: id });
  return made.length;
}

/** A delivery tried once (a ping, "send again"): its row of the log and its job. */
async function queueOnce(tx: Tx, values: typeof webhookDeliveries.$inferInsert) {
  const [made] = await tx.insert(webhookDeliveries).values(values).returning({ id: webhookDeliveries.id });
  if (made) await enqueue(tx, WEBHOOK_JOB, { delivery: made.id, once: true });
}

/** Sends a `ping` to one endpoint (whether it is on or off is not asked: the administrator wants to see it answer). */
export async function pingWebhook(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.id, id));
    if (!row) throw notFound();
    const eventId = `msg_${randomBytes(16).toString('hex')}`;
    const body = JSON.stringify({ id: eventId, event: 'ping', webhook_id: id, occurred_at: new Date().toISOString() });
    await queueOnce(tx, { webhook_id: id, event_id: eventId, event: 'ping', body });
  });
}

/** "Send again": a new delivery of the same body and `webhook-id`, as its own row of the log. */
export async function resendDelivery(db: Db, webhookId: number, deliveryId: number) {
  await db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhook_id, webhookId)));
    if (!old) throw notFound();
    const { webhook_id, event_id, event, resource, record_id, body } = old;
    await queueOnce(tx, { webhook_id, event_id, event, resource, record_id, body });
  });
}

/** One page of an endpoint's deliveries, newest first. */
export async function listDeliveries(db: Db, webhookId: number, page: number) {
  await getWebhook(db, webhookId);
  const where = eq(webhookDeliveries.webhook_id, webhookId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(DELIVERIES_PER_PAGE)
      .offset((page - 1) * DELIVERIES_PER_PAGE),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    data: rows.map(
      (r): WebhookDelivery => ({
        id: r.id,
        event_id: r.event_id,
        event: r.event,
        resource: r.resource,
        record_id: r.record_id,
        status: r.status as WebhookDeliveryStatus,
        attempts: r.attempts,
        response_status: r.response_status,
        duration_ms: r.duration_ms,
        response_excerpt: r.response_excerpt,
        error: r.error,
        created_at: r.created_at.toISOString(),
        last_attempt_at: r.last_attempt_at?.toISOString() ?? null,
        next_attempt_at: r.next_attempt_at?.toISOString() ?? null,
      }),
    ),
    meta: {
      current_page: page,
      per_page: DELIVERIES_PER_PAGE,
      total: n,
      last_page: Math.max(1, Math.ceil(n / DELIVERIES_PER_PAGE)),
    },
  };
}
