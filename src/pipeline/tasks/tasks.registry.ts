/**
 * The task list: every task the queue runs, in one place. Both queue engines (SQL and BullMQ) read
 * it through `createTaskRegistry`, which checks each payload against its task's schema before the
 * task runs. A new task is one `defineTask` in this folder and one entry here.
 */
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { PermanentTaskError, type TaskContext, type TaskRegistry } from '../queue/queue.types.ts';
import { CRAWL_CHUNK_TASK, CRAWL_ONE_VALUE_TASK } from './tasks.crawl-chunk.ts';
import { EXPIRE_JOB_TASK } from './tasks.expire-job.ts';
import { INTERVAL_RUN_TASK } from './tasks.interval-run.ts';
import type { Task, TaskHelpers } from './tasks.types.ts';

/** Every task of the service. */
export const TASKS: readonly Task[] = [
  CRAWL_CHUNK_TASK,
  CRAWL_ONE_VALUE_TASK,
  EXPIRE_JOB_TASK,
  INTERVAL_RUN_TASK,
];

/** Context of a task run outside a queue (a test, an operator): never aborted, first attempt. */
const DIRECT_RUN: TaskContext = { signal: new AbortController().signal, attempt: 1 };

/** Why a payload does not fit its task's schema, naming the first field that is wrong. */
function payloadProblem(name: string, check: TypeCheck<TSchema>, payload: unknown): string {
  const [first] = check.Errors(payload);
  if (!first) return `${name} payload is invalid`;
  return `${name} payload ${first.path || '(the payload)'}: ${first.message}`;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The registry the queue engines run `tasks` from, each handed `helpers`. A payload that does not
 * fit its schema fails with a `PermanentTaskError` (no retry fixes it); a task name nobody lists
 * fails with a retryable error (a newer worker of a rolling upgrade may know it).
 */
export function createTaskRegistry<H>(tasks: readonly Task<TSchema, H>[], helpers: H): TaskRegistry {
  const byName = new Map<string, { task: Task<TSchema, H>; check: TypeCheck<TSchema> }>();
  for (const task of tasks) {
    if (byName.has(task.name)) throw new Error(`two tasks are named ${task.name}`);
    byName.set(task.name, { task, check: TypeCompiler.Compile(task.payload) });
  }
  return {
    async run(name, payload, context = DIRECT_RUN) {
      const entry = byName.get(name);
      if (!entry) throw new Error(`no task named ${name}`);
      if (!entry.check.Check(payload))
        throw new PermanentTaskError(payloadProblem(name, entry.check, payload));
      await entry.task.run(payload, helpers, context);
    },
    async givenUp(name, payload, error) {
      const task = byName.get(name)?.task;
      if (task?.givenUp && isRecord(payload)) await task.givenUp(payload, error, helpers);
    },
  };
}

/** The service's registry: `TASKS` with the process's helpers. */
export function createServiceTasks(helpers: TaskHelpers): TaskRegistry {
  return createTaskRegistry(TASKS, helpers);
}
