/**
 * Interval jobs at submission (decisions G5): the job row keeps the parameters and its values as
 * templates; each period the `run_interval_job` task (jobs/jobs.interval.ts) starts a run of its own.
 */
import type { Db } from '../../platform/db/database.ts';
import type { WorkQueue } from '../queue/queue.types.ts';
import { insertJob, insertJobValues } from '../work/work.repository.ts';
import type { Job, JobValue } from '../work/work.table.ts';

/** Task name of an interval job's period. */
export const RUN_INTERVAL_TASK = 'run_interval_job';

/** Far enough that the retention cleaner never takes an interval job itself, only its runs. */
const NEVER_EXPIRES = '9999-12-31T23:59:59.999Z';

/** Queues the period of `jobId` due at `runAtIso`, once (a repeated schedule is deduplicated). */
export function scheduleIntervalRun(deps: { queue: WorkQueue }, trx: Db, jobId: string, runAtIso: string) {
  return deps.queue.add(
    [
      {
        task: RUN_INTERVAL_TASK,
        payload: { jobId, runAt: runAtIso },
        runAt: new Date(runAtIso),
        dedupeKey: `interval:${jobId}:${runAtIso}`,
      },
    ],
    trx,
  );
}

/** Writes an interval job inside the submission transaction, its first run due now. */
export async function writeIntervalJob(
  trx: Db,
  deps: { queue: WorkQueue },
  job: Job,
  values: readonly JobValue[],
): Promise<void> {
  await insertJob(trx, { ...job, status: 'working', next_run_at: job.created_at, expires_at: NEVER_EXPIRES });
  await insertJobValues(
    trx,
    values.map((row) => ({ ...row, status: 'template' as const })),
  );
  await scheduleIntervalRun(deps, trx, job.id, job.created_at);
}
