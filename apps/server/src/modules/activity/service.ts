import { LOG_MODELS, type Locale, type LogItem, type LogModel } from '@backoffice/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activityLogs } from '../../db/schema.js';
import { t } from '../../i18n/index.js';

/** The user's latest log items, mapped for the user menu. */
export async function recentActivity(db: Db, userId: number, lang: Locale, limit = 10): Promise<LogItem[]> {
  const rows = await db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.user_id, userId))
    .orderBy(desc(activityLogs.id))
    .limit(limit);
  return rows.map((row) => {
    const meta = LOG_MODELS[row.model as LogModel] ?? { route: null, icon: 'file' };
    return {
      id: row.id,
      model: row.model,
      route: meta.route,
      row_id: row.row_id,
      action: row.action,
      action_label: t(lang, `log.${row.action}`),
      icon: meta.icon,
      title: t(lang, `models.${row.model}`),
      created_at: row.created_at.toISOString(),
    };
  });
}
