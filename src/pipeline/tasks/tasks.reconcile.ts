/**
 * Reconciliation of lost work (issue 13 §4). With BullMQ the database is the source of truth and
 * Redis only carries work: a Redis that lost its data (restarted without persistence, flushed,
 * failed over to an empty replica) forgets tasks the outbox had already handed over and deleted.
 * This round re-adds, from the database, the crawl task of every chunk with a value still pending
 * in a job that has not ended (chunks are aligned windows of `VALUES_PER_CHUNK` indexes, so the
 * chunk re-added is the one submission queued), the deadline task of every such job and the next
 * period of every interval job. Each task carries a dedupe key (`crawl:<job>:<from>-<to>`,
 * `expire:<job>`, `interval:<job>:<run at>`), so while the original is still queued, delayed or
 * running the re-add is ignored (by the outbox's unique column, then by BullMQ's deduplication); a
 * chunk that runs twice serves only its values still pending ("Work and crash safety").
 */
import type { Db } from '../../platform/db/database.ts';
import type { WorkQueue } from '../queue/queue.types.ts';
import { listPendingValueIndexes } from '../work/work.repository.ts';
import { chunksOf, crawlChunkTaskSpec } from './tasks.crawl-chunk.ts';
import { expireJobTaskSpec } from './tasks.expire-job.ts';
import { scheduleIntervalRun } from './tasks.interval-run.ts';

/** What one round re-added (or found queued already: the dedupe keys do not tell which). */
export interface ReconcileCounts {
  jobs: number;
  crawls: number;
  intervalJobs: number;
}

/** Values re-added per job and round at most; the next round takes the rest. */
const VALUES_PER_JOB = 10_000;

/** One reconciliation round over the jobs that have not ended (at most `jobLimit` of each kind). */
export async function reenqueueLostWork(
  deps: { db: Db; queue: WorkQueue },
  jobLimit = 500,
): Promise<ReconcileCounts> {
  const { db } = deps;
  const open = await db
    .selectFrom('jobs')
    .select(['id', 'deadline_at'])
    .where('status', 'in', ['new', 'working'])
    .where('interval_minutes', 'is', null)
    .orderBy('created_at')
    .limit(jobLimit)
    .execute();
  let crawls = 0; // values pending in the chunks re-added
  for (const job of open) {
    const pending = await listPendingValueIndexes(db, job.id, VALUES_PER_JOB);
    crawls += pending.length;
    await deps.queue.add([
      ...chunksOf(job.id, pending).map(crawlChunkTaskSpec),
      expireJobTaskSpec(job.id, job.deadline_at),
    ]);
  }
  const interval = await db
    .selectFrom('jobs')
    .select(['id', 'next_run_at'])
    .where('status', '=', 'working')
    .where('interval_minutes', 'is not', null)
    .where('next_run_at', 'is not', null)
    .orderBy('created_at')
    .limit(jobLimit)
    .execute();
  for (const job of interval) {
    if (job.next_run_at !== null) await scheduleIntervalRun(deps, db, job.id, job.next_run_at);
  }
  return { jobs: open.length, crawls, intervalJobs: interval.length };
}
