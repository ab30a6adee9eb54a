import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { sleep } from '../../platform/lib/time.ts';
import { claimTaskRows, insertTaskRows, releaseAllTaskLocks } from './queue.rows.ts';
import type { QueueTasksTable } from './queue.table.ts';

/**
 * The transactional outbox of the distributed queue engine. A broker such as Redis cannot join the
 * SQL transaction that writes a job's rows, so tasks are first written as `queue_tasks` rows (the
 * same row shape as the SQL engine) in that transaction, and a relay copies committed rows to the
 * broker and deletes them. A crash anywhere leaves the rows in place for the next relay.
 */

/** An outbox row as the relay claims it. */
export type OutboxRow = QueueTasksTable;

/** Writes tasks to the outbox, inside `target` when it is the caller's transaction. */
export const writeOutbox = insertTaskRows;

/** What one claim takes. */
export interface ClaimOptions {
  relayId: string;
  /** How long the claimed rows stay locked before another relay may take them. */
  leaseMs: number;
  /** Only rows due within this window are handed to the broker; later ones wait in the database. */
  horizonMs: number;
  limit: number;
}

/** Locks up to `limit` rows due within the horizon for this relay. */
export function claimOutboxBatch(db: Db, options: ClaimOptions): Promise<OutboxRow[]> {
  return claimTaskRows(db, { ...options, ownerId: options.relayId, countAttempt: false });
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
      await releaseAllTaskLocks(db);
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
