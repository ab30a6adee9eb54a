/**
 * Delivery assembly (issue 5 §2, decisions G23, G25, G27). The results layer calls it inside the
 * transaction that records each value, so a result and the delivery carrying it commit together: a
 * crash can never lose, duplicate or renumber a delivery. A delivery is a fixed range of completion
 * sequences; it closes when `delivery_batch_size` results are waiting, when the job's last value
 * completes (`is_final`, the remainder, possibly empty), or when the flush finds results that have
 * waited longer than the flush interval.
 */
import type { Db } from '../../platform/db/database.ts';
import { findJob } from '../work/work.repository.ts';
import type { Job, ResultItem } from '../work/work.table.ts';
import { newObjectId } from '../../platform/lib/ids.ts';
import {
  insertDelivery,
  insertStreamState,
  listStaleOpenJobIds,
  lockStreamState,
  updateStreamState,
} from './deliveries.repository.ts';
import type { StreamStatesTable } from './deliveries.table.ts';

/** Default results per delivery (spec 2.1). */
export const DEFAULT_DELIVERY_BATCH_SIZE = 100;

/**
 * Results per delivery for a job that delivers webhooks: a stream's `delivery_batch_size`; a batch
 * job with a `callback_url` gets one final delivery with everything (spec 2.1). `undefined`: none.
 */
function batchSizeOf(job: Job): number | undefined {
  if (job.callback_url === null) return undefined;
  if (job.kind === 'stream') return job.delivery_batch_size ?? DEFAULT_DELIVERY_BATCH_SIZE;
  return Number.POSITIVE_INFINITY;
}

/**
 * `host:port` of a callback URL, the key of the per-receiver concurrency bound. Every job's
 * callback_url is checked at submission (decisions G28), yet this still never throws: it runs in the
 * transaction that records a result, which a URL must not fail (the sender marks a delivery to an
 * unusable address `failed`).
 */
export function receiverKey(callbackUrl: string): string {
  try {
    const url = new URL(callbackUrl);
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return `${url.hostname.toLowerCase()}:${port}`;
  } catch {
    return 'invalid-url';
  }
}

function freshState(jobId: string): StreamStatesTable {
  return {
    job_id: jobId,
    completed_seq: 0,
    values_errors: 0,
    batched_through_seq: 0,
    next_batch_sequence: 1,
    open_since: null,
    finalized: 0,
  };
}

/** Writes the delivery of the waiting results and advances the state past them. */
async function closeBatch(trx: Db, job: Job, state: StreamStatesTable, isFinal: boolean, now: Date) {
  const nowIso = now.toISOString();
  await insertDelivery(trx, {
    id: newObjectId(now),
    job_id: job.id,
    batch_sequence: state.next_batch_sequence,
    first_seq: state.batched_through_seq + 1,
    last_seq: state.completed_seq,
    is_final: isFinal ? 1 : 0,
    values_done: state.completed_seq,
    values_errors: state.values_errors,
    target_host: receiverKey(job.callback_url ?? ''),
    status: 'pending',
    attempts: 0,
    generation: 0,
    last_http_status: null,
    last_error: null,
    created_at: nowIso,
    last_attempt_at: null,
    next_attempt_at: nowIso,
    delivered_at: null,
    lease_token: null,
    lease_until: null,
  });
  state.next_batch_sequence += 1;
  state.batched_through_seq = state.completed_seq;
  state.open_since = null;
  if (isFinal) state.finalized = 1;
}

/** What assembly learns about a value that was just recorded. */
export interface ValueCompletion {
  /** 1-based completion order within the job (decisions C6). */
  sequence: number;
  item: ResultItem;
}

/**
 * Assembles just-recorded values of one job, in completion order, into the job's deliveries inside
 * the transaction that recorded them (decisions G27): the stream state is locked and written once,
 * and a batch closes after exactly the value it would close after were the values recorded one by
 * one. `jobFinished` says the last of them was the job's last value. Jobs without a callback_url
 * have none. Answers whether a delivery was written.
 */
export async function assembleDeliveries(
  trx: Db,
  {
    job,
    completions,
    jobFinished,
  }: { job: Job; completions: readonly ValueCompletion[]; jobFinished: boolean },
  now: Date = new Date(),
): Promise<boolean> {
  const size = batchSizeOf(job);
  if (size === undefined || completions.length === 0) return false;
  const existing = await lockStreamState(trx, job.id);
  const state = existing ?? freshState(job.id);
  if (state.finalized === 1) return false;
  let created = false;
  for (const [position, { sequence, item }] of completions.entries()) {
    state.completed_seq = Math.max(state.completed_seq, sequence);
    if (!item.success) state.values_errors += 1;
    if (jobFinished && position === completions.length - 1) {
      await closeBatch(trx, job, state, true, now);
      created = true;
    } else if (state.completed_seq - state.batched_through_seq >= size) {
      await closeBatch(trx, job, state, false, now);
      created = true;
    }
  }
  const open = state.completed_seq > state.batched_through_seq;
  if (open && state.open_since === null && job.kind === 'stream') state.open_since = now.toISOString();
  if (existing) await updateStreamState(trx, state);
  else await insertStreamState(trx, state);
  return created;
}

/**
 * Closes partial batches whose oldest result has waited `flushIntervalMs` or more, so a stream
 * whose results trickle still delivers promptly. Answers how many deliveries it wrote.
 */
export async function flushStaleBatches(
  db: Db,
  input: { flushIntervalMs: number; now: Date; limit?: number },
): Promise<number> {
  const cutoffIso = new Date(input.now.getTime() - input.flushIntervalMs).toISOString();
  const jobIds = await listStaleOpenJobIds(db, cutoffIso, input.limit ?? 200);
  let written = 0;
  for (const jobId of jobIds) {
    const job = await findJob(db, jobId);
    if (!job) continue;
    written += await db.transaction().execute(async (trx) => {
      const state = await lockStreamState(trx, jobId);
      const stale = state?.open_since != null && state.open_since <= cutoffIso;
      if (!state || !stale || state.finalized === 1 || state.completed_seq <= state.batched_through_seq) {
        return 0;
      }
      await closeBatch(trx, job, state, false, input.now);
      await updateStreamState(trx, state);
      return 1;
    });
  }
  return written;
}
