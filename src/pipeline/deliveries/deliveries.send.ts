/**
 * One delivery attempt from start to record: the signed request (`deliveries.request.ts`) posted
 * over the sender's agent, its outcome recorded (`deliveries.outcome.ts`).
 */
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { Db } from '../../platform/db/database.ts';
import type { CallbackPolicy } from '../webhooks/webhooks.callback-url.ts';
import { postDelivery, type AttemptAnswer } from '../webhooks/webhooks.sender.ts';
import { recordOutcome } from './deliveries.outcome.ts';
import { releaseLease } from './deliveries.repository.ts';
import { signedRequestOf } from './deliveries.request.ts';
import type { DeliveryStatus, WebhookDelivery } from './deliveries.table.ts';

/** What sending needs from the sender. */
export interface SendContext {
  db: Db;
  logger: Logger;
  policy: CallbackPolicy;
  /** The HTTP client, made on first use. */
  agent: () => Promise<Dispatcher>;
  connectTimeoutMs: number;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Aborted when the shutdown grace ran out: attempts in flight stop, uncounted. */
  signal: AbortSignal;
  now: () => number;
  random?: () => number;
  onAttempt?: (status: DeliveryStatus, attempt: number) => void;
}

/** One attempt: the signed request posted, or why it was not sent (`gone`: the job is gone). */
async function attemptDelivery(
  context: SendContext,
  delivery: WebhookDelivery,
): Promise<AttemptAnswer | 'gone'> {
  const request = await signedRequestOf(context.db, context.policy, delivery, context.now());
  if ('kind' in request) {
    return request.kind === 'gone' ? 'gone' : { kind: 'error', refused: true, message: request.message };
  }
  return postDelivery({
    ...request,
    agent: await context.agent(),
    connectTimeoutMs: context.connectTimeoutMs,
    timeoutMs: context.timeoutMs,
    maxResponseBytes: context.maxResponseBytes,
    signal: context.signal,
  });
}

/**
 * Sends a leased delivery once and records the outcome under lease `token`. An attempt cut by
 * shutdown gives the lease back uncounted; a fault of ours (database) is logged and the lease runs
 * out, so the delivery is taken up again.
 */
export async function sendDelivery(
  context: SendContext,
  delivery: WebhookDelivery,
  token: string,
): Promise<void> {
  const { db, logger } = context;
  try {
    const answer = await attemptDelivery(context, delivery);
    if (context.signal.aborted && answer !== 'gone' && answer.kind === 'error') {
      await releaseLease(db, delivery.id, token);
      return;
    }
    const outcome = {
      db,
      logger,
      token,
      nowMs: context.now(),
      random: context.random,
      onAttempt: context.onAttempt,
    };
    await recordOutcome(outcome, delivery, answer);
  } catch (err) {
    logger.error({ err, deliveryId: delivery.id }, 'webhook attempt could not be recorded');
  }
}
