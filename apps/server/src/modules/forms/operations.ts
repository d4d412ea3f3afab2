// The writes of form submissions, each one operation: a visitor's submission from the public site (site/form-routes.ts
// calls it after the body is validated), and the admin's removal of one or many (docs/api.md Submissions: the policy,
// then the rows and the log entry in one transaction).
import { FORM_LIMITS, type FormKind } from '@backoffice/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/session.js';
import { attemptThrottle } from '../../http/throttle.js';
import { logActivity, queueChange } from '../../resources/activity-log.js';
import { softResource } from '../../resources/resource.js';
import { countGoal } from '../analytics/goals.js';
import { queueSubmissionMails } from './mail.js';
import { canForm } from './policy.js';
import { FORM_TABLES, type StoredSubmission, type SubmissionInput, storeSubmission } from './service.js';

/**
 * Stores a visitor's submission (docs/features/forms.md), in one transaction: the address's count
 * (`FORM_LIMITS.perAddress` accepted submissions per window, else 429 and nothing stored), the submission, its goal
 * (when the form carried the tracker's `visitor` id), both mails' jobs and the change's job. A post answered with an
 * error leaves nothing behind, so the visitor's retry stores it once; a refused one (field errors) costs nothing, as
 * it never gets here. The jobs run after the answer.
 */
export async function submitForm(
  db: Db,
  submission: SubmissionInput,
  visit: { address: string; visitor: string | null; log: FastifyBaseLogger },
): Promise<StoredSubmission> {
  return db.transaction(async (tx) => {
    const accepted = attemptThrottle(tx, { max: FORM_LIMITS.perAddress, windowMs: FORM_LIMITS.windowMs });
    await accepted.hit(`form-accepted|${visit.address}`, tx);
    const stored = await storeSubmission(tx, submission);
    await countGoal(tx, visit.log, submission.kind, visit.visitor, stored.id);
    await queueSubmissionMails(tx, submission.kind, stored);
    const resource = `forms/${submission.kind}`;
    await queueChange(tx, { model: 'Form', ids: [stored.id], action: 'store', resource });
    return stored;
  });
}

/**
 * The operator's import of past submissions (the demo's last four weeks: seed/demo/forms.ts): each stored as a
 * visitor's is, with the time it came, and one log entry per kind as the server, all in one transaction. No mail is
 * sent, no goal counted and no address's count kept: these visitors sent theirs long ago. Answers the ids.
 */
export async function importSubmissions(
  db: Db,
  submissions: readonly { submission: SubmissionInput; at: Date }[],
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const stored: { kind: FormKind; id: number }[] = [];
    for (const { submission, at } of submissions)
      stored.push({ kind: submission.kind, id: (await storeSubmission(tx, submission, { at })).id });
    for (const kind of new Set(stored.map((s) => s.kind))) {
      const ids = stored.filter((s) => s.kind === kind).map((s) => s.id);
      const entry = { userId: null, model: 'Form', rowIds: ids, action: 'store' } as const;
      await logActivity(tx, entry, { resource: `forms/${kind}` });
    }
    return stored.map((s) => s.id);
  });
}

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
