/**
 * The crawl task of a chunk of values (issue 11, "batch the bookkeeping"): one queue task per
 * `VALUES_PER_CHUNK` values of a job instead of one per value. It reads the job and the account
 * once, lists the chunk's values still pending (a chunk that runs again after a crash only does
 * what is missing), serves them concurrently under the process-wide `valueSlots` bound and records
 * them in group commits (`results.group.ts`). It ends, and the queue forgets it, only after every
 * value it served is committed; a value that failed makes the whole chunk run again, which then
 * finds the others done.
 */
import { Type } from '@sinclair/typebox';
import { findAccountById } from '../../accounts/accounts/accounts.repository.ts';
import { createConversionStore, createSellerNameStore } from '../../crawl/engine/crawl-state.repository.ts';
import { sourceModules } from '../../crawl/sources/sources.registry.ts';
import { resolveBaseUrl } from '../../crawl/sources/sources.urls.ts';
import type { ValueQuery } from '../../crawl/vocabulary/crawl.types.ts';
import { findChunkObservations, serveValue } from '../observations/observations.service.ts';
import { PermanentTaskError, type TaskSpec } from '../queue/queue.types.ts';
import { failJob } from '../results/results.fail.ts';
import { createGroupWriter } from '../results/results.group.ts';
import { valueQueryOf, type ValueResolution } from '../results/results.item.ts';
import { findJob, listPendingValuesInRange, markJobWorking } from '../work/work.repository.ts';
import type { Job } from '../work/work.table.ts';
import { defineTask, taskSpec, type CrawlDeps, type TaskHelpers } from './tasks.types.ts';

/**
 * Values per crawl task. Large enough that the queue's claim and delete, the job and account reads
 * and the group commits are shared by many values; small enough that a cluster spreads a job over
 * its workers and a re-run after a crash repeats little (docs/performance.md, "Bookkeeping per value").
 */
export const VALUES_PER_CHUNK = 32;

/** A chunk of a job: values with index in `[from, to)`. */
export interface ValueChunk {
  jobId: string;
  from: number;
  to: number;
}

/** Longest failure reason kept on a job: enough for the error, never a stack. */
const FAILURE_REASON_MAX_CHARS = 500;

/**
 * Called by the queue when it gives a crawl task up (its attempts ran out, or it threw a
 * `PermanentTaskError`): its values can never be answered, so the whole job ends `failed` now
 * rather than reported as `timeout` hours later (spec 3.1, decisions C1).
 */
async function crawlGivenUp(
  payload: Readonly<Record<string, unknown>>,
  error: unknown,
  helpers: TaskHelpers,
): Promise<void> {
  const { jobId, index, from, to } = payload;
  // A payload without a job names no job to end.
  if (typeof jobId !== 'string') return;
  let values = 'value';
  if (typeof index === 'number') values = `value ${index}`;
  else if (typeof from === 'number' && typeof to === 'number') values = `values ${from} to ${to - 1}`;
  const message = error instanceof Error ? error.message : String(error);
  const reason = `the crawl of ${values} was given up: ${message}`;
  await failJob(helpers, jobId, reason.slice(0, FAILURE_REASON_MAX_CHARS));
}

/** Task `crawl_values`: crawls the values `[from, to)` of a job and records their results. */
export const CRAWL_CHUNK_TASK = defineTask({
  name: 'crawl_values',
  payload: Type.Object({
    jobId: Type.String(),
    from: Type.Integer({ minimum: 0 }),
    to: Type.Integer({ minimum: 1 }),
  }),
  async run(chunk, helpers) {
    if (chunk.to <= chunk.from) throw new PermanentTaskError('crawl_values payload: to must be above from');
    await crawlChunk(helpers, chunk);
  },
  givenUp: crawlGivenUp,
});

/**
 * Task `crawl_value`: one value, as versions before chunked crawl tasks queued it; rows an older
 * version queued still run after an upgrade, as a chunk of one value.
 */
export const CRAWL_ONE_VALUE_TASK = defineTask({
  name: 'crawl_value',
  payload: Type.Object({ jobId: Type.String(), index: Type.Integer({ minimum: 0 }) }),
  async run({ jobId, index }, helpers) {
    await crawlChunk(helpers, { jobId, from: index, to: index + 1 });
  },
  givenUp: crawlGivenUp,
});

/**
 * The task that crawls the values `[from, to)` of a job. Its dedupe key makes adding it again
 * harmless while it is queued or running, which the reconciliation of lost work relies on.
 */
export function crawlChunkTaskSpec(chunk: ValueChunk): TaskSpec {
  const { jobId, from, to } = chunk;
  return taskSpec(CRAWL_CHUNK_TASK, { jobId, from, to }, { dedupeKey: `crawl:${jobId}:${from}-${to}` });
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

/**
 * Serves a chunk's pending values. What it will serve is promised to `valueSlots` at once, before
 * the first await, so the queue sees it and claims no further ahead than the process can serve.
 */
async function crawlChunk(deps: CrawlDeps, chunk: ValueChunk): Promise<void> {
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
    openTargets: sourceModules[query.source].spec.openTargets === true,
  });
  if ('failure' in result) {
    const { failure, crawls, detail } = result;
    return { kind: 'failed', reason: failure, crawls, ...(detail === undefined ? {} : { detail }) };
  }
  return { kind: 'crawled', outcome: result.outcome, crawls: result.crawls };
}
