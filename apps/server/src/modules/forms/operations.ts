// The admin's writes of form submissions (docs/api.md Submissions): removal only, one or many, each one operation
// (the policy, then the rows and the log entry in one transaction). The public site creates them (site/form-routes.ts).
import type { FormKind } from '@backoffice/shared';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/session.js';
import { logActivity } from '../../resources/activity-log.js';
import { softResource } from '../../resources/resource.js';
import { canForm } from './policy.js';
import { FORM_TABLES } from './service.js';

/** Removes (soft) submissions `ids` of `kind`; answers the ids removed. With `one`, a missing row is a 404. */
export async function removeSubmissions(
  db: Db,
  actor: AuthUser,
  kind: FormKind,
  ids: readonly number[],
  one = false,
): Promise<number[]> {
  if (!canForm(actor, 'destroy')) throw forbidden();
  return db.transaction(async (tx) => {
    const rows = softResource(tx, FORM_TABLES[kind]);
    const changed = await rows.destroy([...new Set(ids)]);
    if (one && changed.length === 0 && !(await rows.exists(ids[0] ?? 0))) throw notFound();
    await logActivity(tx, { userId: actor.id, model: 'Form', rowIds: changed, action: 'destroy' });
    return changed;
  });
}
