import { PermanentTaskError, type TaskSpec } from '../queue/queue.types.ts';
import { recordValueResults, reservedShareOf, type RecordDeps } from '../results/results.record.ts';
import { findJob, listPendingValues } from '../work/work.repository.ts';
import { buildResultItem, valueQueryOf } from '../results/results.item.ts';
import { failJob } from '../results/results.fail.ts';
import { CRAWL_VALUES_TASK, crawlChunk, type CrawlDeps } from './tasks.crawl-values.ts';
import type { SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';

/**
 * Task names, as stored in the queue. `crawl_value` (one value) is what versions before chunked
 * crawl tasks enqueued: rows an older version queued still run after an upgrade.
 */
export const TASK = {
  crawlValues: CRAWL_VALUES_TASK,
  crawlValue: 'crawl_value',
  expireJob: 'expire_job',
} as const;

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

/** The task of one value queued by an older version (`crawl_value`): a chunk of one value. */
export async function crawlValueTask(deps: CrawlDeps, payload: Record<string, unknown>): Promise<void> {
  const { jobId, index } = readPayload(payload);
  if (index === undefined) throw new PermanentTaskError('payload has no index');
  await crawlChunk(deps, { jobId, from: index, to: index + 1 });
}

/** Longest failure reason kept on a job: enough for the error, never a stack. */
const FAILURE_REASON_MAX_CHARS = 500;

/** Which values a crawl task's payload names, for the failure reason. */
function valuesNamed(payload: Record<string, unknown>): string {
  const { index, from, to } = payload;
  if (typeof index === 'number') return `value ${index}`;
  if (typeof from === 'number' && typeof to === 'number') return `values ${from} to ${to - 1}`;
  return 'value';
}

/**
 * Called by the queue when it gives a crawl task (`crawl_values`, or an older `crawl_value`) up
 * (its attempts ran out, or it threw a `PermanentTaskError`): its values can never be answered, so
 * the whole job ends `failed` now rather than reported as `timeout` hours later (spec 3.1,
 * decisions C1).
 */
export async function crawlValueGivenUp(
  deps: RecordDeps & { catalogue: SourceCatalogue },
  payload: Record<string, unknown>,
  error: unknown,
): Promise<void> {
  const { jobId } = payload;
  // A payload without a job names no job to end.
  if (typeof jobId !== 'string') return;
  const message = error instanceof Error ? error.message : String(error);
  const reason = `the crawl of ${valuesNamed(payload)} was given up: ${message}`;
  await failJob(deps, jobId, reason.slice(0, FAILURE_REASON_MAX_CHARS));
}

/** Pending values timed out per group commit. */
const EXPIRE_PAGE_ROWS = 500;

/**
 * The hard timeout (decisions C1): at `deadline_at` every value still without a result gets
 * `success:false, reason:"timeout"` and the job becomes `finished`.
 */
export async function expireJobTask(
  deps: RecordDeps & { catalogue: SourceCatalogue },
  payload: Record<string, unknown>,
): Promise<void> {
  const { jobId } = readPayload(payload);
  const job = await findJob(deps.db, jobId);
  if (!job || job.status === 'finished' || job.status === 'failed') return;
  const now = new Date();
  const reservedShare = reservedShareOf(deps, job, false);
  for (;;) {
    const pending = await listPendingValues(deps.db, jobId, EXPIRE_PAGE_ROWS);
    if (pending.length === 0) return;
    const inputs = pending.map((row) => ({
      index: row.idx,
      item: buildResultItem(
        valueQueryOf(job, row.value),
        { kind: 'failed', reason: 'timeout', crawls: [] },
        { includeMeta: job.include_meta === 1, now },
      ),
      cost: 0,
      reservedShare,
    }));
    await recordValueResults(deps, job, inputs);
  }
}
