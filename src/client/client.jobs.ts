import { randomUUID } from 'node:crypto';
import { TimeoutError } from './client.errors.ts';
import type { Transport } from './client.http.ts';
import type {
  DeliveriesPage,
  DeliveriesQuery,
  IntervalUpdate,
  Job,
  JobDownload,
  JobProgress,
  JobStatusResponse,
  JobSubmission,
  ReplayAllResponse,
  SubmitJobResponse,
} from './client.types.ts';

/** Options of a submission. */
export interface SubmitOptions {
  /**
   * Makes the submission safe to retry (decisions G26). By default a fresh UUID per call, reused by
   * the client's own retries of that call, so a retried submit never creates a second job.
   */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** How `jobs.wait` polls: the interval grows from `initialIntervalMs` by `factor` up to `maxIntervalMs`. */
export interface WaitOptions {
  initialIntervalMs?: number;
  maxIntervalMs?: number;
  factor?: number;
  /** Give up (a `TimeoutError`) after this long; by default wait until the job ends. */
  timeoutMs?: number;
  /** Called with every status read, e.g. to draw progress. */
  onProgress?: (progress: JobProgress) => void;
  signal?: AbortSignal;
}

/** The services the resource groups share. */
export interface ClientContext {
  transport: Transport;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

const ENDED = new Set(['finished', 'failed']);

/** Batch jobs: `POST /job`, `GET /job/{id}`, downloads, interval updates (docs/api.md). */
export class JobsApi {
  constructor(private readonly context: ClientContext) {}

  /** Submits a batch job with an `Idempotency-Key`; answers the job (and `webhook_secret` with a callback). */
  submit(submission: JobSubmission, options: SubmitOptions = {}): Promise<SubmitJobResponse> {
    return this.context.transport.send<SubmitJobResponse>({
      method: 'POST',
      path: '/job',
      body: submission,
      headers: { 'idempotency-key': options.idempotencyKey ?? randomUUID() },
      auth: 'api',
      signal: options.signal,
    });
  }

  /** Reads a job's progress; `waitSeconds` (1..120) holds the request until the job ends or that time passes. */
  async get(
    jobId: string,
    options: { waitSeconds?: number; signal?: AbortSignal } = {},
  ): Promise<JobProgress> {
    const answer = await this.context.transport.send<JobStatusResponse>({
      method: 'GET',
      path: `/job/${encodeURIComponent(jobId)}`,
      query: { wait: options.waitSeconds },
      auth: 'api',
      signal: options.signal,
    });
    return answer.job;
  }

  /** Polls with growing intervals until the job is `finished` or `failed`; answers its last progress. */
  async wait(jobId: string, options: WaitOptions = {}): Promise<JobProgress> {
    const { initialIntervalMs = 500, maxIntervalMs = 5_000, factor = 1.5 } = options;
    const deadline = options.timeoutMs === undefined ? Infinity : this.context.now() + options.timeoutMs;
    for (let intervalMs = initialIntervalMs; ; intervalMs = Math.min(maxIntervalMs, intervalMs * factor)) {
      const progress = await this.get(jobId, { signal: options.signal });
      options.onProgress?.(progress);
      if (ENDED.has(progress.status)) return progress;
      const remainingMs = deadline - this.context.now();
      if (remainingMs <= 0) {
        throw new TimeoutError(`job ${jobId} still ${progress.status} after ${options.timeoutMs} ms`, {
          status: 0,
          code: 'timeout',
          body: progress,
        });
      }
      await this.context.sleep(Math.min(intervalMs, remainingMs));
    }
  }

  /** The results of a finished job as JSON (`{error:true}` answers such as `job not finished` throw). */
  download(jobId: string, options: { signal?: AbortSignal } = {}): Promise<JobDownload> {
    return this.context.transport.send<JobDownload>({
      method: 'GET',
      path: `/job/${encodeURIComponent(jobId)}/download`,
      auth: 'api',
      signal: options.signal,
    });
  }

  /** The results of a finished job as RFC 4180 CSV text (decisions G10). */
  downloadCsv(jobId: string, options: { signal?: AbortSignal } = {}): Promise<string> {
    return this.context.transport.send<string>({
      method: 'GET',
      path: `/job/${encodeURIComponent(jobId)}/download`,
      query: { format: 'csv' },
      auth: 'api',
      expect: 'text',
      signal: options.signal,
    });
  }

  /** The results of a finished job as an XLSX workbook (sheet `results`, docs/downloads.md). */
  downloadXlsx(jobId: string, options: { signal?: AbortSignal } = {}): Promise<Uint8Array> {
    return this.context.transport.send<Uint8Array>({
      method: 'GET',
      path: `/job/${encodeURIComponent(jobId)}/download`,
      query: { format: 'xlsx' },
      auth: 'api',
      expect: 'bytes',
      signal: options.signal,
    });
  }

  /** Changes an interval job (`PUT /job/{id}`, decisions G5). */
  async update(jobId: string, changes: IntervalUpdate): Promise<Job> {
    const answer = await this.context.transport.send<{ job: Job }>({
      method: 'PUT',
      path: `/job/${encodeURIComponent(jobId)}`,
      body: changes,
      auth: 'api',
    });
    return answer.job;
  }

  /** Deletes an interval job and its results (`DELETE /job/{id}`). */
  async delete(jobId: string): Promise<void> {
    await this.context.transport.send({
      method: 'DELETE',
      path: `/job/${encodeURIComponent(jobId)}`,
      auth: 'api',
    });
  }

  /**
   * Webhook delivery records of a batch job with a `callback_url` (an interval job's under each
   * run's id), in `batch_sequence` order; as `streams.deliveries` (decisions G7).
   */
  deliveries(jobId: string, query: DeliveriesQuery = {}): Promise<DeliveriesPage> {
    return this.context.transport.send<DeliveriesPage>({
      method: 'GET',
      path: `/job/${encodeURIComponent(jobId)}/deliveries`,
      query: { offset: query.offset, limit: query.limit, status: query.status },
      auth: 'api',
    });
  }

  /** Moves every dead-lettered delivery of a batch job back to `pending`; a single one: `streams.replay`. */
  replayAll(jobId: string): Promise<ReplayAllResponse> {
    return this.context.transport.send<ReplayAllResponse>({
      method: 'POST',
      path: `/job/${encodeURIComponent(jobId)}/replay-all`,
      auth: 'api',
    });
  }
}
