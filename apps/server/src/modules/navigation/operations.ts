// The navigation's one write (docs/api.md Navigation): a group's tree saved as the editor arranged it, one operation
// (the policy, then the nodes and the log entry in one transaction).
import type { NavigationTreeItem } from '@backoffice/shared';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../http/errors.js';
import { canEditContent } from '../../http/policy.js';
import type { AuthUser } from '../../http/session.js';
import { logActivity } from '../../resources/activity-log.js';
import { saveTree } from './service.js';

/** Saves group `groupId`'s tree; the pages moved are logged as `order`. Answers their ids. */
export async function moveTree(
  db: Db,
  actor: AuthUser,
  groupId: number,
  tree: NavigationTreeItem[],
): Promise<number[]> {
  if (!canEditContent(actor, 'update')) throw forbidden();
  return db.transaction(async (tx) => {
    const moved = await saveTree(tx, groupId, tree);
    await logActivity(tx, { userId: actor.id, model: 'Page', rowIds: moved, action: 'order' });
    return moved;
  });
}
