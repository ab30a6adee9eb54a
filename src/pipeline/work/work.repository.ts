import type { Insertable, Updateable } from 'kysely';
import { dialectOf, type Db } from '../../platform/db/database.ts';
import { writeInChunks } from '../../platform/lib/chunks.ts';
import { isoNow } from '../../platform/lib/time.ts';
import type { Job, JobStatus, JobValue, JobsTable } from './work.table.ts';

export async function insertJob(db: Db, job: Insertable<JobsTable>): Promise<void> {
  await db.insertInto('jobs').values(job).execute();
}

/**
 * Inserts the value rows in chunks that stay under every dialect's parameter limit and yield to the
 * event loop between them (a 100 000-value stream must not stall other requests).
 */
export async function insertJobValues(db: Db, rows: readonly JobValue[]): Promise<void> {
  await writeInChunks(rows, (chunk) => db.insertInto('job_values').values(chunk).execute());
}

export async function findJob(db: Db, jobId: string): Promise<Job | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
}

/** A job of this account only: another account's job is never revealed (decisions G11). */
export async function findAccountJob(db: Db, accountId: string, jobId: string): Promise<Job | undefined> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', jobId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** The submitted values in index order. */
export async function listJobValueStrings(db: Db, jobId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('job_values')
    .select('value')
    .where('job_id', '=', jobId)
    .orderBy('idx')
    .execute();
  return rows.map((row) => row.value);
}

/** Result JSON of every completed value in index order. */
export async function listJobResults(db: Db, jobId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('job_values')
    .select('result')
    .where('job_id', '=', jobId)
    .where('status', '=', 'done')
    .orderBy('idx')
    .execute();
  return rows.flatMap((row) => (row.result === null ? [] : [row.result]));
}

export async function listPendingValueIndexes(db: Db, jobId: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('job_values')
    .select('idx')
    .where('job_id', '=', jobId)
    .where('status', '=', 'pending')
    .orderBy('idx')
    .limit(limit)
    .execute();
  return rows.map((row) => row.idx);
}

/** Pending values of a job (index and value), lowest index first. */
export async function listPendingValues(
  db: Db,
  jobId: string,
  limit: number,
): Promise<Array<Pick<JobValue, 'idx' | 'value'>>> {
  return db
    .selectFrom('job_values')
    .select(['idx', 'value'])
    .where('job_id', '=', jobId)
    .where('status', '=', 'pending')
    .orderBy('idx')
    .limit(limit)
    .execute();
}

/**
 * Ends a job `failed` with its reason unless it already ended; answers whether this call ended it,
 * the guard that lets only one of several racing callers settle the job.
 */
export async function failJobRow(db: Db, jobId: string, failureReason: string): Promise<boolean> {
  const now = isoNow();
  const outcome = await db
    .updateTable('jobs')
    .set({ status: 'failed', failure_reason: failureReason, finished_at: now, updated_at: now })
    .where('id', '=', jobId)
    .where('status', 'in', ['new', 'working'])
    .executeTakeFirst();
  return Number(outcome.numUpdatedRows) === 1;
}

/** Moves a `new` job to `working` (spec 3.1); answers whether it did (other states are left as they are). */
export async function markJobWorking(db: Db, jobId: string): Promise<boolean> {
  const now = isoNow();
  const result = await db
    .updateTable('jobs')
    .set({ status: 'working', started_at: now, updated_at: now })
    .where('id', '=', jobId)
    .where('status', '=', 'new')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Pending values of a job with index in `[from, to)` (a crawl task's chunk), lowest first. */
export async function listPendingValuesInRange(
  db: Db,
  jobId: string,
  range: { from: number; to: number },
): Promise<Array<Pick<JobValue, 'idx' | 'value'>>> {
  return db
    .selectFrom('job_values')
    .select(['idx', 'value'])
    .where('job_id', '=', jobId)
    .where('idx', '>=', range.from)
    .where('idx', '<', range.to)
    .where('status', '=', 'pending')
    .orderBy('idx')
    .execute();
}

/** Ends a job in a final state unless it already ended. */
export async function endJob(db: Db, jobId: string, status: Extract<JobStatus, 'finished' | 'failed'>) {
  const now = isoNow();
  const outcome = await db
    .updateTable('jobs')
    .set({ status, finished_at: now, updated_at: now })
    .where('id', '=', jobId)
    .where('status', 'in', ['new', 'working'])
    .executeTakeFirst();
  return Number(outcome.numUpdatedRows) === 1;
}

/** Drops results of jobs past retention; the job row stays so a download answers "results expired". */
export async function purgeExpiredResults(db: Db, nowIso: string, limit: number): Promise<number> {
  const expired = await db
    .selectFrom('jobs')
    .select('id')
    .where('expires_at', '<', nowIso)
    .where('results_purged', '=', 0)
    .where('status', 'in', ['finished', 'failed'])
    .limit(limit)
    .execute();
  for (const { id } of expired) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('job_values').set({ result: null }).where('job_id', '=', id).execute();
      await trx
        .updateTable('jobs')
        .set({ results_purged: 1, updated_at: nowIso })
        .where('id', '=', id)
        .execute();
    });
  }
  return expired.length;
}

