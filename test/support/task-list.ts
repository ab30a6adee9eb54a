import { Type } from '@sinclair/typebox';
import type { TaskContext, TaskRegistry } from '../../src/pipeline/queue/queue.types.ts';
import { createTaskRegistry } from '../../src/pipeline/tasks/tasks.registry.ts';
import { defineTask } from '../../src/pipeline/tasks/tasks.types.ts';

const AnyPayload = Type.Record(Type.String(), Type.Unknown());

/** A test task's body: its payload (any object) and the run's context. */
export type TestTaskRun = (payload: Record<string, unknown>, context: TaskContext) => Promise<void>;

/** A test task's given-up hook. */
export type TestGivenUp = (payload: Readonly<Record<string, unknown>>, error: unknown) => Promise<void>;

/**
 * A task registry of test tasks by name, built by the service's own `createTaskRegistry`; their
 * payloads are any object, so the queue engines are tested apart from the service's tasks.
 */
export function testTasks(
  runs: Record<string, TestTaskRun>,
  givenUp: Record<string, TestGivenUp> = {},
): TaskRegistry {
  const tasks = Object.entries(runs).map(([name, run]) => {
    const onGivenUp = givenUp[name];
    return defineTask<typeof AnyPayload, object>({
      name,
      payload: AnyPayload,
      run: (payload, _helpers, context) => run(payload, context),
      ...(onGivenUp ? { givenUp: (payload, error) => onGivenUp(payload, error) } : {}),
    });
  });
  return createTaskRegistry(tasks, {});
}
