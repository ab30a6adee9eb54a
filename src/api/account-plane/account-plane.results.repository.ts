import type { Db } from '../../platform/db/database.ts';

/** Reads behind the dashboard's results and runs views (decisions G39). */

/** A page of a job's results in submission order, with each submitted value. */
export async function listJobResultsPage(
  db: Db,
  jobId: string,
  page: { offset: number; limit: number },
): Promise<{ idx: number; value: string; result: string }[]> {
  const rows = await db
    .selectFrom('job_values')
    .select(['idx', 'value', 'result'])
    .where('job_id', '=', jobId)
    .where('status', '=', 'done')
    .where('result', 'is not', null)
    .orderBy('idx')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.flatMap((row) => (row.result === null ? [] : [{ ...row, result: row.result }]));
}

/** How many values of a job have a result so far. */
export async function countJobResults(db: Db, jobId: string): Promise<number> {
  const row = await db
    .selectFrom('job_values')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('job_id', '=', jobId)
    .where('status', '=', 'done')
    .where('result', 'is not', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** An interval job's runs, newest first. */
export async function listIntervalRuns(db: Db, intervalJobId: string, limit: number) {
  return db
    .selectFrom('jobs')
    .select(['id', 'status', 'values_total', 'values_done', 'values_errors', 'created_at', 'updated_at'])
    .where('parent_id', '=', intervalJobId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
