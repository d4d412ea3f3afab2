import type { LogAction, LogModel } from '@backoffice/shared';
import type { Db } from '../db/client.js';
import { activityLogs } from '../db/schema.js';

/**
 * Records one write of a user: `{user, model, row_id, action}`, read back by the user menu (`modules/activity`). An
 * operator's command (`cli.ts`) is logged without a user.
 */
export async function logActivity(
  db: Db,
  entry: { userId: number | null; model: LogModel; rowIds: number[]; action: LogAction },
) {
  if (entry.rowIds.length === 0) return;
  await db
    .insert(activityLogs)
    .values(
      entry.rowIds.map((rowId) => ({ user_id: entry.userId, model: entry.model, row_id: rowId, action: entry.action })),
    );
}
