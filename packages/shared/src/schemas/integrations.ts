import { z } from 'zod';
import { ERR } from '../messages.js';
import { zBool, zUpdatedAt } from '../zod-helpers.js';

/**
 * What other systems get of the content (docs/features/integrations.md): API tokens for the delivery API, who may
 * read it (token required, CORS origins), and webhooks with their delivery log. Role 1 manages all of it.
 */

/** `read`: published content, as without a token; `preview`: also unpublished and scheduled records. */
export const API_TOKEN_SCOPES = ['read', 'preview'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

const zName = z.string({ error: ERR.min3 }).trim().min(3, ERR.min3).max(100, ERR.invalid);

/** `POST /api/api-tokens`: a new token's name and scope. */
export const apiTokenSchema = z.object({
  name: zName,
  scope: z.enum(API_TOKEN_SCOPES, { error: ERR.requiredOption }),
});
export type ApiTokenInput = z.infer<typeof apiTokenSchema>;

const userRef = z.object({ id: z.number().int(), name: z.string(), surname: z.string() }).nullable();

/** A token as the list shows it: never the token itself, only its first characters. */
export const apiTokenItemSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scope: z.enum(API_TOKEN_SCOPES),
    prefix: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    created_by: userRef,
  })
  .meta({ id: 'ApiToken' });
export type ApiTokenItem = z.infer<typeof apiTokenItemSchema>;

/** The answer to a create: the token in full, this once. */
export const apiTokenCreatedSchema = z.object({
  message: z.string(),
  data: apiTokenItemSchema.extend({ token: z.string() }),
});

/**
 * An allowed origin: `https://shop.example.com` or `http://localhost:3000` (scheme, host, port; no path), or `*` for
 * any site.
 */
const zOrigin = z
  .string({ error: ERR.invalid })
  .trim()
  .max(255, ERR.invalid)
  .regex(/^(\*|https?:\/\/[a-z0-9.-]+(:\d{1,5})?)$/i, ERR.invalid)
  .transform((s) => s.toLowerCase());

/** `POST /api/delivery-access`: whether the delivery API needs a token, and the origins a browser may read it from. */
export const deliveryAccessSchema = z.object({
  token_required: zBool,
  cors_origins: z.preprocess(
    (v) => (v == null || v === '' ? [] : v),
    z
      .array(zOrigin, { error: ERR.invalid })
      .max(50, ERR.invalid)
      .transform((list) => [...new Set(list)]),
  ),
  /** As loaded; null while the rule was never saved. */
  updated_at: zUpdatedAt.nullable(),
});
export type DeliveryAccessInput = z.infer<typeof deliveryAccessSchema>;

export const deliveryAccessResponseSchema = z
  .object({
    data: z.object({
      token_required: z.boolean(),
      cors_origins: z.array(z.string()),
      updated_at: z.string().nullable(),
    }),
  })
  .meta({ id: 'DeliveryAccess' });

/** What a webhook can be told (docs/api.md "Webhooks"). */
export const WEBHOOK_EVENTS = [
  'content.created',
  'content.updated',
  'content.published',
  'content.unpublished',
  'content.removed',
  'content.restored',
  'form.submitted',
  'settings.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** An endpoint's address: http(s), at most 2,000 characters (the server also refuses private addresses). */
const zWebhookUrl = z
  .string({ error: ERR.invalid })
  .trim()
  .max(2000, ERR.invalid)
  .refine((s) => {
    try {
      const url = new URL(s);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, ERR.invalid);

/** `POST /api/webhooks` and `POST /api/webhooks/{id}`. */
export const webhookSchema = z.object({
  name: zName,
  url: zWebhookUrl,
  events: z.preprocess(
    (v) => (v == null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.enum(WEBHOOK_EVENTS, { error: ERR.invalid }), { error: ERR.requiredSelect })
      .min(1, ERR.requiredSelect)
      .max(WEBHOOK_EVENTS.length, ERR.invalid)
      .transform((list) => [...new Set(list)]),
  ),
  active: z.preprocess((v) => (v === undefined ? true : v), zBool),
  updated_at: zUpdatedAt,
});
export type WebhookInput = z.infer<typeof webhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookItemSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    active: z.boolean(),
    /** When the deliveries began to fail without a success since; null while they succeed. */
    failing_since: z.string().nullable(),
    /** When the server switched the endpoint off after a day of failures; null otherwise. */
    switched_off_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    last_delivery: z
      .object({
        status: z.enum(WEBHOOK_DELIVERY_STATUSES),
        response_status: z.number().int().nullable(),
        at: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'Webhook' });
export type WebhookItem = z.infer<typeof webhookItemSchema>;

/** A create's answer (and a new secret's): the signing secret in full, this once. */
export const webhookCreatedSchema = z.object({
  message: z.string(),
  data: webhookItemSchema.extend({ secret: z.string() }),
});

export const webhookDeliverySchema = z
  .object({
    id: z.number().int(),
    /** The id the receiver sees in `webhook-id`: the same for every try and for "send again". */
    event_id: z.string(),
    event: z.string(),
    resource: z.string().nullable(),
    record_id: z.number().int().nullable(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    response_status: z.number().int().nullable(),
    duration_ms: z.number().int().nullable(),
    /** The first 1,000 characters of the receiver's answer. */
    response_excerpt: z.string(),
    /** Why the last try failed (timeout, refused address, HTTP status …); '' when it did not. */
    error: z.string(),
    created_at: z.string(),
    last_attempt_at: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `GET /api/webhooks/{id}/deliveries?page=N`: the endpoint's deliveries, newest first, 25 a page. */
export const webhookDeliveriesResponseSchema = z.object({
  data: z.array(webhookDeliverySchema),
  meta: z.object({
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  }),
});
