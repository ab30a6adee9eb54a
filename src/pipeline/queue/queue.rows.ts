import { dialectOf, type Db } from '../../platform/db/database.ts';
import { writeInChunks } from '../../platform/lib/chunks.ts';
import { newObjectId } from '../../platform/lib/ids.ts';
import { isoNow, isoPlus } from '../../platform/lib/time.ts';
import type { QueueTasksTable } from './queue.table.ts';
import type { TaskSpec } from './queue.types.ts';

/**
 * Task rows in the service's own database, shared by both engines: the SQL engine runs them where
 * they are, the BullMQ engine uses them as its transactional outbox.
 */

/**
 * Writes tasks as rows, inside `target` when it is the caller's transaction, in chunks under the
 * dialects' bound-parameter limits that yield to the event loop between them (a 100 000-task
 * submission must not stall other requests). A task whose `dedupeKey` already has a row is skipped
 * (the column is unique).
 */
export async function insertTaskRows(target: Db, tasks: readonly TaskSpec[]): Promise<void> {
  const now = isoNow();
  // Rows are made chunk by chunk: making 100 000 ids and payloads at once is itself a stall.
  const rowOf = (task: TaskSpec) => ({
    id: newObjectId(),
    task: task.task,
    payload: JSON.stringify(task.payload),
    run_at: task.runAt ? task.runAt.toISOString() : now,
    attempts: 0,
    max_attempts: task.maxAttempts ?? 10,
    dedupe_key: task.dedupeKey ?? null,
    created_at: now,
  });
  await writeInChunks(tasks, (chunk) =>
    target
      .insertInto('queue_tasks')
      .values(chunk.map(rowOf))
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
      .execute(),
  );
}

/** What one claim takes. */
export interface ClaimTaskRowsOptions {
  /** Who holds the lock (a worker or a relay). */
  ownerId: string;
  /** How long the claimed rows stay locked before another owner may take them. */
  leaseMs: number;
  /** Rows due within this window are taken (0: only rows due now). */
  horizonMs: number;
  limit: number;
  /** The SQL engine counts an attempt per claim; a relay only moves rows and counts nothing. */
  countAttempt: boolean;
}

/**
 * Locks up to `limit` unlocked (or lease-expired) due rows for one owner, oldest first.
 * PostgreSQL owners skip each other's locked rows; on SQLite the transaction holds the file's write
 * lock from its start (`BEGIN IMMEDIATE`, src/platform/db/database.sqlite.ts), so claims of several processes
 * on one file run one after another and never take the same row.
 */
export async function claimTaskRows(db: Db, options: ClaimTaskRowsOptions): Promise<QueueTasksTable[]> {
  const now = isoNow();
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('queue_tasks')
      .select('id')
      .where('run_at', '<=', isoPlus(now, options.horizonMs))
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('run_at')
      .limit(options.limit);
    if (dialectOf(trx) === 'postgres') query = query.forUpdate().skipLocked();
    const ids = (await query.execute()).map((row) => row.id);
    if (ids.length === 0) return [];
    return trx
      .updateTable('queue_tasks')
      .set((eb) => ({
        locked_by: options.ownerId,
        locked_until: isoPlus(now, options.leaseMs),
        attempts: options.countAttempt ? eb('attempts', '+', 1) : eb.ref('attempts'),
      }))
      .where('id', 'in', ids)
      .returningAll()
      .execute();
  });
}

/** Releases every lock: for the sole worker of an embedded database after a crash. */
export async function releaseAllTaskLocks(db: Db): Promise<void> {
  await db.updateTable('queue_tasks').set({ locked_by: null, locked_until: null }).execute();
}

/** Due rows that no one holds, and the age of the oldest in seconds (queue metrics). */
export async function readReadyTaskDepth(db: Db): Promise<{ ready: number; oldestAgeSeconds: number }> {
  const now = isoNow();
  const row = await db
    .selectFrom('queue_tasks')
    .select((eb) => [eb.fn.countAll<number | string>().as('ready'), eb.fn.min('run_at').as('oldest')])
    .where('run_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  const oldest = row?.oldest ?? null;
  return {
    ready: Number(row?.ready ?? 0),
    oldestAgeSeconds: oldest === null ? 0 : Math.max(0, (Date.parse(now) - Date.parse(oldest)) / 1000),
  };
}
