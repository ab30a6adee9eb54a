/**
 * Ending a job whose work cannot go on (spec 3.1 `failed`; decisions C1 keeps `failed` for an
 * unrecoverable error of the whole job): the queue gave up a value's task, so waiting for the hard
 * timeout would only hide the failure. One guarded transaction ends the job, answers every value
 * still pending (so the download and a stream's final delivery carry them) and releases what the
 * reservation still holds.
 */
import { releaseJobRemainder } from '../../accounts/credits/credits.service.ts';
import type { SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';
import { failJobRow, findJob, listPendingValues } from '../work/work.repository.ts';
import { buildResultItem, valueQueryOf } from './results.item.ts';
import {
  recordValueResultsWithin,
  reportRecorded,
  reservedShareOf,
  type GroupOutcome,
  type RecordDeps,
} from './results.record.ts';

/** Pending values answered per query while a job is failed. */
const PENDING_PAGE_ROWS = 500;

/**
 * Ends `jobId` as `failed` with `failureReason` unless it already ended. Values still pending get
 * `success:false, reason:"source currently unavailable"` at no charge, through the same guarded
 * recording as a crawl, so a task that runs again later changes nothing. Answers whether this call
 * ended the job.
 */
export async function failJob(
  deps: RecordDeps & { catalogue: SourceCatalogue },
  jobId: string,
  failureReason: string,
): Promise<boolean> {
  const outcomes: GroupOutcome[] = [];
  const ended = await deps.db.transaction().execute(async (trx) => {
    const job = await findJob(trx, jobId);
    if (!job || !(await failJobRow(trx, jobId, failureReason))) return false;
    const now = new Date();
    const reservedShare = reservedShareOf(deps, job, false);
    for (;;) {
      const pending = await listPendingValues(trx, jobId, PENDING_PAGE_ROWS);
      if (pending.length === 0) break;
      const inputs = pending.map((value) => ({
        index: value.idx,
        item: buildResultItem(
          valueQueryOf(job, value.value),
          { kind: 'failed', reason: 'source currently unavailable', crawls: [] },
          { includeMeta: job.include_meta === 1, now },
        ),
        cost: 0,
        reservedShare,
      }));
      outcomes.push(await recordValueResultsWithin(trx, deps, job, inputs));
    }
    // The last value released the remainder already; this covers a job with none left pending.
    await releaseJobRemainder(trx, job.account_id, job.id);
    return true;
  });
  for (const outcome of outcomes) reportRecorded(deps, outcome);
  if (ended) deps.events.jobEnded(jobId);
  return ended;
}
