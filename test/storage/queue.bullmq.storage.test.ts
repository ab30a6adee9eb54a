import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import type { Db } from '../../src/platform/db/database.ts';
import {
  createBullmqQueue,
  toBullmqJobs,
  type BullmqQueueOptions,
} from '../../src/pipeline/queue/queue.bullmq.ts';
import { claimOutboxBatch, writeOutbox } from '../../src/pipeline/queue/queue.outbox.ts';
import { PermanentTaskError, type WorkQueue } from '../../src/pipeline/queue/queue.types.ts';
import { testTasks, type TestGivenUp, type TestTaskRun } from '../support/task-list.ts';
import { until } from '../support/until.ts';
import { DIALECTS, createTestDatabase, openMigratedTestDb, type TestDatabase } from '../support/databases.ts';
import { TEST_REDIS_URL, dropRedisPrefix, requireRedis, uniqueRedisPrefix } from '../support/redis.ts';

const silent = pino({ level: 'silent' });

for (const dialect of DIALECTS) {
  describe(`BullMQ work queue with its outbox on ${dialect}`, () => {
    let database: TestDatabase;
    let db: Db;
    const prefix = uniqueRedisPrefix();
    let queueCount = 0;
    let queueName = '';
    let started: WorkQueue[] = [];
    let inspector: Queue | undefined;

    before(async () => {
      await requireRedis();
      database = await createTestDatabase(dialect);
      db = await openMigratedTestDb(database, 'queue.sqlite');
    });
    afterEach(async () => {
      await Promise.all(started.map((queue) => queue.stop(5000)));
      started = [];
      await inspector?.close();
      inspector = undefined;
      // Rows a test leaves would be relayed into the next test's queue.
      await db.deleteFrom('queue_tasks').execute();
    });
    after(async () => {
      await db?.destroy();
      await database?.drop();
      await dropRedisPrefix(prefix);
    });

    /** A fresh BullMQ queue name for the test, and an engine on it (started with handlers if given). */
    function engine(
      handlers?: Record<string, TestTaskRun>,
      overrides: Partial<BullmqQueueOptions> = {},
      concurrency = 4,
      givenUp: Record<string, TestGivenUp> = {},
    ): WorkQueue {
      const queue = createBullmqQueue(db, silent, {
        redisUrl: TEST_REDIS_URL,
        prefix,
        queueName,
        relayPollIntervalMs: 20,
        ...overrides,
      });
      started.push(queue);
      if (handlers) queue.start(testTasks(handlers, givenUp), concurrency);
      return queue;
    }

    function freshQueueName(): void {
      queueCount += 1;
      queueName = `q${queueCount}`;
      inspector = new Queue(queueName, { connection: { url: TEST_REDIS_URL }, prefix });
    }

    const outboxSize = async () => (await db.selectFrom('queue_tasks').select('id').execute()).length;
    const counts = () => inspector!.getJobCounts('wait', 'active', 'delayed', 'completed', 'failed');
    const idle = async () => {
      const now = await counts();
      return (await outboxSize()) === 0 && (now.wait ?? 0) + (now.active ?? 0) + (now.delayed ?? 0) === 0;
    };

    it('runs every task once, relayed from the outbox, and leaves nothing pending', async () => {
      freshQueueName();
      const seen: number[] = [];
      const queue = engine({ note: async (payload) => void seen.push(payload.n as number) });
      await queue.add(Array.from({ length: 50 }, (_, n) => ({ task: 'note', payload: { n } })));
      await until('50 tasks completed', async () => (await counts()).completed === 50);
      assert.deepEqual(
        [...seen].sort((a, b) => a - b),
        Array.from({ length: 50 }, (_, n) => n),
      );
      assert.ok(await idle());
      assert.equal((await counts()).failed, 0);
    });

    it('retries a failing task up to maxAttempts and gives up a permanent failure at once', async () => {
      freshQueueName();
      const flakyAttempts: number[] = [];
      const hopelessAttempts: number[] = [];
      let brokenCalls = 0;
      await engine({
        flaky: async (_payload, { attempt }) => {
          flakyAttempts.push(attempt);
          if (attempt === 1) throw new Error('transient');
        },
        hopeless: async (_payload, { attempt }) => {
          hopelessAttempts.push(attempt);
          throw new Error('always');
        },
        broken: async () => {
          brokenCalls += 1;
          throw new PermanentTaskError('bad payload');
        },
      }).add([
        { task: 'flaky', payload: {} },
        { task: 'hopeless', payload: {}, maxAttempts: 2 },
        { task: 'broken', payload: {} },
      ]);
      // Retries wait about a second (retryDelayMs), so this takes a little while.
      await until('all settled', async () => {
        const now = await counts();
        return now.completed === 1 && now.failed === 2;
      });
      assert.deepEqual(flakyAttempts, [1, 2]);
      assert.deepEqual(hopelessAttempts, [1, 2]);
      assert.equal(brokenCalls, 1);
      const failed = await inspector!.getFailed();
      assert.deepEqual(failed.map((job) => job.name).sort(), ['broken', 'hopeless']);
      assert.equal(failed.find((job) => job.name === 'broken')?.failedReason, 'bad payload');
    });

    it('tells the given-up hook once per task it gives up, with the payload and the last error', async () => {
      freshQueueName();
      const givenUp: string[] = [];
      const hook = (task: string) => async (payload: Record<string, unknown>, error: unknown) =>
        void givenUp.push(`${task} ${String(payload.n)} ${(error as Error).message}`);
      await engine(
        {
          flaky: async (_payload, { attempt }) => {
            if (attempt === 1) throw new Error('transient');
          },
          hopeless: async () => {
            throw new Error('always');
          },
          broken: async () => {
            throw new PermanentTaskError('bad payload');
          },
        },
        {},
        4,
        { flaky: hook('flaky'), hopeless: hook('hopeless'), broken: hook('broken') },
      ).add([
        { task: 'flaky', payload: { n: 1 } },
        { task: 'hopeless', payload: { n: 2 }, maxAttempts: 2 },
        { task: 'broken', payload: { n: 3 } },
      ]);
      await until('all settled', async () => {
        const now = await counts();
        return now.completed === 1 && now.failed === 2;
      });
      assert.deepEqual(givenUp.sort(), ['broken 3 bad payload', 'hopeless 2 always']);
    });

    it('ignores a second task with the same dedupe key while the first exists, before and after relay', async () => {
      freshQueueName();
      const runs: number[] = [];
      const queue = engine({ x: async (payload) => void runs.push(payload.n as number) });
      const soon = () => new Date(Date.now() + 2000);
      await queue.add([
        { task: 'x', payload: { n: 1 }, dedupeKey: 'only-one', runAt: soon() },
        { task: 'x', payload: { n: 2 }, dedupeKey: 'only-one', runAt: soon() },
      ]);
      await until('first relayed', async () => (await outboxSize()) === 0);
      // Now the first is a delayed BullMQ job: the outbox no longer holds its key.
      await queue.add([{ task: 'x', payload: { n: 3 }, dedupeKey: 'only-one', runAt: soon() }]);
      await until('second relayed', async () => (await outboxSize()) === 0);
      assert.equal((await counts()).delayed, 1);
      await until('first ran', () => runs.length === 1);
      await until('idle', idle);
      assert.deepEqual(runs, [1]);
      // Once the first has finished the key is free again, as with the SQL engine.
      await queue.add([{ task: 'x', payload: { n: 4 }, dedupeKey: 'only-one' }]);
      await until('fourth ran', () => runs.length === 2);
      assert.deepEqual(runs, [1, 4]);
    });

    it('commits tasks with the transaction that adds them, and never runs them after a rollback', async () => {
      freshQueueName();
      const ran: string[] = [];
      const queue = engine({
        doomed: async () => void ran.push('doomed'),
        marker: async () => void ran.push('marker'),
      });
      await assert.rejects(
        db.transaction().execute(async (trx) => {
          await queue.add([{ task: 'doomed', payload: {} }], trx);
          throw new Error('rollback');
        }),
      );
      await db.transaction().execute((trx) => queue.add([{ task: 'marker', payload: {} }], trx));
      await until('marker ran', () => ran.includes('marker'));
      await until('idle', idle);
      assert.deepEqual(ran, ['marker']);
      assert.equal((await counts()).completed, 1);
    });

    it('delivers the tasks of a relay that died after claiming them, once its lease ran out', async () => {
      freshQueueName();
      await writeOutbox(db, [{ task: 'job', payload: { n: 7 } }]);
      const claimed = await claimOutboxBatch(db, { relayId: 'dead', leaseMs: 500, horizonMs: 0, limit: 10 });
      assert.equal(claimed.length, 1);
      const seen: number[] = [];
      engine({ job: async (payload) => void seen.push(payload.n as number) }, { relayLeaseMs: 500 });
      await until('task ran', () => seen.length === 1);
      await until('idle', idle);
      assert.deepEqual(seen, [7]);
    });

    it('runs a task once when its relay died between the BullMQ add and the outbox delete', async () => {
      freshQueueName();
      await writeOutbox(db, [{ task: 'job', payload: {} }]);
      const claimed = await claimOutboxBatch(db, { relayId: 'dead', leaseMs: 500, horizonMs: 0, limit: 10 });
      await inspector!.addBulk(toBullmqJobs(claimed));
      let runs = 0;
      engine({ job: async () => void (runs += 1) }, { relayLeaseMs: 500 });
      // The survivor re-claims the row after the lease, re-adds it under the same job id and deletes it.
      await until('row relayed again and deleted', async () => (await outboxSize()) === 0);
      await until('idle', idle);
      assert.equal(runs, 1);
      assert.equal((await counts()).completed, 1);
    });

    it('runs delayed tasks after their time, keeping those beyond the horizon in the database', async () => {
      freshQueueName();
      const order: Array<{ name: string; atMs: number }> = [];
      const record: TestTaskRun = async (payload) =>
        void order.push({ name: payload.name as string, atMs: Date.now() });
      const queue = engine({ record }, { relayHorizonMs: 500 });
      const soonMs = Date.now() + 300;
      // Beyond the relay's horizon for 4.5 s: time to see it kept in the database on a loaded machine.
      const laterMs = Date.now() + 5000;
      await queue.add([
        { task: 'record', payload: { name: 'later' }, runAt: new Date(laterMs) },
        { task: 'record', payload: { name: 'soon' }, runAt: new Date(soonMs) },
        { task: 'record', payload: { name: 'now' } },
      ]);
      const outbox = async () =>
        (await db.selectFrom('queue_tasks').select('payload').execute()).map(
          (row) => JSON.parse(row.payload).name,
        );
      // The state, not "now ran" alone: on a loaded machine "soon" may have run too by the first look.
      await until(
        'the two within the horizon relayed, the later one kept in the database',
        async () => JSON.stringify(await outbox()) === '["later"]',
      );
      assert.ok(!order.some((entry) => entry.name === 'later'), 'later ran before its time');
      await until('all ran', () => order.length === 3);
      assert.deepEqual(
        order.map((entry) => entry.name),
        ['now', 'soon', 'later'],
      );
      assert.ok(order[1]!.atMs >= soonMs, 'soon ran before its time');
      assert.ok(order[2]!.atMs >= laterMs, 'later ran before its time');
    });

    it('takes no more tasks than the room the process gives, even from a backlog waiting at start', async () => {
      freshQueueName();
      const producer = engine();
      await producer.add(Array.from({ length: 6 }, (_, n) => ({ task: 'chunk', payload: { n } })));
      await until('backlog relayed', async () => (await counts()).wait === 6);
      let running = 0;
      let most = 0;
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const worker = engine();
      // Each task fills the process (a chunk of values): room for one at a time.
      worker.start(
        testTasks({
          chunk: async () => {
            running += 1;
            most = Math.max(most, running);
            await gate;
            running -= 1;
          },
        }),
        4,
        () => 1 - running,
      );
      await until('a task runs', () => running >= 1);
      // A worker that claimed beyond the room fetched its batch together with the first task: the
      // extra tasks would be active by now, and this wait would run out instead.
      await until('the other five wait in Redis while one runs', async () => {
        const { active, wait } = await counts();
        return active === 1 && wait === 5;
      });
      open();
      await until('all ran', async () => (await counts()).completed === 6);
      assert.equal(most, 1, 'tasks run at once beyond the room');
    });

    it('puts a running task back when the queue stops, without spending an attempt', async () => {
      freshQueueName();
      const attempts: number[] = [];
      const first = engine({
        slow: (_payload, { signal, attempt }) => {
          attempts.push(attempt);
          return new Promise<void>((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
          );
        },
      });
      await first.add([{ task: 'slow', payload: {} }]);
      await until('started', () => attempts.length === 1);
      await first.stop(5000);
      assert.deepEqual(await counts(), { wait: 1, active: 0, delayed: 0, completed: 0, failed: 0 });
      engine({ slow: async (_payload, { attempt }) => void attempts.push(attempt) });
      await until('ran again', async () => (await counts()).completed === 1);
      assert.deepEqual(attempts, [1, 1]);
    });
  });
}
