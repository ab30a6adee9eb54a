import type { Logger } from 'pino';
import { dialectOf, type Db } from '../db/database.ts';
import { isoNow, isoPlus, sleep } from '../lib/time.ts';
import { newObjectId } from '../lib/ids.ts';
import type { QueueTasksTable } from './queue.table.ts';
import type { TaskSpec } from './queue.types.ts';

/**
 * The transactional outbox of the distributed queue engine. A broker such as Redis cannot join the
 * SQL transaction that writes a job's rows, so tasks are first written as `queue_tasks` rows (the
 * same row shape as the SQL engine) in that transaction, and a relay copies committed rows to the
 * broker and deletes them. A crash anywhere leaves the rows in place for the next relay.
 */

/** An outbox row as the relay claims it. */
export type OutboxRow = QueueTasksTable;

/** Rows per statement: keeps a 100 000-task submission under the dialects' bound-parameter limits. */
const INSERT_CHUNK_ROWS = 500;

/**
 * Writes tasks to the outbox, inside `target` when it is the caller's transaction. A task whose
 * `dedupeKey` is already in the outbox is skipped (the column is unique).
 */
export async function writeOutbox(target: Db, tasks: readonly TaskSpec[]): Promise<void> {
  const now = isoNow();
  const rows = tasks.map((task) => ({
    id: newObjectId(),
    task: task.task,
    payload: JSON.stringify(task.payload),
    run_at: task.runAt ? task.runAt.toISOString() : now,
    attempts: 0,
    max_attempts: task.maxAttempts ?? 10,
    dedupe_key: task.dedupeKey ?? null,
    created_at: now,
  }));
  for (let start = 0; start < rows.length; start += INSERT_CHUNK_ROWS) {
    await target
      .insertInto('queue_tasks')
      .values(rows.slice(start, start + INSERT_CHUNK_ROWS))
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
      .execute();
  }
}

/** What one claim takes. */
export interface ClaimOptions {
  relayId: string;
  /** How long the claimed rows stay locked before another relay may take them. */
  leaseMs: number;
  /** Only rows due within this window are handed to the broker; later ones wait in the database. */
  horizonMs: number;
  limit: number;
}

/**
 * Locks up to `limit` unlocked (or lease-expired) rows due within the horizon for this relay.
 * PostgreSQL relays skip each other's locked rows; SQLite serialises writers anyway.
 */
export async function claimOutboxBatch(db: Db, options: ClaimOptions): Promise<OutboxRow[]> {
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
      .set({ locked_by: options.relayId, locked_until: isoPlus(now, options.leaseMs) })
      .where('id', 'in', ids)
      .returningAll()
      .execute();
  });
}

/**
 * Deletes relayed rows. Only this relay's locks count: a row whose lease ran out was re-claimed by
 * another relay, which re-adds it under the same broker job id (a no-op) and deletes it itself.
 */
export async function deleteRelayed(db: Db, relayId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('queue_tasks').where('id', 'in', ids).where('locked_by', '=', relayId).execute();
}

/** Hands claimed rows to the broker; must be idempotent per row id (a row may be handed over twice). */
export type PublishBatch = (rows: readonly OutboxRow[]) => Promise<void>;

/** Settings of a relay loop. */
export interface RelayOptions extends ClaimOptions {
  pollIntervalMs: number;
  /** Releases every lock at start: this process is the only relay on the database (embedded mode). */
  soleRelay: boolean;
}

/** A running relay loop. */
export interface OutboxRelay {
  /** Looks at the outbox now instead of at the next poll. */
  wake(): void;
  /** Ends the loop after the batch in flight, or after `timeoutMs`. */
  stop(timeoutMs: number): Promise<void>;
}

/** Starts the loop that moves committed outbox rows to the broker. */
export function startOutboxRelay(
  db: Db,
  logger: Logger,
  publish: PublishBatch,
  options: RelayOptions,
): OutboxRelay {
  const stopController = new AbortController();
  let wake: (() => void) | undefined;
  let pendingWake = false;

  async function relayOnce(): Promise<number> {
    const rows = await claimOutboxBatch(db, options);
    if (rows.length === 0) return 0;
    await publish(rows);
    await deleteRelayed(
      db,
      options.relayId,
      rows.map((row) => row.id),
    );
    return rows.length;
  }

  async function runLoop(): Promise<void> {
    if (options.soleRelay) {
      await db.updateTable('queue_tasks').set({ locked_by: null, locked_until: null }).execute();
    }
    while (!stopController.signal.aborted) {
      pendingWake = false;
      const relayed = await relayOnce().catch((err: unknown) => {
        logger.error({ err }, 'outbox relay failed; the rows stay and are relayed again');
        return 0;
      });
      // A full batch means more may be waiting; otherwise idle until the poll or a wake.
      if (relayed === options.limit || pendingWake) continue;
      await idle();
    }
  }

  /** Waits for the poll interval, a wake or stop; clears its timer and listener whichever comes first. */
  function idle(): Promise<void> {
    return new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        stopController.signal.removeEventListener('abort', finish);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(finish, options.pollIntervalMs);
      stopController.signal.addEventListener('abort', finish, { once: true });
      wake = finish;
    });
  }

  const loop = runLoop().catch((err: unknown) => logger.fatal({ err }, 'outbox relay crashed'));
  return {
    wake() {
      pendingWake = true;
      wake?.();
    },
    async stop(timeoutMs) {
      stopController.abort();
      wake?.();
      const grace = new AbortController();
      await Promise.race([loop, sleep(timeoutMs, grace.signal)]);
      grace.abort(); // no timer outlives stop()
    },
  };
}
