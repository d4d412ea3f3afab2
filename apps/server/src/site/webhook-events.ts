// The change job (docs/api.md "Webhooks"): what a write changed, queued in its transaction
// (`resources/activity-log.ts`), becomes the webhook events of each record with the addresses where other channels
// read it: the delivery API's and the site's, per locale.
import { LOCALES, type Locale, type LogAction, type LogModel, type WebhookEvent } from '@backoffice/shared';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { anyActiveWebhook, queueDeliveries, type WebhookMessage } from '../modules/integrations/webhooks.js';
import type { Change } from '../resources/activity-log.js';
import { SITE_KINDS, type SiteKind } from './addresses.js';

/** The content models the webhooks tell of, by the name a delivery gives their resource. */
const RESOURCES: Partial<Record<LogModel, { name: string; kind?: SiteKind; delivery?: string }>> = {
  Page: { name: 'pages', kind: SITE_KINDS.pages, delivery: 'pages' },
  Blog: { name: 'news', kind: SITE_KINDS.news, delivery: 'news' },
  Reference: { name: 'references', kind: SITE_KINDS.references, delivery: 'references' },
  Gallery: { name: 'galleries', kind: SITE_KINDS.galleries, delivery: 'galleries' },
  GalleryImage: { name: 'gallery_images' },
  Text: { name: 'texts' },
  Panel: { name: 'panels' },
  Partner: { name: 'partners' },
  Category: { name: 'categories' },
};

const CONTENT_EVENTS: Partial<Record<LogAction, WebhookEvent>> = {
  store: 'content.created',
  upload: 'content.created',
  update: 'content.updated',
  order: 'content.updated',
  rotate: 'content.updated',
  destroy: 'content.removed',
  restore: 'content.restored',
  publish: 'content.published',
  hide: 'content.unpublished',
};

/** Each record's title_url per locale, for the kinds that have an address. */
async function titleUrls(ctx: AppContext, kind: SiteKind, ids: number[]) {
  const rows = await ctx.db
    .select({ id: kind.langOwner, locale: kind.langs.language_code, titleUrl: kind.langs.title_url })
    .from(kind.langs)
    .where(inArray(kind.langOwner, ids));
  const out = new Map<number, Partial<Record<Locale, string>>>();
  for (const row of rows)
    out.set(row.id as number, { ...out.get(row.id as number), [row.locale as Locale]: row.titleUrl });
  return out;
}

/** The events of one change, each with where the record can be read. */
export async function changeMessages(ctx: AppContext, change: Change): Promise<WebhookMessage[]> {
  const base = ctx.config.appUrl;
  if (change.model === 'Settings')
    return change.ids.map((id) => ({ event: 'settings.changed', resource: 'settings', record_id: id, data: {} }));
  if (change.model === 'Form')
    return change.action === 'store'
      ? change.ids.map((id) => ({
          event: 'form.submitted',
          resource: change.resource ?? 'forms',
          record_id: id,
          data: {},
        }))
      : [];
  const resource = RESOURCES[change.model];
  const event = CONTENT_EVENTS[change.action];
  if (!resource || !event) return [];
  const urls = resource.kind ? await titleUrls(ctx, resource.kind, change.ids) : new Map();
  const flipped = new Map<number, WebhookEvent>([
    ...(change.published ?? []).map((id) => [id, 'content.published'] as const),
    ...(change.unpublished ?? []).map((id) => [id, 'content.unpublished'] as const),
  ]);
  return change.ids.flatMap((id) => {
    const byLocale: Partial<Record<Locale, string>> = urls.get(id) ?? {};
    const locales = resource.kind ? LOCALES.filter((l) => byLocale[l]) : [...LOCALES];
    const addresses = Object.fromEntries(
      locales.map((locale) => {
        const titleUrl = byLocale[locale];
        return [
          locale,
          {
            delivery:
              resource.delivery && titleUrl
                ? `${base}/api/delivery/${resource.delivery}/${encodeURIComponent(titleUrl)}?locale=${locale}`
                : null,
            site: resource.kind && titleUrl ? `${base}${resource.kind.urlOf(locale, titleUrl)}` : null,
          },
        ];
      }),
    );
    const message = (e: WebhookEvent): WebhookMessage => ({
      event: e,
      resource: resource.name,
      record_id: id,
      data: { locales, addresses },
    });
    const flip = flipped.get(id);
    return flip ? [message(event), message(flip)] : [message(event)];
  });
}

/** The change job: the deliveries of its events, to every active endpoint that takes them, in one transaction. */
export async function deliverChange(ctx: AppContext, payload: unknown) {
  if (!(await anyActiveWebhook(ctx.db))) return;
  const messages = await changeMessages(ctx, payload as Change);
  if (messages.length === 0) return;
  await ctx.db.transaction((tx) => queueDeliveries(tx, messages));
}
