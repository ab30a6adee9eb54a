/**
 * The wire shapes of the Pricecrawl API as the client sends and receives them (docs/api.md,
 * docs/streams.md, docs/history.md, decisions G6–G8, G31). Written out here rather than imported
 * from the service so the client depends on nothing but the HTTP contract.
 */
import type { DeliverMode } from './client.webhooks.ts';

/** A job's or stream's lifecycle state. */
export type JobStatusName = 'new' | 'working' | 'finished' | 'failed';

/** The body of `POST /job` (docs/api.md); `values` may be a list or one comma-separated string. */
export interface JobSubmission {
  source: string;
  country: string;
  key?: string;
  topic?: string;
  values: string[] | string;
  max_pages?: number;
  /** Seconds; 0 forces a fresh crawl. */
  max_age?: number;
  sort_by?:
    'ranking_descending' | 'price_ascending' | 'price_descending' | 'total_ascending' | 'rating_descending';
  /** Minutes, 1..1440. */
  timeout?: number;
  callback_url?: string;
  /** Days. */
  not_found_max_age?: number;
  include_meta?: boolean;
  fetch_seller_names?: boolean;
  /** Seconds (1..120) or `true` (= 120); only with exactly one value. */
  wait?: number | boolean;
  /** Minutes (15..10080): an interval job re-running its values on that period. */
  interval?: number;
  /** Interval jobs (decisions G40): every result of each run (default), or only changes. */
  deliver?: DeliverMode;
}

/** The body of `POST /stream`: a submission with a required `callback_url`. */
export interface StreamSubmission extends Omit<
  JobSubmission,
  'wait' | 'interval' | 'deliver' | 'callback_url'
> {
  callback_url: string;
  /** Results per delivery, 1..200 (default 100). */
  delivery_batch_size?: number;
  client_ref?: string | null;
}

/** A job as `POST /job` and `PUT /job/{id}` present it: every effective parameter. */
export interface Job {
  _id: string;
  source: string;
  country: string;
  key: string;
  topic: string;
  values: string[];
  max_pages: number;
  max_age: number;
  sort_by: string;
  timeout: number;
  not_found_max_age: number;
  include_meta: boolean;
  fetch_seller_names: boolean;
  callback_url: string | null;
  status: JobStatusName;
  interval?: number;
  next_run_at?: string | null;
  deliver?: DeliverMode;
  createdAt: string;
  updatedAt: string;
}

/** The trust block of a result (docs/trust.md). */
export interface Trust {
  score: number | null;
  components: Record<string, unknown>;
  /** Indices into `content.offers` of price outliers. */
  flagged_offers: number[];
  /** Indices into `content.offers` of offers for another product (decisions G38); absent on older results. */
  wrong_product_offers?: number[];
  [field: string]: unknown;
}

/** A result item of spec 2.3. */
export interface ResultItem {
  key: string;
  success: boolean;
  reason: string | null;
  /** On a `parameter_invalid` result or a `web` refusal: what is wrong or refused (decisions G37). */
  reason_detail?: string;
  /**
   * Source-specific (spec 2.4). `price_min`, `price_max`, `price_avg`, `offers_count` count the
   * clean offers; `price_min_all` … `offers_count_all` every offer (decisions G38).
   */
  content: Record<string, unknown> | null;
  served_from: 'live' | 'cache';
  observed_at: string | null;
  trust: Trust;
  meta?: Record<string, unknown>;
}

/** The answer of `POST /job`. */
export interface SubmitJobResponse {
  error: false;
  job: Job;
  /** Present when the job has a `callback_url`: its 64-hex signing secret, shown once. */
  webhook_secret?: string;
  /** With `wait`: the results once the job ended within the wait. */
  results?: ResultItem[];
  /** With `wait`: true when the wait ended before the job. */
  wait_timed_out?: true;
}

/** `GET /job/{id}`: the progress of a job (for an interval job, of its latest run). */
export interface JobProgress {
  _id: string;
  status: JobStatusName;
  done: number;
  all: number;
  /** Why the job ended `failed` (its work could not go on); only on a failed job. */
  failure_reason?: string | null;
  interval?: number;
  next_run_at?: string | null;
  run_id?: string | null;
  /** Interval jobs: why the latest period did not start; null once a later period starts. */
  last_run_error?: string | null;
}

/** The answer of `GET /job/{id}`. */
export interface JobStatusResponse {
  error: false;
  job: JobProgress;
  wait_timed_out?: true;
}

/** The answer of `GET /job/{id}/download`. */
export interface JobDownload {
  error: false;
  job_id: string;
  status: JobStatusName;
  results: ResultItem[];
}

/** The body of `PUT /job/{id}` (interval jobs, decisions G5). */
export interface IntervalUpdate {
  interval?: number;
  values?: string[] | string;
  deliver?: DeliverMode;
  [field: string]: unknown;
}

/** The answer of `POST /stream`. */
export interface SubmitStreamResponse {
  error: false;
  job_id: string;
  /** 64 hex characters; shown only here. Keep it to verify deliveries. */
  webhook_secret: string;
  client_ref: string | null;
}

/** Delivery counts by state. */
export interface DeliveryCounts {
  pending: number;
  delivered: number;
  failed: number;
  dead_lettered: number;
}

/** `GET /stream/{id}` (decisions G6). */
export interface StreamStatus {
  error: false;
  job_id: string;
  status: JobStatusName;
  values_total: number;
  values_done: number;
  values_errors: number;
  is_final: boolean;
  batches_emitted: number;
  deliveries: DeliveryCounts;
  client_ref: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One element of a stream results page: a value's result and where it stands. */
export interface StreamResult {
  _id: string;
  /** The value's 0-based position in the de-duplicated submission. */
  index: number;
  source: string;
  country: string;
  completed_at: string;
  result: ResultItem;
}

/** Query of `GET /stream/{id}/results`. */
export interface StreamResultsQuery {
  offset?: number;
  /** At most 1 000 (default 100). */
  limit?: number;
  /** A delivery's `batch_sequence`: exactly that delivery's results (offset and limit ignored). */
  batch?: number;
}

/** `GET /stream/{id}/results`. */
export interface StreamResultsPage {
  error: false;
  job_id: string;
  values_total: number;
  values_done: number;
  values_errors: number;
  is_final: boolean;
  offset: number;
  limit: number;
  /** Present when the page was asked for with `batch`. */
  batch?: number;
  count: number;
  results: StreamResult[];
}

/** A delivery's state (docs/streams.md). */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'dead_lettered';

/** A delivery record (decisions G7). */
export interface Delivery {
  _id: string;
  job_id: string;
  batch_sequence: number;
  status: DeliveryStatus;
  attempts: number;
  results_count: number;
  is_final: boolean;
  last_http_status: number | null;
  last_error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
}

/** Query of `GET /stream/{id}/deliveries` and `GET /job/{id}/deliveries`. */
export interface DeliveriesQuery {
  offset?: number;
  limit?: number;
  status?: DeliveryStatus;
}

/** `GET /stream/{id}/deliveries` and `GET /job/{id}/deliveries`. */
export interface DeliveriesPage {
  error: false;
  job_id: string;
  offset: number;
  limit: number;
  /** Deliveries matching the filter. */
  total: number;
  count: number;
  deliveries: Delivery[];
}

/** `POST /stream/deliveries/{id}/replay` (decisions G8). */
export interface ReplayResponse {
  error: false;
  delivery_id: string;
  status: 'pending';
}

/** `POST /stream/{id}/replay-all` and `POST /job/{id}/replay-all`. */
export interface ReplayAllResponse {
  error: false;
  replayed: number;
}
