/**
 * Interval jobs at submission (decisions G5): the job row keeps the parameters and its values as
 * templates; each period the `run_interval_job` task (`tasks/tasks.interval-run.ts`) starts a run
 * of its own from them.
 */
import type { SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';
import type { SortBy } from '../../crawl/vocabulary/sources.types.ts';
import type { Db } from '../../platform/db/database.ts';
import type { WorkQueue } from '../queue/queue.types.ts';
import { scheduleIntervalRun } from '../tasks/tasks.interval-run.ts';
import { insertJob, insertJobValues, listJobValueStrings } from '../work/work.repository.ts';
import type { Job, JobValue } from '../work/work.table.ts';
import { normalizeSubmission } from './submissions.rules.ts';
import type { SubmissionBody } from './submissions.schema.ts';

/** Far enough that the retention cleaner never takes an interval job itself, only its runs. */
const NEVER_EXPIRES = '9999-12-31T23:59:59.999Z';

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

/** The submission an interval job's stored parameters and values amount to, with `overrides`. */
export async function intervalSubmissionOf(
  deps: { db: Db; catalogue: SourceCatalogue },
  job: Job,
  overrides: Partial<SubmissionBody> = {},
) {
  const body: SubmissionBody = {
    source: job.source,
    country: job.country,
    key: job.key,
    topic: job.topic,
    values: await listJobValueStrings(deps.db, job.id),
    max_pages: job.max_pages,
    max_age: job.max_age,
    sort_by: job.sort_by as SortBy,
    timeout: job.timeout_minutes,
    not_found_max_age: job.not_found_max_age,
    include_meta: job.include_meta === 1,
    fetch_seller_names: job.fetch_seller_names === 1,
    interval: job.interval_minutes ?? undefined,
    ...(job.deliver === 'all' ? {} : { deliver: job.deliver }),
    ...(job.callback_url ? { callback_url: job.callback_url } : {}),
    ...overrides,
  };
  return await normalizeSubmission(body, 'batch', deps.catalogue);
}
