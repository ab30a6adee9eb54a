/**
 * What a queue task is: a name, a payload schema, what it runs and what settles it once the queue
 * gave it up. Every task is listed in `tasks.registry.ts`, which both queue engines read.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { Logger } from 'pino';
import type { Account } from '../../accounts/accounts/accounts.table.ts';
import type { Config } from '../../config.ts';
import type { CrawlEngine } from '../../crawl/engine/crawl.engine.ts';
import type { WorkSlots } from '../../platform/lib/slots.ts';
import type { ServeDeps } from '../observations/observations.service.ts';
import type { TaskContext, TaskSpec, WorkQueue } from '../queue/queue.types.ts';
import type { Job } from '../work/work.table.ts';

/** What crawling values needs from the process. */
export interface CrawlDeps extends ServeDeps {
  logger: Logger;
  /**
   * The process-wide bound on values crawling at once (`WORKER_CONCURRENCY`), shared by every crawl
   * task; its held count is what claimed tasks still have to serve (the queue's look-ahead).
   */
  valueSlots: WorkSlots;
  /** Present in processes that crawl (worker role). */
  engine?: CrawlEngine;
  config: Pick<Config, 'sourceBaseUrls'>;
  /** Origin of the bundled sandbox, the default upstream (`http://127.0.0.1:<SANDBOX_PORT>`). */
  sandboxOrigin: string;
}

/** What the tasks are handed besides their payload: the few parts of the process they use. */
export interface TaskHelpers extends CrawlDeps {
  queue: WorkQueue;
  /**
   * Starts a run of an interval job for its account (`startIntervalRun` of submissions, which sits
   * above the tasks because creating a job queues them).
   */
  startIntervalRun(job: Job, account: Account): Promise<void>;
}

/** One task of the queue. */
export interface Task<P extends TSchema = TSchema, H = TaskHelpers> {
  /** The name stored with each queued task; never renamed (rows of older versions keep theirs). */
  readonly name: string;
  /** The payload's schema, checked before `run`: a payload that does not fit is never retried. */
  readonly payload: P;
  run(payload: Static<P>, helpers: H, context: TaskContext): Promise<void>;
  /**
   * Settles what the task left undone once the queue gave it up (attempts ran out, or a
   * `PermanentTaskError`). It sees the payload unchecked (a bad payload may be why it was given up)
   * and must tolerate running again.
   */
  givenUp?(payload: Readonly<Record<string, unknown>>, error: unknown, helpers: H): Promise<void>;
}

/** Declares a task (its payload type follows from its schema). */
export function defineTask<P extends TSchema, H = TaskHelpers>(task: Task<P, H>): Task<P, H> {
  return task;
}

/** A task to enqueue: the task's name and a payload of its schema's type. */
export function taskSpec<P extends TSchema>(
  task: Pick<Task<P, never>, 'name' | 'payload'>,
  payload: Static<P>,
  options: Omit<TaskSpec, 'task' | 'payload'> = {},
): TaskSpec {
  return { task: task.name, payload: payload as Record<string, unknown>, ...options };
}
