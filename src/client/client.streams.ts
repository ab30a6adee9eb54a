import { randomUUID } from 'node:crypto';
import { TimeoutError } from './client.errors.ts';
import type { ClientContext, SubmitOptions } from './client.jobs.ts';
import type {
  DeliveriesPage,
  DeliveriesQuery,
  ReplayAllResponse,
  ReplayResponse,
  StreamResult,
  StreamResultsPage,
  StreamResultsQuery,
  StreamStatus,
  StreamSubmission,
  SubmitStreamResponse,
} from './client.types.ts';

/** How stream results are iterated. */
export interface IterateOptions {
  /** Results to skip first (default 0). */
  offset?: number;
  /** Results per request, at most 1 000 (default 1 000). */
  pageSize?: number;
  /**
   * `true` (default): keep polling until the final delivery exists and every result was read;
   * `false`: stop at the first page that is not full (what exists now).
   */
  follow?: boolean;
  /** Pause between polls while waiting for new results (default 1 000 ms). */
  pollIntervalMs?: number;
  /** Give up (a `TimeoutError`) after this long; by default follow until the end. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Stream jobs: submission, progress, results, deliveries and replays (docs/streams.md). */
export class StreamsApi {
  constructor(private readonly context: ClientContext) {}

  /** Submits a stream job with an `Idempotency-Key`; keep the answer's `webhook_secret`. */
  submit(submission: StreamSubmission, options: SubmitOptions = {}): Promise<SubmitStreamResponse> {
    return this.context.transport.send<SubmitStreamResponse>({
      method: 'POST',
      path: '/stream',
      body: submission,
      headers: { 'idempotency-key': options.idempotencyKey ?? randomUUID() },
      auth: 'api',
      signal: options.signal,
    });
  }

  /** Progress and delivery counts (decisions G6). */
  get(jobId: string, options: { signal?: AbortSignal } = {}): Promise<StreamStatus> {
    return this.context.transport.send<StreamStatus>({
      method: 'GET',
      path: `/stream/${encodeURIComponent(jobId)}`,
      auth: 'api',
      signal: options.signal,
    });
  }

  /** One page of results in completion order, or exactly one delivery's results with `batch`. */
  results(
    jobId: string,
    query: StreamResultsQuery = {},
    options: { signal?: AbortSignal } = {},
  ): Promise<StreamResultsPage> {
    return this.context.transport.send<StreamResultsPage>({
      method: 'GET',
      path: `/stream/${encodeURIComponent(jobId)}/results`,
      query: { offset: query.offset, limit: query.limit, batch: query.batch },
      auth: 'api',
      signal: options.signal,
    });
  }

  /**
   * Pages of results as they complete. Results only ever append (decisions C6), so paging forward
   * by offset neither skips nor repeats one, even while the job runs.
   */
  async *pages(jobId: string, options: IterateOptions = {}): AsyncGenerator<StreamResultsPage> {
    const { pageSize = 1_000, follow = true, pollIntervalMs = 1_000 } = options;
    const deadline = options.timeoutMs === undefined ? Infinity : this.context.now() + options.timeoutMs;
    let offset = options.offset ?? 0;
    for (;;) {
      const page = await this.results(jobId, { offset, limit: pageSize }, { signal: options.signal });
      if (page.count > 0) yield page;
      offset += page.count;
      if (page.count === pageSize) continue;
      if (page.is_final || !follow) return;
      // A stream that failed as a whole may never get its final delivery.
      if ((await this.get(jobId, { signal: options.signal })).status === 'failed') return;
      if (this.context.now() >= deadline) {
        throw new TimeoutError(`stream ${jobId} not final after ${options.timeoutMs} ms`, {
          status: 0,
          code: 'timeout',
        });
      }
      await this.context.sleep(pollIntervalMs);
    }
  }

  /** Every result, one at a time, in completion order (see `pages`). */
  async *iterate(jobId: string, options: IterateOptions = {}): AsyncGenerator<StreamResult> {
    for await (const page of this.pages(jobId, options)) yield* page.results;
  }

  /** Delivery records in `batch_sequence` order (decisions G7). */
  deliveries(jobId: string, query: DeliveriesQuery = {}): Promise<DeliveriesPage> {
    return this.context.transport.send<DeliveriesPage>({
      method: 'GET',
      path: `/stream/${encodeURIComponent(jobId)}/deliveries`,
      query: { offset: query.offset, limit: query.limit, status: query.status },
      auth: 'api',
    });
  }

  /** Re-sends one delivery now with a fresh attempt budget, keeping its id (decisions G8). */
  replay(deliveryId: string): Promise<ReplayResponse> {
    return this.context.transport.send<ReplayResponse>({
      method: 'POST',
      path: `/stream/deliveries/${encodeURIComponent(deliveryId)}/replay`,
      auth: 'api',
    });
  }

  /** Moves every dead-lettered delivery of the job back to `pending`. */
  replayAll(jobId: string): Promise<ReplayAllResponse> {
    return this.context.transport.send<ReplayAllResponse>({
      method: 'POST',
      path: `/stream/${encodeURIComponent(jobId)}/replay-all`,
      auth: 'api',
    });
  }
}
