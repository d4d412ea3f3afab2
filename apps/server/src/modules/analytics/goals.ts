import { type FormKind, VISITOR_FIELD } from '@backoffice/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.js';
import { recordGoal } from './beacons.js';

/** The `visitor_id` the tracker put into a form (text of at most 64 characters), else null. */
export function visitorIdOf(body: unknown): string | null {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[VISITOR_FIELD] : undefined;
  if (typeof value !== 'string') return null;
  const id = value.trim();
  return id && id.length <= 64 ? id : null;
}

/**
 * Goal 1 for a stored submission whose form carried the tracker's visitor id (`visitor`), in the submission's
 * transaction. A missing or unknown id counts nothing, and a failure here is logged without touching the submission:
 * the goal's own transaction is a savepoint of `tx`, rolled back alone.
 */
export async function countGoal(
  tx: Tx,
  log: FastifyBaseLogger,
  kind: FormKind,
  visitor: string | null,
  submissionId: number,
): Promise<void> {
  if (!visitor) return;
  try {
    await recordGoal(tx, visitor, kind, submissionId);
  } catch (err) {
    log.error({ err, kind }, 'goal not recorded');
  }
}
