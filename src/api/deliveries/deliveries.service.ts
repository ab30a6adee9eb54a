/**
 * Webhook delivery records and replays (decisions G7, G8; spec 4.9-4.11) of any job that delivers
 * webhooks: a stream, or a batch job with a `callback_url` (its one final delivery per run).
 */
import type { Account } from '../../accounts/accounts/accounts.table.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { findAccountJob } from '../../pipeline/work/work.repository.ts';
import type { Job } from '../../pipeline/work/work.table.ts';
import { isObjectId } from '../../platform/lib/ids.ts';
import { isoNow } from '../../platform/lib/time.ts';
import {
  countDeliveriesByStatus,
  findDelivery,
  listDeliveries,
  replayDeadLetters,
  replayDelivery,
} from '../../pipeline/deliveries/deliveries.repository.ts';
import type { DeliveryStatus, WebhookDelivery } from '../../pipeline/deliveries/deliveries.table.ts';

/** A delivery record (decisions G7). */
export function presentDelivery(delivery: WebhookDelivery): Record<string, unknown> {
  return {
    _id: delivery.id,
    job_id: delivery.job_id,
    batch_sequence: delivery.batch_sequence,
    status: delivery.status,
    attempts: delivery.attempts,
    results_count: Math.max(0, delivery.last_seq - delivery.first_seq + 1),
    is_final: delivery.is_final === 1,
    last_http_status: delivery.last_http_status,
    last_error: delivery.last_error,
    created_at: delivery.created_at,
    last_attempt_at: delivery.last_attempt_at,
    next_attempt_at: delivery.next_attempt_at,
    delivered_at: delivery.delivered_at,
  };
}

/** A page of a job's deliveries in `batch_sequence` order. */
export async function deliveriesPage(
  deps: { db: Db },
  job: Job,
  query: { offset: number; limit: number; status?: DeliveryStatus },
): Promise<Record<string, unknown>> {
  const rows = await listDeliveries(deps.db, { jobId: job.id, ...query });
  const counts = await countDeliveriesByStatus(deps.db, job.id);
  const total =
    query.status === undefined ? Object.values(counts).reduce((sum, n) => sum + n, 0) : counts[query.status];
  return {
    error: false,
    job_id: job.id,
    offset: query.offset,
    limit: query.limit,
    total,
    count: rows.length,
    deliveries: rows.map(presentDelivery),
  };
}

/** Re-enqueues every dead-lettered delivery with a fresh attempt budget (spec 4.10). */
export async function replayAll(deps: { db: Db }, job: Job): Promise<{ error: false; replayed: number }> {
  if (job.results_purged === 1) throw new AppError('results_expired');
  return { error: false, replayed: await replayDeadLetters(deps.db, job.id, isoNow()) };
}

/**
 * Re-sends one delivery now with a fresh budget, same id and `batch_sequence` (decisions G8).
 * A delivery of another account's job is as unknown as a missing one.
 */
export async function replayOne(
  deps: { db: Db },
  account: Account,
  deliveryId: string,
): Promise<{ error: false; delivery_id: string; status: DeliveryStatus }> {
  const delivery = isObjectId(deliveryId) ? await findDelivery(deps.db, deliveryId) : undefined;
  const job = delivery ? await findAccountJob(deps.db, account.id, delivery.job_id) : undefined;
  if (!delivery || !job) throw new AppError('not_found', 'delivery not found');
  if (job.results_purged === 1) throw new AppError('results_expired');
  await replayDelivery(deps.db, delivery.id, isoNow());
  return { error: false, delivery_id: delivery.id, status: 'pending' };
}
