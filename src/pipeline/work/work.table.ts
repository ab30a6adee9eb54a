import type { ColumnType, Selectable } from 'kysely';
import type { CrawlRecord } from '../../crawl/vocabulary/crawl.types.ts';
import type { Trust } from '../../crawl/trust/trust.types.ts';

/** Job states of spec 3.1. */
export type JobStatus = 'new' | 'working' | 'finished' | 'failed';
export type JobKind = 'batch' | 'stream';

export interface JobsTable {
  id: string;
  account_id: string;
  kind: JobKind;
  source: string;
  country: string;
  key: string;
  topic: string;
  max_pages: number;
  max_age: number;
  sort_by: string;
  timeout_minutes: number;
  not_found_max_age: number;
  include_meta: number;
  fetch_seller_names: number;
  callback_url: string | null;
  client_ref: string | null;
  delivery_batch_size: number | null;
  webhook_secret: string | null;
  interval_minutes: number | null;
  next_run_at: string | null;
  status: JobStatus;
  values_total: number;
  /** Values with a result (any outcome). */
  values_done: number;
  /** Values whose result has `success: false`. */
  values_errors: number;
  credits_reserved: number;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  deadline_at: string;
  expires_at: string;
  results_purged: number;
  /** The interval job this job is one run of (decisions G5); null for every other job. */
  parent_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the job ended `failed` (spec 3.1: its work could not go on); null otherwise. */
  failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Interval jobs: why the latest period did not start (G5); cleared by the next run that starts. */
  last_run_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** Interval jobs and their runs: each run delivers every result, or only changes (decisions G40). */
  deliver: ColumnType<DeliverMode, DeliverMode | undefined, DeliverMode>;
  /**
   * 1 from the creation of a job with a webhook until the answer that carries its webhook_secret
   * was written: its deliveries wait for it (issue 26 part 6, docs/streams.md).
   */
  answer_pending: ColumnType<number, number | undefined, number>;
}

/** What each run's delivery of an interval job carries (decisions G40). */
export type DeliverMode = 'all' | 'changes';

/** `template`: a value of an interval job, copied into each run and never crawled itself. */
export type ValueStatus = 'pending' | 'done' | 'template';

export interface JobValuesTable {
  job_id: string;
  /** Position in the de-duplicated value list (decisions G20). */
  idx: number;
  value: string;
  status: ValueStatus;
  success: number | null;
  reason: string | null;
  /** The result item (spec 2.3) as JSON. */
  result: string | null;
  credits: number;
  /** 1-based order of completion within the job (decisions C6). */
  completion_seq: number | null;
  completed_at: string | null;
}

export type Job = Selectable<JobsTable>;
export type JobValue = Selectable<JobValuesTable>;

/** The result item of spec 2.3, as stored in `job_values.result` and as downloaded. */
export interface ResultItem {
  key: string;
  success: boolean;
  reason: string | null;
  /** decisions G37: a sentence naming what is wrong, on `parameter_invalid` results only. */
  reason_detail?: string;
  content: Record<string, unknown> | null;
  served_from: 'live' | 'cache';
  observed_at: string | null;
  trust: Trust;
  meta?: { crawls: CrawlRecord[]; partial?: boolean };
}
