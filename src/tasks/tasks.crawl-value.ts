import type { AppDeps } from '../app.deps.ts';
import { createConversionStore, createSellerNameStore } from '../crawl/crawl-state.repository.ts';
import type { ValueQuery } from '../crawl/crawl.types.ts';
import { sourceModules } from '../sources/sources.registry.ts';
import { serveValue } from '../observations/observations.service.ts';
import { PermanentTaskError, type TaskSpec } from '../queue/queue.types.ts';
import { resolveBaseUrl } from '../sources/sources.urls.ts';
import { recordValueResult, reservedShareOf } from '../results/results.record.ts';
import { findJob, findJobValue, listPendingValueIndexes, markJobWorking } from '../work/work.repository.ts';
import { buildResultItem, valueQueryOf, type ValueResolution } from '../results/results.item.ts';
import { failJob } from '../results/results.fail.ts';
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

  const query = valueQueryOf(job, row.value);
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

/** Longest failure reason kept on a job: enough for the error, never a stack. */
const FAILURE_REASON_MAX_CHARS = 500;

/**
 * Called by the queue when it gives a `crawl_value` task up (its attempts ran out, or it threw a
 * `PermanentTaskError`): the value can never be answered, so the whole job ends `failed` now
 * rather than reported as `timeout` hours later (spec 3.1, decisions C1).
 */
export async function crawlValueGivenUp(
  deps: AppDeps,
  payload: Record<string, unknown>,
  error: unknown,
): Promise<void> {
  const { jobId } = payload;
  // A payload without a job names no job to end.
  if (typeof jobId !== 'string') return;
  const index = typeof payload.index === 'number' ? ` ${payload.index}` : '';
  const message = error instanceof Error ? error.message : String(error);
  const reason = `the crawl of value${index} was given up: ${message}`.slice(0, FAILURE_REASON_MAX_CHARS);
  await failJob(deps, jobId, reason);
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
        valueQueryOf(job, row.value),
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
