import { randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError, WaitingError, Worker, type Job, type JobsOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { settlesWithin, withinMs } from './queue.deadline.ts';
import { startOutboxRelay, writeOutbox, type OutboxRow } from './queue.outbox.ts';
import { readReadyTaskDepth } from './queue.rows.ts';
import {
  isRetryable,
  retryDelayMs,
  type TaskRegistry,
  type TaskRoom,
  type WorkQueue,
} from './queue.types.ts';

/** Settings of the BullMQ engine; everything but the Redis URL has a production default. */
export interface BullmqQueueOptions {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://`). */
  redisUrl: string;
  /** Prefix of every Redis key, so several deployments can share one Redis (default `pricecrawl`). */
  prefix?: string;
  /** BullMQ queue name (default `tasks`). */
  queueName?: string;
  /** How long a relay's claim on outbox rows lasts; a re-claim only re-adds (default 15 s). */
  relayLeaseMs?: number;
  /** How often an idle relay looks at the outbox; `add` in this process wakes it (default 250 ms). */
  relayPollIntervalMs?: number;
  /** Tasks due later than this stay in the database until they come within it (default 60 s). */
  relayHorizonMs?: number;
  /** Outbox rows per relay round and BullMQ bulk add (default 500). */
  relayBatchSize?: number;
  /**
   * How long this worker's lock on a running task lasts without renewal (renewed every half of it),
   * and how often the worker looks for tasks whose lock ran out, so a dead worker's tasks run again
   * within about twice this (default 30 s, BullMQ's).
   */
  lockDurationMs?: number;
  /** Embedded mode: this process is the only relay on the database, so stale claims are released. */
  soleRelay?: boolean;
}

/** The backoff type whose delays come from `retryDelayMs`, shared with the SQL engine. */
const RETRY_BACKOFF = 'pricecrawl-retry';
/**
 * Finished jobs are kept this long: their id makes a re-add by a relay that crashed between the
 * BullMQ add and the outbox delete a no-op.
 */
const KEEP_COMPLETED_SECONDS = 24 * 3600;
/** Given-up tasks are kept longer, for inspection. */
const KEEP_FAILED_SECONDS = 7 * 24 * 3600;
/** How long a forced close may take before stop() returns regardless. */
const FORCE_CLOSE_MS = 1000;
/** A task whose worker died this many times in a row is given up (BullMQ's default is 1). */
const MAX_STALLED_COUNT = 3;
/** BullMQ's own lock duration, the default of `lockDurationMs`. */
const DEFAULT_LOCK_DURATION_MS = 30_000;
/** BullMQ's failure reason for a job given up because its workers kept dying. */
const STALLED_OUT_REASON = 'job stalled more than allowable limit';

/** The BullMQ job id of an outbox row: stable, so adding the same row twice adds one job. */
export function bullmqJobId(rowId: string): string {
  // Custom ids must not be integers or contain ':'; a prefix rules out the first.
  return `task-${rowId}`;
}

/**
 * The BullMQ jobs for claimed outbox rows. A `dedupe_key` becomes a BullMQ deduplication id, which
 * ignores another job with the same key while the first is waiting, delayed or running, exactly as
 * the outbox's unique column does before relay (and the SQL engine's table does throughout).
 */
export function toBullmqJobs(rows: readonly OutboxRow[], nowMs: number = Date.now()) {
  return rows.map((row) => {
    const opts: JobsOptions = {
      jobId: bullmqJobId(row.id),
      delay: Math.max(0, Date.parse(row.run_at) - nowMs),
      attempts: row.max_attempts,
      backoff: { type: RETRY_BACKOFF },
      removeOnComplete: { age: KEEP_COMPLETED_SECONDS },
      removeOnFail: { age: KEEP_FAILED_SECONDS },
    };
    if (row.dedupe_key !== null) opts.deduplication = { id: row.dedupe_key };
    return { name: row.task, data: JSON.parse(row.payload) as Record<string, unknown>, opts };
  });
}

/**
 * The distributed work queue: BullMQ on Redis behind a transactional outbox. `add` writes
 * `queue_tasks` rows in the caller's transaction; a relay in every process that creates this queue
 * moves committed rows to BullMQ (job id = row id, delay = run time − now) and deletes them; `start`
 * runs a BullMQ worker running the task registry by task name. Delivery is at least once, like the SQL
 * engine's: tasks must tolerate running again.
 */
export function createBullmqQueue(db: Db, logger: Logger, options: BullmqQueueOptions): WorkQueue {
  const queueName = options.queueName ?? 'tasks';
  const prefix = options.prefix ?? 'pricecrawl';
  const relayLeaseMs = options.relayLeaseMs ?? 15_000;
  const stopController = new AbortController();
  // Once connected, commands fail at once while Redis is away instead of queueing in memory.
  const producer = new Queue(queueName, {
    connection: { url: options.redisUrl, enableOfflineQueue: false },
    prefix,
  });
  producer.on('error', (err) => logger.error({ err }, 'bullmq producer error'));
  const relay = startOutboxRelay(
    db,
    logger,
    // Bounded: while Redis is away an add can wait forever; the rows then stay for a later round.
    async (rows) => void (await withinMs(producer.addBulk(toBullmqJobs(rows)), relayLeaseMs, 'BullMQ add')),
    {
      relayId: `${process.pid}-${randomUUID().slice(0, 8)}`,
      leaseMs: relayLeaseMs,
      horizonMs: options.relayHorizonMs ?? 60_000,
      limit: options.relayBatchSize ?? 500,
      pollIntervalMs: options.relayPollIntervalMs ?? 250,
      soleRelay: options.soleRelay ?? false,
    },
  );
  let worker: Worker | undefined;
  let registry: TaskRegistry | undefined;
  /** Tasks this worker runs now, and what the process wants beyond them (`start`'s `room`). */
  let active = 0;
  let fetchLimit = { concurrency: 1, room: (() => 1) as TaskRoom };

  /**
   * BullMQ fetches while fewer than `concurrency` jobs run here; lowering it when the process has
   * enough work promised keeps the rest in Redis for other workers.
   */
  function adjustConcurrency(): void {
    if (!worker) return;
    const wanted = Math.min(fetchLimit.concurrency, active + Math.max(0, fetchLimit.room()));
    worker.concurrency = Math.max(1, wanted);
  }

  /**
   * Tells the task's owner a job is given up. Called before BullMQ records the failure, so a crash
   * in between runs the task again (stalled) instead of losing the call; a failing hook is logged and
   * the job's hard timeout stays the backstop.
   */
  async function tellGivenUp(job: Job, error: unknown): Promise<void> {
    if (!registry) return;
    try {
      await registry.givenUp(job.name, job.data, error);
    } catch (hookError) {
      logger.error({ task: job.name, taskId: job.id, err: hookError }, 'given-up hook failed');
    }
  }

  /** Hands a job back to the waiting list without spending an attempt; ends its processing here. */
  async function putBack(job: Job, token: string): Promise<never> {
    await job.moveToWait(token);
    throw new WaitingError();
  }

  async function runTask(tasks: TaskRegistry, job: Job, token?: string) {
    // A fetch already in flight when the worker began closing still delivers one job: hand it back.
    if (stopController.signal.aborted && token !== undefined) return putBack(job, token);
    active += 1;
    try {
      const context = { signal: stopController.signal, attempt: job.attemptsMade + 1 };
      const running = tasks.run(job.name, job.data, context);
      // The task said synchronously how much it holds; fetch no further ahead than the room left.
      adjustConcurrency();
      await running;
    } catch (error) {
      // Interrupted by shutdown, not failed: it runs again without spending an attempt.
      if (stopController.signal.aborted && token !== undefined) return putBack(job, token);
      const message = error instanceof Error ? error.message : String(error);
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (!isRetryable(error) || lastAttempt) await tellGivenUp(job, error);
      if (!isRetryable(error)) throw new UnrecoverableError(message);
      throw error instanceof Error ? error : new Error(message);
    } finally {
      active -= 1;
      adjustConcurrency();
    }
  }

  function logFailure(job: Job | undefined, err: Error): void {
    if (!job) return;
    const givenUp = err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    const fields = { task: job.name, taskId: job.id, attempt: job.attemptsMade, err };
    if (givenUp) logger.error(fields, 'task given up');
    else logger.warn(fields, 'task failed, will retry');
  }

  /** Waits for a graceful close up to `timeoutMs`, then drops the connections (bounded too). */
  async function closeWithin(
    what: string,
    close: () => Promise<void>,
    force: () => Promise<void>,
    timeoutMs: number,
  ) {
    const closing = close().catch((err: unknown) => logger.warn({ err }, `${what} close failed`));
    if (await settlesWithin(closing, timeoutMs)) return;
    logger.warn(`${what} did not close in ${timeoutMs} ms; dropping its connections`);
    const forcing = force().catch((err: unknown) => logger.warn({ err }, `${what} disconnect failed`));
    // Without a reachable Redis even a disconnect can wait; the process exits after stop() anyway.
    await settlesWithin(forcing, FORCE_CLOSE_MS);
  }

  return {
    async depth() {
      // Rows still in the outbox count too: they are work accepted and not yet in Redis.
      const [outbox, counts, [oldest]] = await Promise.all([
        readReadyTaskDepth(db),
        producer.getJobCounts('wait', 'prioritized'),
        producer.getJobs(['wait'], 0, 0, true),
      ]);
      const waiting = Object.values(counts).reduce((sum, count) => sum + count, 0);
      const oldestAgeSeconds = oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0;
      return {
        ready: outbox.ready + waiting,
        oldestAgeSeconds: Math.max(outbox.oldestAgeSeconds, oldestAgeSeconds),
      };
    },
    async add(tasks, within) {
      if (tasks.length === 0) return;
      await writeOutbox(within ?? db, tasks);
      // Inside a transaction the rows are visible only after the commit, a moment later.
      if (within === undefined) relay.wake();
      else setTimeout(() => relay.wake(), 20).unref();
    },
    start(tasks, concurrency, room = () => concurrency) {
      if (worker) throw new Error('queue already started');
      registry = tasks;
      fetchLimit = { concurrency, room };
      worker = new Worker(queueName, (job, token) => runTask(tasks, job, token), {
        connection: { url: options.redisUrl },
        prefix,
        // BullMQ fetches up to `concurrency` jobs before it runs the first (which is when the room is
        // next looked at): start from the room, or a backlog is claimed whole by the first worker.
        concurrency: Math.max(1, Math.min(concurrency, room())),
        maxStalledCount: MAX_STALLED_COUNT,
        lockDuration: options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS,
        stalledInterval: options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS,
        settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade) },
      });
      worker.on('error', (err) => logger.error({ err }, 'bullmq worker error'));
      worker.on('failed', (job, err) => {
        logFailure(job, err);
        // Given up without running: its workers kept dying, so the processor never saw the end.
        if (job && err.message === STALLED_OUT_REASON) void tellGivenUp(job, err);
      });
    },
    async stop(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const left = () => Math.max(0, deadline - Date.now());
      stopController.abort();
      const running = worker;
      if (running) {
        await closeWithin(
          'bullmq worker',
          () => running.close(),
          () => running.disconnect(),
          left(),
        );
      }
      await relay.stop(left());
      await closeWithin(
        'bullmq producer',
        () => producer.close(),
        () => producer.disconnect(),
        left(),
      );
    },
  };
}
