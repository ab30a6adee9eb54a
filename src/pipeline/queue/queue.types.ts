import type { Db } from '../../platform/db/database.ts';

/** A unit of work to enqueue, naming its task in the registry. */
export interface TaskSpec {
  task: string;
  payload: Record<string, unknown>;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** When set, a second task with the same key is not added while the first exists. */
  dedupeKey?: string;
  /** Attempts before the task is given up (default 10). */
  maxAttempts?: number;
}

/** What a running task gets besides its payload. */
export interface TaskContext {
  /** Aborted when the queue stops; long work should give up promptly and will run again. */
  signal: AbortSignal;
  attempt: number;
}

/**
 * The tasks an engine runs, looked up by the name stored with each (the service's list is
 * `pipeline/tasks/tasks.registry.ts`).
 */
export interface TaskRegistry {
  /**
   * Runs task `name` on `payload` once the payload fits the task's schema; a payload that does not
   * is a `PermanentTaskError`. `context` defaults to a run outside a queue.
   */
  run(name: string, payload: unknown, context?: TaskContext): Promise<void>;
  /**
   * Told once a task is given up for good (its attempts ran out, or it threw a
   * `PermanentTaskError`), before the engine forgets it, with the last error: the task settles what
   * it left undone. It must tolerate running again (an engine that crashes right after it calls it
   * again).
   */
  givenUp(name: string, payload: unknown, error: unknown): Promise<void>;
}

/** How many more tasks a process wants to take now, beyond those running (at least 0). */
export type TaskRoom = () => number;

/**
 * The work queue every engine implements: the SQL engine (a table in the service's own database,
 * the embedded default) and BullMQ on Redis for the distributed deployment.
 */
export interface WorkQueue {
  /**
   * Adds tasks. `within` is the transaction that writes the domain rows the tasks refer to; engines
   * that store tasks in the same database join it, so the rows and their work commit together.
   */
  add(tasks: readonly TaskSpec[], within?: Db): Promise<void>;
  /**
   * Starts running `tasks` with at most `concurrency` at once; `room` answers how many more tasks
   * the process wants now (a task of many values fills it: the queue then claims no further ahead
   * than that).
   */
  start(tasks: TaskRegistry, concurrency: number, room?: TaskRoom): void;
  /** Stops taking tasks, aborts running ones (they run again later) and waits for them to settle. */
  stop(timeoutMs: number): Promise<void>;
  /** Tasks due now and not running, and the age of the oldest in seconds (metrics, decisions G33). */
  depth(): Promise<{ ready: number; oldestAgeSeconds: number }>;
}

/** Thrown by a task that must not be retried (bad payload, a state no retry fixes). */
export class PermanentTaskError extends Error {
  override readonly name = 'PermanentTaskError';
}

/** The one place that decides whether a failed task runs again. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof PermanentTaskError);
}

/** Delay before attempt `attempt + 1`: exponential from 1 s, capped at 5 minutes, with jitter. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(300_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}
