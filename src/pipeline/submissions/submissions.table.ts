/** An Idempotency-Key an account used, and the job it answered (decisions G26). */
export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  request_hash: string;
  job_id: string;
  /** The submission response, answered again for a repeated request (decisions G26). */
  response: string;
  created_at: string;
}
