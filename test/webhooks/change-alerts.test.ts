import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { INTERVAL_RUN_TASK } from '../../src/pipeline/tasks/tasks.interval-run.ts';
import { findJob } from '../../src/pipeline/work/work.repository.ts';
import { storefrontFor } from '../../src/sandbox/index.ts';
import { DIALECTS } from '../support/databases.ts';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';
import { signatureProblem, startReceiver, type Receiver } from '../support/receiver.ts';
import { restartRuntime } from '../support/restart.ts';
import { until } from '../support/until.ts';

interface Figures {
  price_min: number | null;
  price_max: number | null;
  price_avg: number | null;
  availability: string | null;
  buybox_price: number | null;
  observed_at: string | null;
}
interface ChangeElement {
  key: string;
  result: { content: Record<string, unknown> | null; observed_at: string | null; success: boolean };
  previous: Figures | null;
}
interface ChangeDelivery {
  job_id: string;
  is_final: boolean;
  batch_sequence: number;
  results: ChangeElement[];
}

for (const dialect of DIALECTS) {
  describe(`change alerts of interval jobs to a real receiver (decisions G40, ${dialect})`, () => {
    let harness: Harness;
    let receiver: Receiver;
    let headers: Record<string, string>;
    let ids: string[];
    /** The delivery body as the OpenAPI document's `webhooks` describes it. */
    let documented: ValidateFunction;

    before(async () => {
      harness = await startHarness({ dialect, env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' } });
      // The moved price's delivery (the second request) fails once: it comes again after a restart.
      receiver = await startReceiver((request, response) => {
        response.statusCode = request.number === 2 ? 500 : 200;
        response.end('ok');
      });
      ({ headers } = await harness.account());
      const truth = await fetchTruth(harness, 'source_01', 'de');
      ids = truth.products.slice(0, 3).map((product) => String(product.id));
      const document = (await harness.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      const schema = document.webhooks.delivery.post.requestBody.content['application/json'].schema as object;
      documented = new Ajv2020({ strict: false, validateFormats: false, allErrors: true }).compile(schema);
    });
    after(async () => {
      await receiver.close();
      await harness.close();
    });

    const request = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      harness.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }).then((r) => r.json());

    async function movePrice(productId: string, percent: number | null): Promise<void> {
      const storefront = storefrontFor('source_01', 'de');
      const moves =
        percent === null ? [] : [{ source: 'source_01', storefront, product_id: productId, percent }];
      const response = await fetch(`${harness.sandboxOrigin}/_sandbox/price-moves`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ moves }),
      });
      assert.equal(response.status, 200);
    }

    /** Runs the interval job's next period and answers the delivery the receiver gets for it. */
    async function nextDelivery(jobId: string, secret: string, runPeriod: boolean): Promise<ChangeDelivery> {
      const before = receiver.requests.length;
      if (runPeriod) {
        const job = await findJob(harness.runtime.deps.db, jobId);
        await harness.runtime.tasks.run(INTERVAL_RUN_TASK.name, { jobId, runAt: job?.next_run_at });
      }
      await until('the run is delivered', () => receiver.requests.length > before, 60_000);
      const received = receiver.requests[before];
      assert.ok(received);
      assert.equal(signatureProblem(secret, received), undefined, 'signed like every delivery');
      const body: unknown = JSON.parse(received.rawBody);
      assert.ok(documented(body), `the documented webhook body: ${JSON.stringify(documented.errors)}`);
      return body as ChangeDelivery;
    }

    it('delivers everything first, then exactly the value whose price moved (the same bytes after a restart and a replay), then an empty final delivery', async () => {
      const created = await request('POST', '/job', {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values: ids,
        interval: 60,
        max_age: 0,
        deliver: 'changes',
        callback_url: receiver.url,
      });
      assert.equal(created.error, false, JSON.stringify(created));
      assert.equal(created.job.deliver, 'changes');
      const jobId = created.job._id as string;
      const secret = created.webhook_secret as string;

      const first = await nextDelivery(jobId, secret, false);
      assert.equal(first.is_final, true);
      assert.deepEqual(
        first.results.map((element) => element.key).sort(),
        ids.map((id) => `id:${id}`).sort(),
        'the first run delivers every value',
      );
      assert.ok(first.results.every((element) => element.previous === null));
      const moved = ids[1] as string;
      const before = first.results.find((element) => element.key === `id:${moved}`);
      assert.ok(before?.result.success, 'the moved product was found on the first run');
      const priceBefore = before.result.content?.price_min as number;

      await movePrice(moved, 10);
      const second = await nextDelivery(jobId, secret, true);
      assert.notEqual(second.job_id, first.job_id, 'another run');
      assert.equal(second.is_final, true);
      assert.deepEqual(
        second.results.map((element) => element.key),
        [`id:${moved}`],
        'only the value whose price moved',
      );
      const change = second.results[0] as ChangeElement;
      assert.equal(change.previous?.price_min, priceBefore);
      assert.equal(change.previous?.observed_at, before.result.observed_at);
      assert.deepEqual(Object.keys(change.previous ?? {}).sort(), [
        'availability',
        'buybox_price',
        'observed_at',
        'price_avg',
        'price_max',
        'price_min',
      ]);
      const priceAfter = change.result.content?.price_min as number;
      assert.ok(priceAfter > priceBefore, `price_min moved up: ${priceBefore} -> ${priceAfter}`);

      // The receiver failed it; the service restarts; the replay carries the very same changes.
      const failed = receiver.requests[1];
      assert.ok(failed);
      const deliveryId = String(failed.headers['x-service-delivery-id']);
      harness = await restartRuntime(harness);
      const replayed = await request('POST', `/stream/deliveries/${deliveryId}/replay`);
      assert.equal(replayed.error, false, JSON.stringify(replayed));
      await until('the replay arrives', () => receiver.requests.length > 2, 60_000);
      const again = receiver.requests[2];
      assert.ok(again);
      assert.equal(again.headers['x-service-delivery-id'], deliveryId, 'the same delivery');
      assert.equal(again.rawBody, failed.rawBody, 'the same changes, not compared again');
      assert.equal(signatureProblem(secret, again), undefined);

      const third = await nextDelivery(jobId, secret, true);
      assert.notEqual(third.job_id, second.job_id);
      assert.equal(third.is_final, true);
      assert.deepEqual(third.results, [], 'a run without changes sends one empty final delivery');
      await movePrice(moved, null);
    });
  });
}
