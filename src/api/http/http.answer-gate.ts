/**
 * Deliveries after the answer (issue 26 part 6): a job with a webhook is created with
 * `answer_pending`, and its deliveries wait until the answer that carries its `webhook_secret` has
 * been written to the submitter. Fastify's `onResponse` runs once the reply is finished (handed to
 * the socket), so a receiver called after it can count on the submitter having had the secret.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { markJobAnswered } from '../../pipeline/deliveries/deliveries.repository.ts';

const ANSWERED_JOB = new WeakMap<FastifyRequest, string>();

/** Notes that `request`'s answer carries job `jobId`'s secret, to be released once it is written. */
export function releaseAfterAnswer(request: FastifyRequest, jobId: string): void {
  ANSWERED_JOB.set(request, jobId);
}

/**
 * The route's `onResponse` hook: marks the job answered and wakes the sender, whose first attempt
 * then starts at once. A failure here only delays the deliveries (to the wait limit of
 * `deliveries.claim.ts`), so it is logged, never thrown.
 */
export function answerGate(deps: { db: Db; onDeliveryCreated: () => void }) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const jobId = ANSWERED_JOB.get(request);
    if (jobId === undefined) return;
    ANSWERED_JOB.delete(request);
    try {
      await markJobAnswered(deps.db, jobId);
      deps.onDeliveryCreated();
    } catch (error) {
      request.log.warn({ err: error, jobId }, 'could not release the deliveries of an answered job');
    }
  };
}
