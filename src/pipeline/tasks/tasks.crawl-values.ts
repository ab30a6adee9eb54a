/**
 * The crawl task of a chunk of values (issue 11, "batch the bookkeeping"): one queue task per
 * `VALUES_PER_CHUNK` values of a job instead of one per value. It reads the job and the account
 * once, lists the chunk's values still pending (a chunk that runs again after a crash only does
 * what is missing), serves them concurrently under the process-wide `valueSlots` bound and records
 * them in group commits (`results.group.ts`). It ends, and the queue forgets it, only after every
 * value it served is committed; a value that failed makes the whole chunk run again, which then
 * finds the others done.
 */
import { findAccountById } from '../../accounts/accounts/accounts.repository.ts';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { CrawlEngine } from '../../crawl/engine/crawl.engine.ts';
import type { WorkSlots } from '../../platform/lib/slots.ts';
import { createConversionStore, createSellerNameStore } from '../../crawl/engine/crawl-state.repository.ts';
import type { ValueQuery } from '../../crawl/vocabulary/crawl.types.ts';
import { findChunkObservations, serveValue, type ServeDeps } from '../observations/observations.service.ts';
import { PermanentTaskError, type TaskSpec } from '../queue/queue.types.ts';
import { createGroupWriter } from '../results/results.group.ts';
import { valueQueryOf, type ValueResolution } from '../results/results.item.ts';
import { sourceModules } from '../../crawl/sources/sources.registry.ts';
import { resolveBaseUrl } from '../../crawl/sources/sources.urls.ts';
import { findJob, listPendingValuesInRange, markJobWorking } from '../work/work.repository.ts';
import type { Job } from '../work/work.table.ts';

/**
 * Values per crawl task. Large enough that the queue's claim and delete, the job and account reads
 * and the group commits are shared by many values; small enough that a cluster spreads a job over
 * its workers and a re-run after a crash repeats little (docs/performance.md, "Bookkeeping per value").
 */
export const VALUES_PER_CHUNK = 32;

/** What crawling needs from the process. */
export interface CrawlDeps extends ServeDeps {
  logger: Logger;
  /**
   * The process-wide bound on values crawling at once (`WORKER_CONCURRENCY`), shared by every crawl
   * task; its held count is what claimed tasks still have to serve (the queue's look-ahead).
   */
  valueSlots: WorkSlots;
  /** Present in processes that crawl (worker role). */
  engine?: CrawlEngine;
  config: Pick<Config, 'sourceBaseUrls'>;
  /** Origin of the bundled sandbox, the default upstream (`http://127.0.0.1:<SANDBOX_PORT>`). */
  sandboxOrigin: string;
}

/** Task name of a chunk's crawl, as stored in the queue. */
export const CRAWL_VALUES_TASK = 'crawl_values';

/** A chunk of a job: values with index in `[from, to)`. */
export interface ValueChunk {
  jobId: string;
  from: number;
  to: number;
}

/**
 * The task that crawls the values `[from, to)` of a job. Its dedupe key makes adding it again
 * harmless while it is queued or running, which the reconciliation of lost work relies on.
 */
export function crawlValuesTaskSpec(chunk: ValueChunk): TaskSpec {
  const { jobId, from, to } = chunk;
  return { task: CRAWL_VALUES_TASK, payload: { jobId, from, to }, dedupeKey: `crawl:${jobId}:${from}-${to}` };
}

/**
 * The chunks covering the given value indexes of a job (ascending), each within one aligned
 * window of `VALUES_PER_CHUNK` so that the same value always falls in the same chunk (and dedupe
 * key), whoever enqueues it: submission or reconciliation.
 */
export function chunksOf(jobId: string, indexes: Iterable<number>): ValueChunk[] {
  const windows = new Set<number>();
  for (const index of indexes) windows.add(Math.floor(index / VALUES_PER_CHUNK));
  return [...windows]
    .sort((a, b) => a - b)
    .map((window) => ({ jobId, from: window * VALUES_PER_CHUNK, to: (window + 1) * VALUES_PER_CHUNK }));
}

function readChunk(payload: Record<string, unknown>): ValueChunk {
  const { jobId, from, to } = payload;
  if (typeof jobId !== 'string') throw new PermanentTaskError('payload has no jobId');
  if (!Number.isInteger(from) || !Number.isInteger(to) || (to as number) <= (from as number)) {
    throw new PermanentTaskError('payload has no valid value range');
  }
  return { jobId, from: from as number, to: to as number };
}

/** Crawls the chunk of a job the payload names and records its results (task `crawl_values`). */
export function crawlValuesTask(deps: CrawlDeps, payload: Record<string, unknown>): Promise<void> {
  return crawlChunk(deps, readChunk(payload));
}

/**
 * Serves a chunk's pending values. What it will serve is promised to `valueSlots` at once, before
 * the first await, so the queue sees it and claims no further ahead than the process can serve.
 */
export async function crawlChunk(deps: CrawlDeps, chunk: ValueChunk): Promise<void> {
  const release = deps.valueSlots.hold(chunk.to - chunk.from);
  try {
    const job = await findJob(deps.db, chunk.jobId);
    if (!job || job.status === 'finished' || job.status === 'failed') return;
    const pending = await listPendingValuesInRange(deps.db, chunk.jobId, chunk);
    release(chunk.to - chunk.from - pending.length);
    if (pending.length === 0) return;
    // Several chunks of a new job may race here; only the one that moved it logs the start.
    if (job.status === 'new' && (await markJobWorking(deps.db, job.id))) {
      deps.logger.info(
        { jobId: job.id, kind: job.kind, source: job.source, values: job.values_total },
        'job started',
      );
    }
    const account = await findAccountById(deps.db, job.account_id);
    const cacheReuse = account?.cache_reuse === 1;
    const queries = pending.map(({ value }) => valueQueryOf(job, value));
    const context = {
      cacheReuse,
      writer: createGroupWriter(deps, job, pending.length),
      fresh: await findChunkObservations(deps, job, queries, cacheReuse),
    };
    const deadline = new Date(job.deadline_at);
    const served = await Promise.allSettled(
      pending.map(async ({ idx: index }, position) => {
        const query = queries[position] as ValueQuery;
        const crawl = () => deps.valueSlots.run(() => resolveValue(deps, job, query, deadline));
        try {
          // The observation cache decides whether to crawl (docs/cache.md) and records the result.
          await serveValue(deps, job, { index, query, crawl }, context);
        } catch (error) {
          context.writer.forgo();
          throw error;
        } finally {
          release(1);
        }
      }),
    );
    const failure = served.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failure) throw failure.reason;
  } finally {
    release();
  }
}

async function resolveValue(
  deps: CrawlDeps,
  job: Job,
  query: ValueQuery,
  deadline: Date,
): Promise<ValueResolution> {
  if (deadline.getTime() <= Date.now()) return { kind: 'failed', reason: 'timeout', crawls: [] };
  if (!deps.engine) throw new Error('this process has no crawl engine (role api) but ran a crawl task');
  const result = await deps.engine.crawlValue({
    query,
    driver: sourceModules[query.source].driver,
    baseUrl: resolveBaseUrl(deps.config.sourceBaseUrls, deps.sandboxOrigin, query.source, job.country),
    deadline,
    conversions: createConversionStore(deps.db),
    sellerNames: createSellerNameStore(deps.db),
  });
  if ('failure' in result) return { kind: 'failed', reason: result.failure, crawls: result.crawls };
  return { kind: 'crawled', outcome: result.outcome, crawls: result.crawls };
}
