import type { AppDeps } from '../app.deps.ts';
import { createConversionStore, createSellerNameStore } from '../crawl/crawl-state.repository.ts';
import type { ValueQuery } from '../crawl/crawl.types.ts';
import { sourceModules } from '../sources/sources.registry.ts';
import { serveValue } from '../observations/observations.service.ts';
import { PermanentTaskError, type TaskSpec } from '../queue/queue.types.ts';
import { resolveBaseUrl } from '../sources/sources.urls.ts';
import type { SortBy, SourceId, Topic, ValueKey } from '../sources/sources.types.ts';
import { recordValueResult, reservedShareOf } from '../results/results.record.ts';
import { findJob, findJobValue, listPendingValueIndexes, markJobWorking } from '../work/work.repository.ts';
import { buildResultItem, type ValueResolution } from '../results/results.item.ts';
import type { Job } from '../work/work.table.ts';

/** Task names, as stored in the queue. */
export const TASK = { crawlValue: 'crawl_value', expireJob: 'expire_job' } as const;

/**
 * The task that crawls value `index` of a job. Its dedupe key makes adding it again harmless while
 * it is queued or running, which the reconciliation of lost work relies on (tasks.reconcile.ts).
 */
export function crawlValueTaskSpec(jobId: string, index: number): TaskSpec {
  return { task: TASK.crawlValue, payload: { jobId, index }, dedupeKey: `crawl:${jobId}:${index}` };
}

/** The task that times out a job's pending values at its deadline; deduplicated like a crawl. */
export function expireJobTaskSpec(jobId: string, deadlineAtIso: string): TaskSpec {
  return {
    task: TASK.expireJob,
    payload: { jobId },
    runAt: new Date(deadlineAtIso),
    dedupeKey: `expire:${jobId}`,
  };
}

function queryOf(job: Job, value: string): ValueQuery {
  return {
    source: job.source as SourceId,
    country: job.country,
    key: job.key as ValueKey,
    topic: job.topic as Topic,
    value,
    maxPages: job.max_pages,
    sortBy: job.sort_by as SortBy,
    fetchSellerNames: job.fetch_seller_names === 1,
  };
}

function readPayload(payload: Record<string, unknown>): { jobId: string; index?: number } {
  const { jobId, index } = payload;
  if (typeof jobId !== 'string') throw new PermanentTaskError('payload has no jobId');
  if (index !== undefined && typeof index !== 'number')
    throw new PermanentTaskError('payload index is not a number');
  return { jobId, index };
}

/** Crawls one value of a job and records its result (task `crawl_value`). */
export async function crawlValueTask(deps: AppDeps, payload: Record<string, unknown>): Promise<void> {
  const { jobId, index } = readPayload(payload);
  if (index === undefined) throw new PermanentTaskError('payload has no index');
  const job = await findJob(deps.db, jobId);
  if (!job || job.status === 'finished' || job.status === 'failed') return;
  const row = await findJobValue(deps.db, jobId, index);
  if (!row || row.status === 'done') return;
  // Several tasks of a new job may race here; only the one that moved it logs the start.
  if (job.status === 'new' && (await markJobWorking(deps.db, jobId))) {
    deps.logger.info({ jobId, kind: job.kind, source: job.source, values: job.values_total }, 'job started');
  }

  const query = queryOf(job, row.value);
  const deadline = new Date(job.deadline_at);
  // The observation cache decides whether to crawl (docs/cache.md) and records the result.
  await serveValue(deps, job, { index, query, crawl: () => resolveValue(deps, job, query, deadline) });
}

async function resolveValue(
  deps: AppDeps,
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

/**
 * The hard timeout (decisions C1): at `deadline_at` every value still without a result gets
 * `success:false, reason:"timeout"` and the job becomes `finished`.
 */
export async function expireJobTask(deps: AppDeps, payload: Record<string, unknown>): Promise<void> {
  const { jobId } = readPayload(payload);
  const job = await findJob(deps.db, jobId);
  if (!job || job.status === 'finished' || job.status === 'failed') return;
  const now = new Date();
  for (;;) {
    const pending = await listPendingValueIndexes(deps.db, jobId, 500);
    if (pending.length === 0) return;
    for (const index of pending) {
      const row = await findJobValue(deps.db, jobId, index);
      if (!row) continue;
      const item = buildResultItem(
        queryOf(job, row.value),
        { kind: 'failed', reason: 'timeout', crawls: [] },
        {
          includeMeta: job.include_meta === 1,
          now,
        },
      );
      await recordValueResult(deps, job, {
        index,
        item,
        cost: 0,
        reservedShare: reservedShareOf(deps, job, false),
      });
    }
  }
}
