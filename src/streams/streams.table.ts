import type { Selectable } from 'kysely';

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
