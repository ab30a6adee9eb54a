/**
 * The job rows' side of recording values' results (`results.record.ts`): the job's lock, the
 * values still pending, their completion in one statement per group, the counters.
 */
import { sql } from 'kysely';
import { dialectOf, type Db } from '../../platform/db/database.ts';
import { writeInChunks } from '../../platform/lib/chunks.ts';
import { isoNow } from '../../platform/lib/time.ts';

/** A value's result, completed with the job's next completion sequence (`completePendingValues`). */
export interface ValueResultWrite {
  index: number;
  sequence: number;
  success: boolean;
  reason: string | null;
  result: string;
  credits: number;
}

/**
 * Values per statement when completing. Each binds 11 parameters (far under SQLite's 32 766 and
 * PostgreSQL's 65 535), and the statement picks each row's values from a `case` of one branch per
 * value, so its work grows with the square of this: 100 keeps a statement short (a submission's
 * malformed values, up to 100 000 of a stream, are completed in groups of this many statements).
 */
export const COMPLETION_SLICE_VALUES = 100;

/**
 * Slices of one transaction (the group's), with a turn of the event loop between two: on SQLite the
 * transaction holds the one connection, but `/health` reads through its own (docs/performance.md,
 * "Large malformed submissions").
 */
const IN_TRANSACTION = { chunkRows: COMPLETION_SLICE_VALUES };

/** Of the given value indexes of a job, those still pending. */
export async function listPendingIndexes(
  db: Db,
  jobId: string,
  indexes: readonly number[],
): Promise<Set<number>> {
  const pending = new Set<number>();
  await writeInChunks(
    indexes,
    async (slice) => {
      const rows = await db
        .selectFrom('job_values')
        .select('idx')
        .where('job_id', '=', jobId)
        .where('idx', 'in', slice)
        .where('status', '=', 'pending')
        .execute();
      for (const row of rows) pending.add(row.idx);
    },
    IN_TRANSACTION,
  );
  return pending;
}

/**
 * Completes pending values of a job (a group commit's values; each `index` once), each with its
 * own sequence and result, in one statement per `COMPLETION_SLICE_VALUES`. Answers how many it
 * completed: a value no longer pending is left as it was. The casts let PostgreSQL type the
 * parameters of the `case` branches.
 */
export async function completePendingValues(
  db: Db,
  jobId: string,
  completions: readonly ValueResultWrite[],
): Promise<number> {
  let completed = 0;
  await writeInChunks(
    completions,
    async (slice) => {
      completed += await completeSlice(db, jobId, slice);
    },
    IN_TRANSACTION,
  );
  return completed;
}

async function completeSlice(
  db: Db,
  jobId: string,
  completions: readonly ValueResultWrite[],
): Promise<number> {
  const byIndex = <T>(type: 'integer' | 'text', pick: (completion: ValueResultWrite) => T) =>
    sql<T>`case ${sql.ref('idx')} ${sql.join(
      completions.map(
        (completion) => sql`when ${completion.index} then cast(${pick(completion)} as ${sql.raw(type)})`,
      ),
      sql` `,
    )} end`;
  const outcome = await db
    .updateTable('job_values')
    .set({
      status: 'done',
      completion_seq: byIndex('integer', (completion) => completion.sequence),
      success: byIndex('integer', (completion) => (completion.success ? 1 : 0)),
      reason: byIndex('text', (completion) => completion.reason),
      result: byIndex('text', (completion) => completion.result),
      credits: byIndex('integer', (completion) => completion.credits),
      completed_at: isoNow(),
    })
    .where('job_id', '=', jobId)
    .where(
      'idx',
      'in',
      completions.map((completion) => completion.index),
    )
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(outcome.numUpdatedRows);
}

/** Counts `done` more completed values (`failed` of them unsuccessful); answers the counters after. */
export async function incrementJobCounters(
  db: Db,
  jobId: string,
  counts: { done: number; failed: number },
): Promise<{ values_done: number; values_total: number }> {
  return db
    .updateTable('jobs')
    .set((eb) => ({
      values_done: eb('values_done', '+', counts.done),
      values_errors: eb('values_errors', '+', counts.failed),
      updated_at: isoNow(),
    }))
    .where('id', '=', jobId)
    .returning(['values_done', 'values_total'])
    .executeTakeFirstOrThrow();
}

/** Corrects the credits a recorded value was charged (set when spending room cut its cost). */
export async function setValueCredits(db: Db, jobId: string, index: number, credits: number): Promise<void> {
  await db
    .updateTable('job_values')
    .set({ credits })
    .where('job_id', '=', jobId)
    .where('idx', '=', index)
    .execute();
}

/**
 * Takes the job row's write lock inside a recording transaction and answers how many values are
 * done: recording numbers its values from there, and the lock keeps another group of the same job
 * from taking the same numbers until this one commits (PostgreSQL; SQLite has one writer).
 * A row lock, not an update: PostgreSQL checks the foreign key of a row updated a second time in
 * one transaction, whose key-share lock on the account made concurrent recordings of one account
 * deadlock on the credit lock (`lockAccountForCredits`) that follows.
 */
export async function lockJobCounters(db: Db, jobId: string): Promise<{ values_done: number }> {
  let query = db.selectFrom('jobs').select('values_done').where('id', '=', jobId);
  if (dialectOf(db) === 'postgres') query = query.forNoKeyUpdate();
  return query.executeTakeFirstOrThrow();
}
