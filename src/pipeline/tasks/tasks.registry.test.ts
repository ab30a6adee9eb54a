import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { PermanentTaskError, isRetryable } from '../queue/queue.types.ts';
import { TASKS, createTaskRegistry } from './tasks.registry.ts';
import { defineTask } from './tasks.types.ts';

/** A registry of one task `note` whose runs and given-up calls are recorded. */
function noteRegistry() {
  const ran: unknown[] = [];
  const givenUp: unknown[] = [];
  const note = defineTask({
    name: 'note',
    payload: Type.Object({ jobId: Type.String(), index: Type.Integer({ minimum: 0 }) }),
    async run(payload, helpers: { prefix: string }) {
      ran.push(`${helpers.prefix}${payload.jobId}/${payload.index}`);
    },
    async givenUp(payload, error) {
      givenUp.push([payload, (error as Error).message]);
    },
  });
  return { registry: createTaskRegistry([note], { prefix: 'job ' }), ran, givenUp };
}

describe('the task list (one registry both queue engines read)', () => {
  it('lists each stored task name once, as older versions queued them', () => {
    assert.deepEqual(TASKS.map((task) => task.name).sort(), [
      'crawl_value',
      'crawl_values',
      'expire_job',
      'run_interval_job',
    ]);
  });

  it('runs a task whose payload fits its schema, handing it the helpers', async () => {
    const { registry, ran } = noteRegistry();
    await registry.run('note', { jobId: 'a', index: 2 });
    assert.deepEqual(ran, ['job a/2']);
  });

  it('refuses a payload that does not fit, for good, naming the field', async () => {
    const { registry, ran } = noteRegistry();
    await assert.rejects(registry.run('note', { jobId: 'a', index: 'first' }), (error: unknown) => {
      assert.ok(error instanceof PermanentTaskError);
      assert.match(error.message, /^note payload \/index: Expected integer/);
      return true;
    });
    await assert.rejects(registry.run('note', 'not an object'), PermanentTaskError);
    assert.deepEqual(ran, []);
  });

  it('fails a task name it does not list so that it is retried (a newer worker may know it)', async () => {
    const { registry } = noteRegistry();
    await assert.rejects(registry.run('unknown', {}), (error: unknown) => {
      assert.match((error as Error).message, /no task named unknown/);
      return isRetryable(error);
    });
  });

  it('tells a given-up task its payload unchecked, and ignores a payload that is not an object', async () => {
    const { registry, givenUp } = noteRegistry();
    await registry.givenUp('note', { jobId: 'a', index: 'first' }, new Error('bad'));
    await registry.givenUp('note', 'text', new Error('bad'));
    await registry.givenUp('unknown', { jobId: 'a' }, new Error('bad'));
    assert.deepEqual(givenUp, [[{ jobId: 'a', index: 'first' }, 'bad']]);
  });

  it('refuses two tasks of one name', () => {
    const Empty = Type.Object({});
    const task = defineTask<typeof Empty, object>({
      name: 'twice',
      payload: Empty,
      run: async () => {},
    });
    assert.throws(() => createTaskRegistry([task, task], {}), /two tasks are named twice/);
  });
});