/** Deletes interval runs whose results were purged: the interval job keeps only runs worth reading. */
export async function deletePurgedIntervalRuns(db: Db): Promise<void> {
  await db.deleteFrom('jobs').where('parent_id', 'is not', null).where('results_purged', '=', 1).execute();
}

/** A completed value as deliveries and result pages present it. */
export interface CompletedValueRow {
  idx: number;
  value: string;
  result: string | null;
  completed_at: string | null;
  completion_seq: number | null;
}

/** Completed values with completion sequence in `[fromSeq, toSeq]`, in completion order (decisions C6). */
export async function listResultsBySequence(
  db: Db,
  jobId: string,
  fromSeq: number,
  toSeq: number,
): Promise<CompletedValueRow[]> {
  if (toSeq < fromSeq) return [];
  return db
    .selectFrom('job_values')
    .select(['idx', 'value', 'result', 'completed_at', 'completion_seq'])
    .where('job_id', '=', jobId)
    .where('completion_seq', '>=', fromSeq)
    .where('completion_seq', '<=', toSeq)
    .orderBy('completion_seq')
    .execute();
}

/** The most recent run of an interval job; with `ended`, the most recent that ended. */
export async function findLatestRun(db: Db, intervalJobId: string, ended = false): Promise<Job | undefined> {
  let query = db.selectFrom('jobs').selectAll().where('parent_id', '=', intervalJobId);
  if (ended) query = query.where('status', 'in', ['finished', 'failed']);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The most recent run of each of these interval jobs, by interval job id (one query for a page). */
export async function findLatestRuns(db: Db, intervalJobIds: readonly string[]): Promise<Map<string, Job>> {
  if (intervalJobIds.length === 0) return new Map();
  const runs = await db
    .selectFrom('jobs as run')
    .selectAll('run')
    .where('run.parent_id', 'in', [...intervalJobIds])
    .where('run.id', '=', (eb) =>
      eb
        .selectFrom('jobs as later')
        .select('later.id')
        .whereRef('later.parent_id', '=', 'run.parent_id')
        .orderBy('later.created_at', 'desc')
        .orderBy('later.id', 'desc')
        .limit(1),
    )
    .execute();
  return new Map(runs.map((run) => [run.parent_id as string, run]));
}

/**
 * The runs of an interval job with their states, their rows locked (PostgreSQL) inside the caller's
 * transaction. A run's group commit locks its job row before the account's credit lock; taking the
 * runs' rows here before releasing their credits keeps that order, so deleting an interval job
 * while a run records waits for the group instead of deadlocking with it.
 */
export async function lockRuns(db: Db, intervalJobId: string): Promise<Array<Pick<Job, 'id' | 'status'>>> {
  let query = db
    .selectFrom('jobs')
    .select(['id', 'status'])
    .where('parent_id', '=', intervalJobId)
    .orderBy('id');
  if (dialectOf(db) === 'postgres') query = query.forUpdate();
  return query.execute();
}

/** Deletes every run of an interval job. */
export async function deleteRuns(db: Db, intervalJobId: string): Promise<void> {
  await db.deleteFrom('jobs').where('parent_id', '=', intervalJobId).execute();
}

/** Deletes a job. */
export async function deleteJob(db: Db, jobId: string): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', jobId).execute();
}

/** Deletes every value of a job. */
export async function deleteJobValues(db: Db, jobId: string): Promise<void> {
  await db.deleteFrom('job_values').where('job_id', '=', jobId).execute();
}

/** Changes columns of a job and stamps `updated_at`. */
export async function updateJob(
  db: Db,
  jobId: string,
  changes: Partial<Omit<Updateable<JobsTable>, 'id' | 'updated_at'>>,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ ...changes, updated_at: isoNow() })
    .where('id', '=', jobId)
    .execute();
}

/** A job's state, or undefined when it is gone. */
export async function findJobStatus(db: Db, jobId: string): Promise<JobStatus | undefined> {
  const row = await db.selectFrom('jobs').select('status').where('id', '=', jobId).executeTakeFirst();
  return row?.status;
}

/** Each value's index, state and credits (the ledger check compares them with the ledger). */
export async function listValueCredits(
  db: Db,
  jobId: string,
): Promise<Array<Pick<JobValue, 'idx' | 'status' | 'credits'>>> {
  return db
    .selectFrom('job_values')
    .select(['idx', 'status', 'credits'])
    .where('job_id', '=', jobId)
    .execute();
}

/** Ids of every job of an account. */
export async function listAccountJobIds(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.selectFrom('jobs').select('id').where('account_id', '=', accountId).execute();
  return rows.map((row) => row.id);
}
