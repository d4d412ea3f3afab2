import { LOG_MODELS, type Locale, type LogItem, type LogModel } from '@backoffice/shared';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activityLogs, galleryImages } from '../../db/schema.js';
import { lookup, t } from '../../i18n/index.js';

/** The user's latest log items, mapped for the user menu. */
export async function recentActivity(db: Db, userId: number, lang: Locale, limit = 10): Promise<LogItem[]> {
  const rows = await db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.user_id, userId))
    .orderBy(desc(activityLogs.id))
    .limit(limit);
  const galleryOf = await galleriesOfImages(
    db,
    rows.flatMap((row) => (row.model === 'GalleryImage' && row.row_id !== null ? [row.row_id] : [])),
  );
  return rows.map((row) => {
    const meta = LOG_MODELS[row.model as LogModel] ?? { route: null, icon: 'file' };
    // A gallery image has no screen of its own: its item opens its gallery's images screen while the image exists.
    const galleryId = row.model === 'GalleryImage' && row.row_id !== null ? galleryOf.get(row.row_id) : undefined;
    const link: Pick<LogItem, 'route' | 'route_params'> =
      galleryId !== undefined
        ? { route: 'galleryImages', route_params: { galleryId } }
        : meta.route !== null
          ? { route: meta.route, route_params: row.row_id === null ? {} : { id: row.row_id } }
          : { route: null, route_params: null };
    return {
      id: row.id,
      model: row.model,
      ...link,
      row_id: row.row_id,
      action: row.action,
      action_label: actionLabel(lang, row.model, row.action),
      icon: meta.icon,
      title: t(lang, `models.${row.model}`),
      created_at: row.created_at.toISOString(),
    };
  });
}

/**
 * The grammatical gender of each model's Slovak name ("Partner upravený", "Stránka upravená"): which form of an
 * activity word agrees with it. Grammar, not a message, so it is kept here rather than in a catalogue; a plural name
 * (Nastavenia) has none and takes the plain form.
 */
const MODEL_GENDERS: Partial<Record<LogModel, 'm' | 'f'>> = {
  Blog: 'm',
  Brand: 'f',
  Category: 'f',
  Form: 'm',
  Gallery: 'f',
  GalleryImage: 'm',
  Order: 'f',
  Page: 'f',
  Partner: 'm',
  Payment: 'f',
  Reference: 'f',
  ApiToken: 'm',
  Webhook: 'm',
  Shipping: 'f',
  ShopProduct: 'm',
  ShopProductProperty: 'f',
  ShopVoucher: 'm',
  Slide: 'm',
  Text: 'm',
  User: 'm',
  Currency: 'f',
  Event: 'f',
  MailTemplate: 'f',
  Panel: 'm',
};

/** The action as a participle that agrees with the model's name (English has the one form under each gendered key). */
function actionLabel(lang: Locale, model: string, action: string): string {
  const gender = MODEL_GENDERS[model as LogModel];
  return (gender && lookup(lang, `log.${action}_${gender}`)) || t(lang, `log.${action}`);
}

/** The gallery of each image that still exists, by image id. */
async function galleriesOfImages(db: Db, imageIds: number[]): Promise<Map<number, number>> {
  if (imageIds.length === 0) return new Map();
  const rows = await db
    .select({ id: galleryImages.id, gallery_id: galleryImages.gallery_id })
    .from(galleryImages)
    .where(inArray(galleryImages.id, imageIds));
  return new Map(rows.map((row) => [row.id, row.gallery_id]));
}
