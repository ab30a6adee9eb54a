import type { Selectable } from 'kysely';
import type { AttemptStatus } from '../webhooks/webhooks.sender.ts';

/** A delivery's state: what the sender's last attempt decided (webhooks/webhooks.sender.ts). */
export type DeliveryStatus = AttemptStatus;

/** One webhook delivery: a fixed range of a job's results in completion order (decisions C6, G27). */
export interface WebhookDeliveriesTable {
  id: string;
  job_id: string;
  /** 1-based per job, fixed at creation, never renumbered (decisions G27). */
  batch_sequence: number;
  /** First completion sequence carried (inclusive); `last_seq + 1` for an empty final delivery. */
  first_seq: number;
  /** Last completion sequence carried (inclusive). */
  last_seq: number;
  is_final: number;
  /** Progress counters when the delivery was assembled (payload `values_done`, `values_errors`). */
  values_done: number;
  values_errors: number;
  /** `host:port` of the callback URL, for the per-receiver concurrency bound. */
  target_host: string;
  status: DeliveryStatus;
  /** Attempts spent from the current budget (a replay starts a fresh budget). */
  attempts: number;
  /** Bumped by every replay, so an attempt in flight during a replay does not overwrite it. */
  generation: number;
  last_http_status: number | null;
  last_error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  /** Who holds the delivery while an attempt is in flight, and until when. */
  lease_token: string | null;
  lease_until: string | null;
}

export type WebhookDelivery = Selectable<WebhookDeliveriesTable>;

/**
 * Per-job delivery assembly state of a job that delivers webhooks. Written in the transaction that
 * records each value (decisions G27), so it always agrees with the results and the deliveries.
 */
export interface StreamStatesTable {
  job_id: string;
  /** Completion sequence of the last result seen. */
  completed_seq: number;
  /** Results seen with `success: false`. */
  values_errors: number;
  /** Completion sequence up to which results are in a delivery. */
  batched_through_seq: number;
  /** `batch_sequence` the next delivery gets. */
  next_batch_sequence: number;
  /** When the oldest result not yet in a delivery completed; null when none is waiting. */
  open_since: string | null;
  /** 1 once the final delivery exists. */
  finalized: number;
}

export type StreamState = Selectable<StreamStatesTable>;
