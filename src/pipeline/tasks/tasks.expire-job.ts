/**
 * The hard timeout of a job (decisions C1): at `deadline_at` every value still without a result
 * gets `success:false, reason:"timeout"` and the job becomes `finished`.
 */
import { Type } from '@sinclair/typebox';
import type { TaskSpec } from '../queue/queue.types.ts';
import { buildResultItem, valueQueryOf } from '../results/results.item.ts';
import { recordValueResults, reservedShareOf } from '../results/results.record.ts';
import { findJob, listPendingValues } from '../work/work.repository.ts';
import { defineTask, taskSpec } from './tasks.types.ts';

/** Pending values timed out per group commit. */
const EXPIRE_PAGE_ROWS = 500;

/** Task `expire_job`: times out a job's values still pending at its deadline. */
export const EXPIRE_JOB_TASK = defineTask({
  name: 'expire_job',
  payload: Type.Object({ jobId: Type.String() }),
  async run({ jobId }, helpers) {
    const job = await findJob(helpers.db, jobId);
    if (!job || job.status === 'finished' || job.status === 'failed') return;
    const now = new Date();
    const reservedShare = reservedShareOf(helpers, job, false);
    for (;;) {
      const pending = await listPendingValues(helpers.db, jobId, EXPIRE_PAGE_ROWS);
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
      await recordValueResults(helpers, job, inputs);
    }
  },
});

/** The task that times out a job's pending values at its deadline; deduplicated like a crawl. */
export function expireJobTaskSpec(jobId: string, deadlineAtIso: string): TaskSpec {
  return taskSpec(
    EXPIRE_JOB_TASK,
    { jobId },
    { runAt: new Date(deadlineAtIso), dedupeKey: `expire:${jobId}` },
  );
}
