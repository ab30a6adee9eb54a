import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { isoPlus, sleep } from '../../platform/lib/time.ts';
import { claimTaskRows, insertTaskRows, readReadyTaskDepth, releaseAllTaskLocks } from './queue.rows.ts';
import {
  isRetryable,
  retryDelayMs,
  type TaskRegistry,
  type TaskRoom,
  type TaskSpec,
  type WorkQueue,
} from './queue.types.ts';

/** What settling a finished task reads of its row. */
type SettledRow = { id: string; attempts: number; max_attempts: number; task: string; payload: string };

/** A row's payload, or undefined when it is not a JSON object (nothing to tell its owner then). */
function parsePayload(text: string): Record<string, unknown> | undefined {
  try {
    const payload: unknown = JSON.parse(text);
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export interface SqlQueueOptions {
  /** How long a claimed task stays locked without a heartbeat before another worker may take it. */
  leaseMs?: number;
  /** Idle polling interval; `add` in this process wakes the loop at once. */
  pollIntervalMs?: number;
  /**
   * Embedded mode: this process is the only worker on the database, so locks left by a crashed
   * previous run are released at start instead of waiting for their lease to run out.
   */
  soleWorker?: boolean;
}

/**
 * A durable queue in the service's own database (SQLite or PostgreSQL). Tasks are rows; a worker
 * claims due rows by locking them for a lease it keeps renewing while they run. A crash leaves the
 * rows in place, so their work runs again after the lease (or at once, for a sole worker).
 */
export function createSqlQueue(db: Db, logger: Logger, options: SqlQueueOptions = {}): WorkQueue {
  const leaseMs = options.leaseMs ?? 30_000;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const running = new Map<string, Promise<void>>();
  const stopController = new AbortController();
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  let registry: TaskRegistry | undefined;

  async function add(tasks: readonly TaskSpec[], within?: Db): Promise<void> {
    if (tasks.length === 0) return;
    await insertTaskRows(within ?? db, tasks);
    wake?.();
  }

  function claim(limit: number) {
    return claimTaskRows(db, { ownerId: workerId, leaseMs, horizonMs: 0, limit, countAttempt: true });
  }

  async function retryLater(row: { id: string; attempts: number }, message: string): Promise<void> {
    await db
      .updateTable('queue_tasks')
      .set({
        locked_by: null,
        locked_until: null,
        last_error: message.slice(0, 1000),
        run_at: isoPlus(new Date(), retryDelayMs(row.attempts)),
      })
      .where('id', '=', row.id)
      .execute();
  }

  /**
   * Tells the task's owner, then forgets the row. A crash in between leaves the row, which runs
   * again after its lease and is given up again; a failing hook keeps the row for a later try.
   */
  async function giveUp(row: SettledRow, error: unknown): Promise<void> {
    logger.error({ task: row.task, taskId: row.id, err: error }, 'task given up');
    const payload = parsePayload(row.payload);
    if (registry && payload) {
      try {
        await registry.givenUp(row.task, payload, error);
      } catch (hookError) {
        logger.error({ task: row.task, taskId: row.id, err: hookError }, 'given-up hook failed, will retry');
        await retryLater(row, hookError instanceof Error ? hookError.message : String(hookError));
        return;
      }
    }
    await db.deleteFrom('queue_tasks').where('id', '=', row.id).execute();
  }

  async function settle(row: SettledRow, error?: unknown): Promise<void> {
    if (error === undefined) {
      await db.deleteFrom('queue_tasks').where('id', '=', row.id).execute();
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    if (stopController.signal.aborted) {
      // Interrupted by shutdown, not failed: run again soon without spending an attempt.
      await db
        .updateTable('queue_tasks')
        .set((eb) => ({ locked_by: null, locked_until: null, attempts: eb('attempts', '-', 1) }))
        .where('id', '=', row.id)
        .execute();
      return;
    }
    if (!isRetryable(error) || row.attempts >= row.max_attempts) {
      await giveUp(row, error);
      return;
    }
    logger.warn(
      { task: row.task, taskId: row.id, attempt: row.attempts, err: error },
      'task failed, will retry',
    );
    await retryLater(row, message);
  }

  async function heartbeat(): Promise<void> {
    if (running.size === 0) return;
    await db
      .updateTable('queue_tasks')
      .set({ locked_until: isoPlus(new Date(), leaseMs) })
      .where('id', 'in', [...running.keys()])
      .where('locked_by', '=', workerId)
      .execute();
  }

  async function runLoop(tasks: TaskRegistry, concurrency: number, room: TaskRoom) {
    if (options.soleWorker) {
      await releaseAllTaskLocks(db);
    }
    let lastHeartbeat = Date.now();
    while (!stopController.signal.aborted) {
      if (Date.now() - lastHeartbeat > leaseMs / 3) {
        lastHeartbeat = Date.now();
        await heartbeat().catch((err: unknown) => logger.error({ err }, 'queue heartbeat failed'));
      }
      const free = Math.min(concurrency - running.size, room());
      const claimed = free > 0 ? await claim(free).catch((err: unknown) => logFailure(err)) : [];
      for (const row of claimed) {
        const work = (async () => {
          const payload: unknown = JSON.parse(row.payload);
          await tasks.run(row.task, payload, { signal: stopController.signal, attempt: row.attempts });
        })()
          .then(
            () => settle(row),
            (error: unknown) => settle(row, error),
          )
          .catch((err: unknown) => logger.error({ err, taskId: row.id }, 'task settle failed'))
          .finally(() => {
            running.delete(row.id);
            wake?.();
          });
        running.set(row.id, work);
      }
      if (claimed.length === 0 || running.size >= concurrency || room() <= 0) {
        await idle(pollIntervalMs);
      }
    }
  }

  /** Waits for the poll interval, a wake-up from `add` or a finished task, or stop; leaves no timer or listener. */
  function idle(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        stopController.signal.removeEventListener('abort', finish);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      stopController.signal.addEventListener('abort', finish, { once: true });
      wake = finish;
    });
  }

  function logFailure(err: unknown): [] {
    logger.error({ err }, 'queue claim failed');
    return [];
  }

  return {
    add,
    depth: () => readReadyTaskDepth(db),
    start(tasks, concurrency, room = () => concurrency) {
      if (loop) throw new Error('queue already started');
      registry = tasks;
      loop = runLoop(tasks, concurrency, room).catch((err: unknown) =>
        logger.fatal({ err }, 'queue loop crashed'),
      );
    },
    async stop(timeoutMs) {
      stopController.abort();
      wake?.();
      const giveUp = new AbortController();
      await Promise.race([
        Promise.allSettled([loop, ...running.values()]).then(() => giveUp.abort()),
        sleep(timeoutMs, giveUp.signal),
      ]);
      giveUp.abort();
    },
  };
}
