import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findBaselines, findValueChanges } from '../../src/pipeline/changes/changes.repository.ts';
import { buildDeliveryBody } from '../../src/pipeline/deliveries/deliveries.payload.ts';
import { listDeliveries } from '../../src/pipeline/deliveries/deliveries.repository.ts';
import {
  recordValueResults,
  recordValueResultsWithin,
  type ValueRecord,
} from '../../src/pipeline/results/results.record.ts';
import { INTERVAL_RUN_TASK } from '../../src/pipeline/tasks/tasks.interval-run.ts';
import { findJob, findLatestRun } from '../../src/pipeline/work/work.repository.ts';
import type { Job, ResultItem } from '../../src/pipeline/work/work.table.ts';
import { DIALECTS } from '../support/databases.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { notFoundItem } from '../support/result-items.ts';

/** A found result of `key` at `price` with one offer in stock. */
function pricedItem(key: string, price: number): ResultItem {
  return {
    ...notFoundItem(key),
    reason: null,
    content: { price_min: price, price_max: price, price_avg: price, offers_count: 1, offers: [{ price }] },
  };
}

function timeoutItem(key: string): ResultItem {
  return { ...notFoundItem(key), success: false, reason: 'timeout', observed_at: null };
}

const VALUES = ['1001', '1002', '1003'];

for (const dialect of DIALECTS) {
  describe(`change alert storage on ${dialect} (decisions G40)`, () => {
    let harness: Harness;
    let intervalId: string;
    before(async () => {
      harness = await startHarness({ dialect, worker: false, env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' } });
      const { headers } = await harness.account({ credits: 100 });
      const created = await harness.app.inject({
        method: 'POST',
        url: '/job',
        headers,
        payload: {
          source: 'source_01',
          country: 'de',
          key: 'id',
          values: VALUES,
          interval: 60,
          deliver: 'changes',
          callback_url: 'http://127.0.0.1:9/hook',
        },
      });
      intervalId = created.json().job._id as string;
    });
    after(async () => harness.close());

    async function startRun(): Promise<Job> {
      const { deps } = harness.runtime;
      const parent = await findJob(deps.db, intervalId);
      await harness.runtime.tasks.run(INTERVAL_RUN_TASK.name, {
        jobId: intervalId,
        runAt: parent?.next_run_at,
      });
      const run = await findLatestRun(deps.db, intervalId);
      assert.ok(run && run.status !== 'finished', 'a fresh run');
      assert.equal(run.deliver, 'changes', 'the run carries its interval job’s choice');
      return run;
    }

    const record = (index: number, item: ResultItem): ValueRecord => ({
      index,
      item,
      cost: 1,
      reservedShare: 1,
    });

    async function deliveredKeys(run: Job): Promise<{ keys: string[]; body: string }> {
      const { db } = harness.runtime.deps;
      const deliveries = await listDeliveries(db, { jobId: run.id, offset: 0, limit: 10 });
      assert.equal(deliveries.length, 1, 'one final delivery per run');
      const delivery = deliveries[0];
      assert.ok(delivery);
      const body = await buildDeliveryBody(db, run, delivery);
      assert.equal(await buildDeliveryBody(db, run, delivery), body, 'the same bytes on every attempt');
      const parsed = JSON.parse(body) as { is_final: boolean; results: { key: string }[] };
      assert.equal(parsed.is_final, true);
      return { keys: parsed.results.map((element) => element.key), body };
    }

    it('stores a first run as all changes, once, even when a value is recorded twice or a transaction dies', async () => {
      const { deps } = harness.runtime;
      const run = await startRun();
      await recordValueResults(deps, run, [record(0, pricedItem('1001', 10))]);
      const again = await recordValueResults(deps, run, [record(0, pricedItem('1001', 99))]);
      assert.deepEqual(again.recorded, [false], 'a re-run task records nothing');
      // A crash after the run's result and before the commit: nothing of it remains.
      await assert.rejects(
        deps.db.transaction().execute(async (trx) => {
          await recordValueResultsWithin(trx, deps, run, [record(1, pricedItem('1002', 20))]);
          throw new Error('process died');
        }),
        /process died/,
      );
      assert.equal((await findBaselines(deps.db, intervalId, ['1002'])).size, 0);
      assert.equal((await findValueChanges(deps.db, run.id, [1])).size, 0);
      await recordValueResults(deps, run, [
        record(1, pricedItem('1002', 20)),
        record(2, timeoutItem('1003')),
      ]);

      const baselines = await findBaselines(deps.db, intervalId, VALUES);
      assert.equal(baselines.get('1001')?.price_min, 10, 'the first recording is the one kept');
      assert.equal(baselines.get('1003')?.observed_at, null, 'a value only failed so far is unobserved');
      const changes = await findValueChanges(deps.db, run.id, [0, 1, 2]);
      assert.deepEqual([...changes.entries()].sort(), [
        [0, null],
        [1, null],
        [2, null],
      ]);
      assert.deepEqual((await deliveredKeys(run)).keys, ['id:1001', 'id:1002', 'id:1003']);
    });

    it('stores a later run’s changes with the figures they replaced, and nothing for unchanged or failed values', async () => {
      const { deps } = harness.runtime;
      const run = await startRun();
      await recordValueResults(deps, run, [
        record(0, pricedItem('1001', 10)),
        record(1, pricedItem('1002', 25)),
        record(2, timeoutItem('1003')),
      ]);
      const changes = await findValueChanges(deps.db, run.id, [0, 1, 2]);
      assert.deepEqual([...changes.keys()], [1]);
      const previous = JSON.parse(changes.get(1) ?? 'null') as Record<string, unknown>;
      assert.equal(previous.price_min, 20);
      assert.equal(previous.price_avg, 20);
      const baselines = await findBaselines(deps.db, intervalId, VALUES);
      assert.equal(baselines.get('1002')?.price_min, 25, 'the next run compares with this one');
      assert.equal(baselines.get('1003')?.observed_at, null, 'a failure leaves the baseline alone');
      assert.deepEqual((await deliveredKeys(run)).keys, ['id:1002']);

      const quiet = await startRun();
      await recordValueResults(deps, quiet, [
        record(0, pricedItem('1001', 10)),
        record(1, pricedItem('1002', 25)),
        record(2, timeoutItem('1003')),
      ]);
      assert.deepEqual((await deliveredKeys(quiet)).keys, [], 'nothing changed: an empty final delivery');
    });
  });
}
