import type { LogAction, LogModel } from '@backoffice/shared';
import type { Db } from '../db/client.js';
import { activityLogs } from '../db/schema.js';
import { enqueue } from '../jobs/queue.js';

/**
 * What a write changed, as the change job gets it: the job (`site/webhook-events.ts`) tells the webhooks. `published`
 * and `unpublished` name the records a save turned on or off; `resource` names a form's kind.
 */
export interface Change {
  model: LogModel;
  ids: number[];
  action: LogAction;
  published?: number[];
  unpublished?: number[];
  resource?: string;
}
export const CHANGE_JOB = 'change';

/**
 * Queues a change in the write's transaction, so that a write acknowledged 2xx always reaches the webhooks, also
 * when the server dies right after the answer (docs/features/integrations.md).
 */
export async function queueChange(db: Pick<Db, 'insert'>, change: Change) {
  if (change.ids.length === 0) return;
  await enqueue(db, CHANGE_JOB, { ...change, at: new Date().toISOString() });
}

/**
 * Records one write of a user: `{user, model, row_id, action}`, read back by the user menu (`modules/activity`), and
 * queues its change. An operator's command (`cli.ts`) is logged without a user.
 */
export async function logActivity(
  db: Db,
  entry: { userId: number | null; model: LogModel; rowIds: number[]; action: LogAction },
  flips?: Pick<Change, 'published' | 'unpublished' | 'resource'>,
) {
  if (entry.rowIds.length === 0) return;
  await db
    .insert(activityLogs)
    .values(
      entry.rowIds.map((rowId) => ({ user_id: entry.userId, model: entry.model, row_id: rowId, action: entry.action })),
    );
  await queueChange(db, { model: entry.model, ids: entry.rowIds, action: entry.action, ...flips });
}
