import { dialectOf, type Db } from '../db/database.ts';
import type { StreamState, StreamStatesTable } from './streams.table.ts';

/**
 * A job's assembly state, row-locked on PostgreSQL until the transaction ends (SQLite serialises
 * writers anyway), so the completion hook and the flush never close the same results twice.
 */
export async function lockStreamState(db: Db, jobId: string): Promise<StreamState | undefined> {
  let query = db.selectFrom('stream_states').selectAll().where('job_id', '=', jobId);
  if (dialectOf(db) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findStreamState(db: Db, jobId: string): Promise<StreamState | undefined> {
  return db.selectFrom('stream_states').selectAll().where('job_id', '=', jobId).executeTakeFirst();
}

export async function insertStreamState(db: Db, state: StreamStatesTable): Promise<void> {
  await db.insertInto('stream_states').values(state).execute();
}

export async function updateStreamState(db: Db, state: StreamStatesTable): Promise<void> {
  const { job_id: jobId, ...changes } = state;
  await db.updateTable('stream_states').set(changes).where('job_id', '=', jobId).execute();
}

/** Jobs whose oldest undelivered result completed at or before `openedBeforeIso`. */
export async function listStaleOpenJobIds(db: Db, openedBeforeIso: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('stream_states')
    .select('job_id')
    .where('open_since', '<=', openedBeforeIso)
    .where('finalized', '=', 0)
    .orderBy('open_since')
    .limit(limit)
    .execute();
  return rows.map((row) => row.job_id);
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
