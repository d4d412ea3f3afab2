import { type FormKind, VISITOR_FIELD } from '@backoffice/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { recordGoal } from './beacons.js';

/** The `visitor_id` the tracker put into a form (text of at most 64 characters), else null. */
export function visitorIdOf(body: unknown): string | null {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[VISITOR_FIELD] : undefined;
  if (typeof value !== 'string') return null;
  const id = value.trim();
  return id && id.length <= 64 ? id : null;
}

/**
 * Goal 1 for a stored submission whose form carried the tracker's visitor id. A missing or unknown id counts
 * nothing, and a failure here is logged without touching the submission: inside the form's transaction the goal's
 * own transaction is a savepoint, rolled back alone.
 */
export async function countGoal(
  ctx: AppContext,
  request: FastifyRequest,
  kind: FormKind,
  body: unknown,
  submissionId: number,
): Promise<void> {
  const visitor = visitorIdOf(body);
  if (!visitor) return;
  try {
    await recordGoal(ctx.db, visitor, kind, submissionId);
  } catch (err) {
    request.log.error({ err, kind }, 'goal not recorded');
  }
}
