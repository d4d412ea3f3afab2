// The job of one webhook delivery (docs/api.md "Webhooks"): signs it, sends it through outbound.ts, records the
// answer and, when the receiver fails, tries again later or switches the endpoint off.
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { webhookDeliveries, webhooks } from '../../db/schema.js';
import { enqueue } from '../../jobs/queue.js';
import { open } from '../auth/secret-box.js';
import { postJson } from './outbound.js';
import { SECRET_PURPOSE, WEBHOOK_JOB } from './webhooks.js';

export const WEBHOOK_RETRY = {
  /** Waits between tries grow 30 s, 2 min, 8 min, 32 min, … up to 6 h. */
  firstMs: 30_000,
  maxMs: 6 * 60 * 60 * 1000,
  /** An endpoint whose deliveries have failed for this long without a success is switched off. */
  switchOffAfterMs: 24 * 60 * 60 * 1000,
} as const;

/**
 * The signature of a delivery (the Standard Webhooks scheme): HMAC-SHA256 under the secret's bytes of
 * `<webhook-id>.<webhook-timestamp>.<body>`, base64, sent as `v1,<signature>`.
 */
export function signature(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * The job of one delivery: sends it signed; a 2xx delivers it and clears the endpoint's failure; anything else (an
 * error, a timeout, a refused address, a 3xx/4xx/5xx) is tried again later, until the endpoint has failed for a
 * day: then it is switched off, its waiting deliveries fail, and the dashboard tells role 1. A ping and "send
 * again" (`once`) are tried once.
 */
export async function sendDelivery(ctx: AppContext, payload: unknown) {
  const { delivery: deliveryId, once } = payload as { delivery: number; once?: boolean };
  const { db } = ctx;
  const [row] = await db
    .select({ delivery: webhookDeliveries, webhook: webhooks })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhook_id))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (row?.delivery.status !== 'pending') return;
  const { delivery, webhook } = row;
  if (!webhook.active && !once) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', error: 'the endpoint is switched off', next_attempt_at: null })
      .where(eq(webhookDeliveries.id, deliveryId));
    return;
  }
  const secret = open(ctx.config.sessionSecret, SECRET_PURPOSE, webhook.secret);
  const timestamp = Math.floor(Date.now() / 1000);
  const attempt = { attempts: delivery.attempts + 1, last_attempt_at: new Date() };
  let outcome: { ok: boolean; status: number | null; excerpt: string; durationMs: number | null; error: string };
  try {
    if (!secret) throw new Error('the secret cannot be read: was SESSION_SECRET changed?');
    const result = await postJson(
      new URL(webhook.url),
      {
        'user-agent': 'Backoffice-Webhooks/1',
        'webhook-id': delivery.event_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature(secret, delivery.event_id, timestamp, delivery.body),
      },
      delivery.body,
      ctx.config.webhooksAllowPrivate,
    );
    const ok = result.status >= 200 && result.status < 300;
    outcome = {
      ok,
      status: result.status,
      excerpt: result.excerpt,
      durationMs: result.durationMs,
      error: ok ? '' : `the receiver answered ${result.status}`,
    };
  } catch (err) {
    outcome = {
      ok: false,
      status: null,
      excerpt: '',
      durationMs: null,
      error: String((err as Error).message ?? err).slice(0, 500),
    };
  }
  const answered = {
    ...attempt,
    response_status: outcome.status,
    response_excerpt: outcome.excerpt,
    duration_ms: outcome.durationMs,
    error: outcome.error,
  };
  if (outcome.ok) {
    await db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({ ...answered, status: 'delivered', next_attempt_at: null })
        .where(eq(webhookDeliveries.id, deliveryId));
      await tx.update(webhooks).set({ failing_since: null }).where(eq(webhooks.id, webhook.id));
    });
    return;
  }
  await db.transaction(async (tx) => {
    const now = new Date();
    const failingSince = webhook.failing_since ?? now;
    if (!once && now.getTime() - failingSince.getTime() >= WEBHOOK_RETRY.switchOffAfterMs) {
      await tx
        .update(webhookDeliveries)
        .set({ ...answered, status: 'failed', next_attempt_at: null })
        .where(eq(webhookDeliveries.id, deliveryId));
      await tx.update(webhooks).set({ active: false, switched_off_at: now }).where(eq(webhooks.id, webhook.id));
      await tx
        .update(webhookDeliveries)
        .set({
          status: 'failed',
          error: 'the endpoint was switched off after failing for a day',
          next_attempt_at: null,
        })
        .where(and(eq(webhookDeliveries.webhook_id, webhook.id), eq(webhookDeliveries.status, 'pending')));
      return;
    }
    if (!once) await tx.update(webhooks).set({ failing_since: failingSince }).where(eq(webhooks.id, webhook.id));
    const wait = Math.min(WEBHOOK_RETRY.firstMs * 4 ** (attempt.attempts - 1), WEBHOOK_RETRY.maxMs);
    const next = once ? null : new Date(now.getTime() + wait);
    await tx
      .update(webhookDeliveries)
      .set({ ...answered, status: next ? 'pending' : 'failed', next_attempt_at: next })
      .where(eq(webhookDeliveries.id, deliveryId));
    if (next) await enqueue(tx, WEBHOOK_JOB, { delivery: deliveryId }, next);
  });
}
