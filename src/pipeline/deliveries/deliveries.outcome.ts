/**
 * What an attempt's answer does to its delivery: delivered, failed, or the next attempt's time
 * (`decideAfterAttempt`, spec 3.2), written under the attempt's lease, counted and logged.
 */
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { decideAfterAttempt, type AttemptAnswer } from '../webhooks/webhooks.sender.ts';
import { recordAttempt } from './deliveries.repository.ts';
import type { DeliveryStatus, WebhookDelivery } from './deliveries.table.ts';

/** Where and when the outcome is recorded. */
export interface OutcomeContext {
  db: Db;
  logger: Logger;
  /** The claim's lease token. */
  token: string;
  nowMs: number;
  random?: () => number;
  /** Told the recorded outcome (metrics); `pending` means a retry is scheduled. */
  onAttempt?: (status: DeliveryStatus, attempt: number) => void;
}

const JOB_GONE = {
  status: 'failed' as const,
  nextAttemptAtMs: null,
  lastHttpStatus: null,
  lastError: 'job gone',
};

/** Records the outcome of one attempt of `delivery` (`gone`: its job no longer exists). */
export async function recordOutcome(
  context: OutcomeContext,
  delivery: WebhookDelivery,
  answer: AttemptAnswer | 'gone',
): Promise<void> {
  const { nowMs } = context;
  const attempt = delivery.attempts + 1;
  const decision = answer === 'gone' ? JOB_GONE : decideAfterAttempt(answer, attempt, nowMs, context.random);
  const atIso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  await recordAttempt(
    context.db,
    { id: delivery.id, token: context.token, generation: delivery.generation },
    {
      status: decision.status,
      attempts: attempt,
      lastHttpStatus: decision.lastHttpStatus,
      lastError: decision.lastError,
      attemptedAtIso: new Date(nowMs).toISOString(),
      nextAttemptAtIso: atIso(decision.nextAttemptAtMs),
      deliveredAtIso: decision.status === 'delivered' ? new Date(nowMs).toISOString() : null,
    },
  );
  context.onAttempt?.(decision.status, attempt);
  context.logger.info(
    {
      deliveryId: delivery.id,
      jobId: delivery.job_id,
      batch: delivery.batch_sequence,
      attempt,
      status: decision.status,
      httpStatus: decision.lastHttpStatus,
    },
    'webhook delivery attempt',
  );
}
