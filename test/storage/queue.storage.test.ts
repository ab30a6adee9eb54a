import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import type { Db } from '../../src/platform/db/database.ts';
import { createSqlQueue } from '../../src/pipeline/queue/queue.sql.ts';
import { PermanentTaskError } from '../../src/pipeline/queue/queue.types.ts';
import { testTasks, type TestTaskRun } from '../support/task-list.ts';
import { until } from '../support/until.ts';
import { DIALECTS, createTestDatabase, openMigratedTestDb, type TestDatabase } from '../support/databases.ts';

const silent = pino({ level: 'silent' });

for (const dialect of DIALECTS) {
  describe(`SQL work queue on ${dialect}`, () => {
    let database: TestDatabase;
    let db: Db;

    before(async () => {
      database = await createTestDatabase(dialect);
      db = await openMigratedTestDb(database, 'queue.sqlite');
    });
    after(async () => {
      await db.destroy();
      await database.drop();
    });

    it('runs every task once and removes it', async () => {
      const queue = createSqlQueue(db, silent, { pollIntervalMs: 20 });
      const seen: number[] = [];
      queue.start(testTasks({ note: async (payload) => void seen.push(payload.n as number) }), 4);
      await queue.add(Array.from({ length: 50 }, (_, n) => ({ task: 'note', payload: { n } })));
      await until('condition', () => seen.length === 50);
      await queue.stop(1000);
      assert.deepEqual(
        [...seen].sort((a, b) => a - b),
        Array.from({ length: 50 }, (_, n) => n),
      );
      const left = await db.selectFrom('queue_tasks').select('id').execute();
      assert.equal(left.length, 0);
    });

    it('retries a failing task and gives up a permanent failure at once', async () => {
      const queue = createSqlQueue(db, silent, { pollIntervalMs: 20 });
      let flakyCalls = 0;
      let permanentCalls = 0;
      const handlers: Record<string, TestTaskRun> = {
        flaky: async () => {
          flakyCalls += 1;
          if (flakyCalls === 1) throw new Error('transient');
        },
        broken: async () => {
          permanentCalls += 1;
          throw new PermanentTaskError('bad payload');
        },
      };
      queue.start(testTasks(handlers), 2);
      await queue.add([
        { task: 'flaky', payload: {} },
        { task: 'broken', payload: {} },
      ]);
      // The retry is scheduled about a second later (backoff), so wait for the second call.
      await until('condition', () => flakyCalls === 2, 15_000);
      await until(
        'condition',
        async () => (await db.selectFrom('queue_tasks').select('id').execute()).length === 0,
      );
      await queue.stop(1000);
      assert.equal(permanentCalls, 1);
    });

    it('tells the given-up hook once per task it gives up, with the payload and the last error', async () => {
      const queue = createSqlQueue(db, silent, { pollIntervalMs: 20 });
      const givenUp: string[] = [];
      let flakyCalls = 0;
      queue.start(
        testTasks(
          {
            flaky: async () => {
              flakyCalls += 1;
              if (flakyCalls === 1) throw new Error('transient');
            },
            hopeless: async () => {
              throw new Error('always');
            },
            broken: async () => {
              throw new PermanentTaskError('bad payload');
            },
          },
          Object.fromEntries(
            ['flaky', 'hopeless', 'broken'].map((task) => [
              task,
              async (payload: Readonly<Record<string, unknown>>, error: unknown) =>
                void givenUp.push(`${task} ${String(payload.n)} ${(error as Error).message}`),
            ]),
          ),
        ),
        3,
      );
      await queue.add([
        { task: 'flaky', payload: { n: 1 } },
        { task: 'hopeless', payload: { n: 2 }, maxAttempts: 2 },
        { task: 'broken', payload: { n: 3 } },
      ]);
      await until(
        'every task settled',
        async () => (await db.selectFrom('queue_tasks').select('id').execute()).length === 0,
        15_000,
      );
      await queue.stop(1000);
      assert.deepEqual(givenUp.sort(), ['broken 3 bad payload', 'hopeless 2 always']);
    });

    it('keeps a task whose given-up hook failed, and tells the hook again later', async () => {
      const queue = createSqlQueue(db, silent, { pollIntervalMs: 20 });
      let hookCalls = 0;
      queue.start(
        testTasks(
          {
            broken: async () => {
              throw new PermanentTaskError('bad payload');
            },
          },
          {
            broken: async () => {
              hookCalls += 1;
              if (hookCalls === 1) throw new Error('database away');
            },
          },
        ),
        1,
      );
      await queue.add([{ task: 'broken', payload: {} }]);
      await until(
        'the hook succeeded and the row is gone',
        async () => (await db.selectFrom('queue_tasks').select('id').execute()).length === 0,
        15_000,
      );
      await queue.stop(1000);
      assert.equal(hookCalls, 2);
    });

    it('adds a task only once per dedupe key', async () => {
      const queue = createSqlQueue(db, silent);
      await queue.add([
        { task: 'x', payload: {}, dedupeKey: 'only-one', runAt: new Date(Date.now() + 60_000) },
      ]);
      await queue.add([
        { task: 'x', payload: {}, dedupeKey: 'only-one', runAt: new Date(Date.now() + 60_000) },
      ]);
      const rows = await db
        .selectFrom('queue_tasks')
        .select('id')
        .where('dedupe_key', '=', 'only-one')
        .execute();
      assert.equal(rows.length, 1);
      await db.deleteFrom('queue_tasks').execute();
    });

    it('commits tasks with the transaction that adds them, and not on rollback', async () => {
      const queue = createSqlQueue(db, silent);
      await assert.rejects(
        db.transaction().execute(async (trx) => {
          await queue.add([{ task: 'x', payload: { n: 1 } }], trx);
          throw new Error('rollback');
        }),
      );
      assert.equal((await db.selectFrom('queue_tasks').select('id').execute()).length, 0);
    });

    it('runs a task again after its worker died holding it', async () => {
      // A worker that claims and then "dies": its lease is short and never renewed.
      const dying = createSqlQueue(db, silent, { leaseMs: 300, pollIntervalMs: 20 });
      let started = false;
      dying.start(testTasks({ job: () => new Promise<void>(() => void (started = true)) }), 1);
      await dying.add([{ task: 'job', payload: {} }]);
      await until('condition', () => started);
      void dying.stop(0);
      const survivor = createSqlQueue(db, silent, { leaseMs: 300, pollIntervalMs: 20 });
      let finished = false;
      survivor.start(testTasks({ job: async () => void (finished = true) }), 1);
      await until('condition', () => finished);
      await survivor.stop(1000);
    });
  });
}
