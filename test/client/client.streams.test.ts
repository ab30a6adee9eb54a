import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  PricecrawlClient,
  verifyWebhook,
  type DeliveriesPage,
  type Delivery,
  type StreamResult,
  type StreamResultsPage,
  type StreamStatus,
} from 'pricecrawl/client';
import { assertShape } from '../support/keys.ts';
import { injectFetch, type SentRequest } from '../support/client-fetch.ts';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { until } from '../support/until.ts';

describe('client: stream jobs against the real service', () => {
  let harness: Harness;
  let receiver: Receiver;
  let client: PricecrawlClient;
  let key: string;
  const sent: SentRequest[] = [];

  before(async () => {
    harness = await startHarness({
      env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1', STREAM_FLUSH_INTERVAL_MS: '200' },
    });
    receiver = await startReceiver();
    ({ key } = await harness.account());
    client = new PricecrawlClient({
      baseUrl: 'http://pricecrawl.test',
      apiKey: key,
      fetch: injectFetch(harness.app, sent),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))),
    });
  });
  after(async () => {
    await harness.close();
    await receiver.close();
  });

  it('submits, iterates every result to the end, lists deliveries, verifies them and replays', async () => {
    const truth = await fetchTruth(harness, 'source_01', 'de');
    const values = [...truth.products.slice(0, 4).map((product) => String(product.id)), 'not-a-number'];
    sent.length = 0;
    const submitted = await client.streams.submit({
      source: 'source_01',
      country: 'de',
      key: 'id',
      values,
      callback_url: receiver.url,
      delivery_batch_size: 2,
      client_ref: 'order-7',
    });
    assert.match(submitted.webhook_secret, /^[0-9a-f]{64}$/);
    assert.equal(submitted.client_ref, 'order-7');
    assert.deepEqual(
      { method: sent[0]?.method, url: sent[0]?.url, key: sent[0]?.headers['x-api-key'] },
      { method: 'POST', url: '/stream', key },
    );
    assert.match(sent[0]?.headers['idempotency-key'] ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(JSON.parse(sent[0]?.body ?? '').delivery_batch_size, 2);

    const results: StreamResult[] = [];
    for await (const result of client.streams.iterate(submitted.job_id, {
      pageSize: 2,
      pollIntervalMs: 20,
    })) {
      results.push(result);
    }
    assert.deepEqual(
      results.map((result) => result.index).sort(),
      [0, 1, 2, 3, 4],
      'every value once, none twice',
    );
    const byIndex = new Map(results.map((result) => [result.index, result.result]));
    assert.equal(byIndex.get(4)?.reason, 'parameter_invalid');
    assert.ok([0, 1, 2, 3].every((index) => byIndex.get(index)?.success === true));
    const pageRequests = sent.filter((request) =>
      request.url.startsWith(`/stream/${submitted.job_id}/results`),
    );
    assert.ok(pageRequests.every((request) => /\?offset=\d+&limit=2$/.test(request.url)));

    const status = await client.streams.get(submitted.job_id);
    assert.equal(status.is_final, true);
    assert.equal(status.values_done, 5);
    await until('every delivery delivered', async () => {
      const page = await client.streams.deliveries(submitted.job_id);
      return (
        page.deliveries.length > 0 && page.deliveries.every((delivery) => delivery.status === 'delivered')
      );
    });
    const deliveriesPage = await client.streams.deliveries(submitted.job_id);
    const { deliveries, total } = deliveriesPage;
    assertShape<DeliveriesPage>(
      deliveriesPage,
      ['error', 'job_id', 'offset', 'limit', 'total', 'count', 'deliveries'],
      'deliveries page',
    );
    assertShape<Delivery>(
      deliveries[0],
      [
        '_id',
        'job_id',
        'batch_sequence',
        'status',
        'attempts',
        'results_count',
        'is_final',
        'last_http_status',
        'last_error',
        'created_at',
        'last_attempt_at',
        'next_attempt_at',
        'delivered_at',
      ],
      'delivery',
    );
    assertShape<StreamStatus>(
      status,
      [
        'error',
        'job_id',
        'status',
        'values_total',
        'values_done',
        'values_errors',
        'is_final',
        'batches_emitted',
        'deliveries',
        'client_ref',
        'createdAt',
        'updatedAt',
      ],
      'stream status',
    );
    assert.equal(total, deliveries.length);
    assert.deepEqual(
      deliveries.map((delivery) => delivery.batch_sequence),
      deliveries.map((_, i) => i + 1),
    );
    assert.equal(deliveries.at(-1)?.is_final, true);
    const batchOne = await client.streams.results(submitted.job_id, { batch: 1 });
    assert.equal(batchOne.count, deliveries[0]?.results_count);
    assertShape<StreamResultsPage>(
      batchOne,
      [
        'error',
        'job_id',
        'values_total',
        'values_done',
        'values_errors',
        'is_final',
        'offset',
        'limit',
        'batch',
        'count',
        'results',
      ],
      'results page',
    );
    assertShape<StreamResult>(
      batchOne.results[0],
      ['_id', 'index', 'source', 'country', 'completed_at', 'result'],
      'result',
    );

    for (const request of receiver.requests) {
      const check = verifyWebhook({
        secret: submitted.webhook_secret,
        rawBody: request.rawBody,
        headers: request.headers,
      });
      assert.ok(check.ok, JSON.stringify(check));
      assert.equal(check.scheme, 'timestamped');
    }
    const tampered = receiver.requests[0];
    assert.ok(tampered);
    assert.equal(
      verifyWebhook({
        secret: submitted.webhook_secret,
        rawBody: `${tampered.rawBody} `,
        headers: tampered.headers,
      }).ok,
      false,
    );

    const first = deliveries[0];
    assert.ok(first);
    const before = receiver.requests.length;
    const replayed = await client.streams.replay(first._id);
    assert.deepEqual(replayed, { error: false, delivery_id: first._id, status: 'pending' });
    assert.deepEqual(
      { method: sent.at(-1)?.method, url: sent.at(-1)?.url },
      { method: 'POST', url: `/stream/deliveries/${first._id}/replay` },
    );
    await until('the replay arrives', () => receiver.requests.length > before);
    assert.equal(receiver.requests.at(-1)?.headers['x-service-delivery-id'], first._id);

    // A delivery whose five attempts failed, as the sender leaves it.
    await harness.runtime.deps.db
      .updateTable('webhook_deliveries')
      .set({ status: 'dead_lettered', next_attempt_at: null })
      .where('id', '=', deliveries[1]?._id ?? '')
      .execute();
    const all = await client.streams.replayAll(submitted.job_id);
    assert.deepEqual(all, { error: false, replayed: 1 });
    assert.deepEqual(
      { method: sent.at(-1)?.method, url: sent.at(-1)?.url },
      { method: 'POST', url: `/stream/${submitted.job_id}/replay-all` },
    );
    await until('the dead letter is delivered again', async () => {
      const page = await client.streams.deliveries(submitted.job_id, { status: 'delivered' });
      return page.total === deliveries.length;
    });
  });

  it('stops at what exists now when follow is false', async () => {
    const { job_id: jobId } = await client.streams.submit({
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: ['x1', 'x2', 'x3'],
      callback_url: receiver.url,
    });
    const seen: number[] = [];
    for await (const page of client.streams.pages(jobId, { follow: false })) seen.push(page.count);
    assert.deepEqual(seen, [3], 'parameter_invalid results exist at submission');
  });
});
