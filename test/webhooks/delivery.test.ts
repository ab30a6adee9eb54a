import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { verifyWebhook } from '../../src/pipeline/webhooks/verify.ts';
import { INTERVAL_RUN_TASK } from '../../src/pipeline/tasks/tasks.interval-run.ts';
import { findJob } from '../../src/pipeline/work/work.repository.ts';
import { createCallbackPolicy } from '../../src/pipeline/webhooks/webhooks.callback-url.ts';
import {
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
} from '../../src/pipeline/deliveries/deliveries.dispatcher.ts';
import type { WebhookDelivery } from '../../src/pipeline/deliveries/deliveries.table.ts';
import { DIALECTS } from '../support/databases.ts';
import { createTestDispatcher } from '../support/dispatcher.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { until } from '../support/until.ts';
import {
  startReceiver,
  type ReceivedRequest,
  type Receiver,
  type ReceiverBehaviour,
} from '../support/receiver.ts';

// Bad check digits: `parameter_invalid` results recorded at submission (G22), so a stream has its
// deliveries as soon as POST /stream answers and these tests need no crawl.
const BAD_GTINS = ['4006381333932', '4006381333933', '4006381333934', '4006381333935', '4006381333936'];
const SECOND = 1000;
const MINUTE = 60 * SECOND;

for (const dialect of DIALECTS) {
  describe(`webhook delivery to real receivers (${dialect})`, () => {
    let harness: Harness;
    let headers: Record<string, string>;
    let clockMs: number;
    const receivers: Receiver[] = [];
    const dispatchers: WebhookDispatcher[] = [];

    beforeEach(async () => {
      harness = await startHarness({
        dialect,
        worker: false,
        env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1', SHUTDOWN_TIMEOUT_MS: '2000' },
      });
      ({ headers } = await harness.account());
      // The manual clock runs a minute ahead, so what a test creates is due on it however slow the
      // machine is between here and the first round.
      clockMs = Date.now() + MINUTE;
    });
    afterEach(async () => {
      try {
        for (const dispatcher of dispatchers.splice(0)) await dispatcher.stop(2000);
      } finally {
        for (const receiver of receivers.splice(0)) await receiver.close();
        await harness.close();
      }
    });

    /** A sender on the harness database with a manual clock and jitter fixed at the middle (±0%). */
    function sender(overrides: Partial<WebhookDispatcherOptions> = {}): WebhookDispatcher {
      const dispatcher = createTestDispatcher(harness.runtime.deps.db, () => clockMs, overrides);
      dispatchers.push(dispatcher);
      return dispatcher;
    }

    async function receiver(behaviour?: ReceiverBehaviour): Promise<Receiver> {
      const started = await startReceiver(behaviour);
      receivers.push(started);
      return started;
    }

    async function stream(callbackUrl: string, values: string[], batchSize = 100) {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/stream',
        headers,
        payload: {
          source: 'source_01',
          country: 'de',
          key: 'gtin',
          values,
          callback_url: callbackUrl,
          delivery_batch_size: batchSize,
          client_ref: 'ref-1',
        },
      });
      const body = response.json() as { job_id: string; webhook_secret: string; error: boolean };
      assert.equal(body.error, false);
      // Its deliveries wait for the answer: the route's onResponse hook releases them, which may
      // finish after inject() resolved (a round before then found one of two, on a loaded machine).
      await until('the answer released the deliveries', async () => {
        const job = await findJob(harness.runtime.deps.db, body.job_id);
        return job?.answer_pending === 0;
      });
      return { jobId: body.job_id, secret: body.webhook_secret };
    }

    async function deliveries(jobId: string): Promise<WebhookDelivery[]> {
      return harness.runtime.deps.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('job_id', '=', jobId)
        .orderBy('batch_sequence')
        .execute();
    }
    async function only(jobId: string): Promise<WebhookDelivery> {
      const [delivery, ...rest] = await deliveries(jobId);
      assert.ok(delivery && rest.length === 0);
      return delivery;
    }

    function assertSigned(request: ReceivedRequest, secret: string) {
      const nowSeconds = Math.floor(clockMs / 1000);
      const timestamped = verifyWebhook({
        secret,
        rawBody: request.rawBody,
        headers: request.headers,
        nowSeconds,
      });
      assert.equal(timestamped.ok, true, JSON.stringify(timestamped));
      const plainOnly = { 'x-signature': request.headers['x-signature'] };
      assert.equal(verifyWebhook({ secret, rawBody: request.rawBody, headers: plainOnly }).ok, true);
      // Both schemes again, computed here from the raw body as a receiver would, apart from verifyWebhook.
      const hmac = (message: string) => createHmac('sha256', secret).update(message).digest('hex');
      assert.equal(request.headers['x-signature'], `sha256=${hmac(request.rawBody)}`);
      const timestamp = String(request.headers['x-service-timestamp']);
      assert.match(timestamp, /^\d+$/);
      assert.equal(request.headers['x-service-signature'], `v1=${hmac(`${timestamp}.${request.rawBody}`)}`);
    }

    it('delivers a signed payload of spec part 6 with C9 result objects and the delivery id', async () => {
      const ok = await receiver();
      const { jobId, secret } = await stream(ok.url, BAD_GTINS.slice(0, 3), 2);
      assert.equal(await sender().runOnce(), 2);
      assert.equal(ok.requests.length, 2);
      const [first, final] = [...ok.requests].sort(
        (a, b) => JSON.parse(a.rawBody).batch_sequence - JSON.parse(b.rawBody).batch_sequence,
      );
      for (const request of [first, final]) assertSigned(request as ReceivedRequest, secret);
      const payload = JSON.parse(first?.rawBody ?? '{}');
      const [row] = await deliveries(jobId);
      assert.equal(first?.headers['x-service-delivery-id'], row?.id);
      assert.equal(first?.headers['content-type'], 'application/json');
      assert.deepEqual(
        { ...payload, results: undefined },
        {
          delivery_id: row?.id,
          job_id: jobId,
          source: 'source_01',
          country: 'de',
          batch_sequence: 1,
          is_final: false,
          values_total: 3,
          values_done: 2,
          values_errors: 2,
          client_ref: 'ref-1',
          results: undefined,
        },
      );
      const item = payload.results[0];
      assert.equal(item.key, `gtin:${BAD_GTINS[item.index]}`);
      assert.deepEqual(Object.keys(item.result).sort(), [
        'content',
        'observed_at',
        'query',
        'reason',
        'served_from',
        'success',
        'trust',
        'updated_at',
      ]);
      assert.deepEqual(item.result.query, {
        source: 'source_01',
        country: 'de',
        key: 'gtin',
        value: BAD_GTINS[item.index],
      });
      assert.equal(item.result.reason, 'parameter_invalid');
      assert.equal(item.completed_at, item.result.updated_at);
      const finalPayload = JSON.parse(final?.rawBody ?? '{}');
      assert.deepEqual(
        [finalPayload.batch_sequence, finalPayload.is_final, finalPayload.results.length],
        [2, true, 1],
      );
      for (const delivery of await deliveries(jobId)) {
        assert.deepEqual(
          [delivery.status, delivery.attempts, delivery.last_http_status],
          ['delivered', 1, 200],
        );
        assert.ok(delivery.delivered_at);
      }
    });

    it('retries a failing receiver at +30 s, +2 min, +10 min, +30 min, dead-letters it, and replays it', async () => {
      const failing = await receiver((request, response) => {
        response.statusCode = request.number <= 5 ? 500 : 200;
        response.end('x'.repeat(5 * 1024 * 1024)); // a large answer is read only up to the cap
      });
      const { jobId, secret } = await stream(failing.url, BAD_GTINS.slice(0, 1));
      // Each answer is 5 MB: on a loaded machine reading up to the cap took longer than the kit's
      // 1.5 s bound, which turned an HTTP 500 into a timeout. Timeouts have their own test below.
      const dispatcher = sender({ timeoutMs: 20 * SECOND });
      const expectedGapsMs = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE];
      assert.equal(await dispatcher.runOnce(), 1);
      for (const gapMs of expectedGapsMs) {
        const waiting = await only(jobId);
        assert.equal(waiting.status, 'pending');
        assert.equal(Date.parse(waiting.next_attempt_at ?? '') - clockMs, gapMs);
        assert.match(waiting.last_error ?? '', /^HTTP 500: x{200}$/);
        clockMs += gapMs - SECOND;
        assert.equal(await dispatcher.runOnce(), 0, 'not before its time');
        clockMs += SECOND;
        assert.equal(await dispatcher.runOnce(), 1);
        assertSigned(failing.requests.at(-1) as ReceivedRequest, secret);
      }
      const dead = await only(jobId);
      assert.deepEqual([dead.status, dead.attempts, dead.next_attempt_at], ['dead_lettered', 5, null]);
      const timestamps = new Set(failing.requests.map((r) => r.headers['x-service-timestamp']));
      assert.equal(timestamps.size, 5, 'every attempt is signed with a fresh timestamp');
      clockMs += 24 * 60 * MINUTE;
      assert.equal(await dispatcher.runOnce(), 0, 'a dead letter is not retried');

      const replay = await harness.app.inject({
        method: 'POST',
        url: `/stream/${jobId}/replay-all`,
        headers,
      });
      assert.deepEqual(replay.json(), { error: false, replayed: 1 });
      assert.equal(await dispatcher.runOnce(), 1);
      const delivered = await only(jobId);
      assert.deepEqual([delivered.status, delivered.attempts, delivered.id], ['delivered', 1, dead.id]);
      const ids = new Set(failing.requests.map((r) => r.headers['x-service-delivery-id']));
      assert.deepEqual([...ids], [dead.id], 'the same delivery id on every attempt and replay');
      assert.ok(failing.requests.every((r) => JSON.parse(r.rawBody).batch_sequence === 1));
    });

    it('honours Retry-After on 429 and 503 as a lower bound', async () => {
      const answers = [
        [429, '300'],
        [503, '200'],
        [503, '1'],
        [200, ''],
      ] as const;
      const limited = await receiver((request, response) => {
        const [status, retryAfter] = answers[request.number - 1] ?? [200, ''];
        response.statusCode = status;
        if (retryAfter) response.setHeader('retry-after', retryAfter);
        response.end();
      });
      const { jobId } = await stream(limited.url, BAD_GTINS.slice(0, 1));
      const dispatcher = sender();
      const expectedGapsMs = [300 * SECOND, 200 * SECOND, 10 * MINUTE];
      await dispatcher.runOnce();
      for (const gapMs of expectedGapsMs) {
        const waiting = await only(jobId);
        assert.equal(Date.parse(waiting.next_attempt_at ?? '') - clockMs, gapMs);
        clockMs += gapMs;
        assert.equal(await dispatcher.runOnce(), 1);
      }
      assert.deepEqual([(await only(jobId)).status, limited.requests.length], ['delivered', 4]);
    });

    it('fails a delivery on 410 and on 400 after one attempt, never retried', async () => {
      for (const status of [410, 400]) {
        const refusing = await receiver((_request, response) => {
          response.statusCode = status;
          response.end('go away');
        });
        const { jobId } = await stream(refusing.url, BAD_GTINS.slice(0, 1));
        const dispatcher = sender();
        await dispatcher.runOnce();
        clockMs += 2 * 60 * MINUTE;
        assert.equal(await dispatcher.runOnce(), 0);
        const failed = await only(jobId);
        assert.deepEqual(
          [
            failed.status,
            failed.attempts,
            failed.last_http_status,
            failed.last_error,
            failed.next_attempt_at,
          ],
          ['failed', 1, status, `HTTP ${status}: go away`, null],
        );
        assert.equal(refusing.requests.length, 1);
        const counts = await harness.app.inject({ method: 'GET', url: `/stream/${jobId}`, headers });
        assert.deepEqual(counts.json().deliveries, { pending: 0, delivered: 0, failed: 1, dead_lettered: 0 });
      }
    });

    it('retries when the receiver closes the connection, and when it redirects (not followed)', async () => {
      const closing = await receiver((_request, response) => void response.socket?.destroy());
      const elsewhere = await receiver();
      const redirecting = await receiver((_request, response) => {
        response.statusCode = 302;
        response.setHeader('location', elsewhere.url);
        response.end();
      });
      const closed = await stream(closing.url, BAD_GTINS.slice(0, 1));
      const moved = await stream(redirecting.url, BAD_GTINS.slice(1, 2));
      assert.equal(await sender().runOnce(), 2);
      const afterClose = await only(closed.jobId);
      assert.deepEqual(
        [afterClose.status, afterClose.attempts, afterClose.last_http_status],
        ['pending', 1, null],
      );
      assert.match(afterClose.last_error ?? '', /socket|closed|ECONNRESET/i);
      const afterRedirect = await only(moved.jobId);
      assert.deepEqual([afterRedirect.status, afterRedirect.last_http_status], ['pending', 302]);
      assert.equal(afterRedirect.last_error, `HTTP 302: redirect to ${elsewhere.url} not followed`);
      assert.equal(elsewhere.requests.length, 0);
    });

    it('times out a hanging receiver without delaying another job, within the per-receiver bound', async () => {
      const hanging = await receiver(() => undefined);
      // What the hanging receiver held when the other job's delivery arrived.
      let heldMeanwhile: number | undefined;
      const fast = await receiver((_request, response) => {
        heldMeanwhile ??= hanging.inFlight;
        response.end('ok');
      });
      // Three attempts at two per receiver: the third waits for a timeout to free a place.
      const slowJob = await stream(hanging.url, BAD_GTINS.slice(0, 3), 1);
      const dispatcher = sender({ hostConcurrency: 2, timeoutMs: 1500 });
      dispatcher.start();
      // The other job comes once the hanging receiver holds its attempts: submitted together, the
      // order in which the two receivers were reached was the machine's, not the test's.
      await until('the hanging receiver holds two attempts', async () => hanging.inFlight === 2);
      const quickJob = await stream(fast.url, BAD_GTINS.slice(0, 1));
      await until('the other job delivered', async () => (await only(quickJob.jobId)).status === 'delivered');
      assert.ok((heldMeanwhile ?? 0) > 0, 'delivered while the hanging receiver held its attempts');
      await until('every attempt at the hanging receiver timed out', async () =>
        (await deliveries(slowJob.jobId)).every((d) => d.attempts === 1),
      );
      assert.equal(hanging.requests.length, 3);
      assert.equal(hanging.maxInFlight, 2, 'at most hostConcurrency attempts per receiver');
      for (const delivery of await deliveries(slowJob.jobId)) {
        assert.deepEqual([delivery.status, delivery.attempts], ['pending', 1]);
        assert.match(delivery.last_error ?? '', /no complete answer within 1500 ms/);
      }
    });

    it('never has one delivery in flight twice, across two senders and during a replay', async () => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const slow = await receiver(async (_request, response) => {
        await held;
        response.statusCode = 500;
        response.end();
      });
      const { jobId } = await stream(slow.url, BAD_GTINS.slice(0, 4), 1);
      const [one, two] = [sender(), sender()];
      const rounds = Promise.all([one.runOnce(), two.runOnce()]);
      await until('all four deliveries in flight', () => slow.requests.length === 4);
      const [first] = await deliveries(jobId);
      // Replay while its attempt is in flight: the replay's fresh budget survives the attempt's 500.
      const replay = await harness.app.inject({
        method: 'POST',
        url: `/stream/deliveries/${first?.id}/replay`,
        headers,
      });
      assert.equal(replay.json().status, 'pending');
      assert.equal(await sender().runOnce(), 0, 'leased deliveries are not taken again');
      release();
      const [a, b] = await rounds;
      assert.equal(a + b, 4);
      assert.equal(slow.maxInFlightPerDelivery, 1);
      const rows = await deliveries(jobId);
      assert.deepEqual(
        rows.map((d) => [d.status, d.attempts, d.last_http_status]),
        [['pending', 0, 500], ...Array(3).fill(['pending', 1, 500])],
      );
      assert.equal(Date.parse(rows[0]?.next_attempt_at ?? '') <= clockMs, true, 'the replay is due now');
    });

    it('sends after a restart: due deliveries and deliveries leased by a crashed process', async () => {
      let healthy = false;
      const flaky = await receiver((_request, response) => {
        response.statusCode = healthy ? 200 : 503;
        response.end();
      });
      const { jobId } = await stream(flaky.url, BAD_GTINS.slice(0, 2), 1);
      const before = sender();
      await before.runOnce();
      await before.stop(1000);
      healthy = true;
      // One delivery became due while "down"; the other is held by a crashed worker's lease.
      const [, second] = await deliveries(jobId);
      await harness.runtime.deps.db
        .updateTable('webhook_deliveries')
        .set({ lease_token: 'crashed', lease_until: new Date(clockMs + 10 * MINUTE).toISOString() })
        .where('id', '=', second?.id ?? '')
        .execute();
      clockMs += 31 * SECOND;
      const shared = sender();
      assert.equal(await shared.runOnce(), 1, 'the leased one waits for its lease');
      const embedded = sender({ soleWorker: true, pollIntervalMs: 20 });
      embedded.start();
      await until('the sole worker took over the stale lease and delivered both', async () =>
        (await deliveries(jobId)).every((d) => d.status === 'delivered'),
      );
    });

    it('sends a batch job with a callback_url one final delivery with all its results', async () => {
      const ok = await receiver();
      const submitted = await harness.app.inject({
        method: 'POST',
        url: '/job',
        headers,
        payload: { source: 'source_01', country: 'de', key: 'gtin', values: BAD_GTINS, callback_url: ok.url },
      });
      const jobId = submitted.json().job._id as string;
      assert.equal(await sender().runOnce(), 1);
      const payload = JSON.parse(ok.requests[0]?.rawBody ?? '{}');
      assert.deepEqual(
        [
          payload.job_id,
          payload.batch_sequence,
          payload.is_final,
          payload.values_done,
          payload.results.length,
        ],
        [jobId, 1, true, BAD_GTINS.length, BAD_GTINS.length],
      );
      // A batch job with a callback_url gets its own webhook_secret at submission, and its delivery is signed.
      assert.equal(ok.requests[0]?.headers['x-service-delivery-id'], payload.delivery_id);
      const secret = submitted.json().webhook_secret as string;
      assert.match(secret, /^[0-9a-f]{64}$/);
      const request = ok.requests[0];
      assert.ok(request);
      assertSigned(request, secret);
      assert.equal((await only(jobId)).status, 'delivered');
    });

    it("signs every delivery of an interval job's runs with the secret returned at submission (C3)", async () => {
      const ok = await receiver();
      const submitted = await harness.app.inject({
        method: 'POST',
        url: '/job',
        headers,
        payload: {
          source: 'source_01',
          country: 'de',
          key: 'gtin',
          values: BAD_GTINS,
          interval: 15,
          callback_url: ok.url,
        },
      });
      const secret = submitted.json().webhook_secret as string;
      assert.match(secret, /^[0-9a-f]{64}$/);
      const jobId = submitted.json().job._id as string;
      // This harness has no worker: the period's task is run here.
      const job = await findJob(harness.runtime.deps.db, jobId);
      await harness.runtime.tasks.run(INTERVAL_RUN_TASK.name, { jobId, runAt: job?.next_run_at });
      assert.equal(await sender().runOnce(), 1);
      const request = ok.requests[0];
      assert.ok(request);
      assertSigned(request, secret);
    });

    it('refuses a batch job whose callback_url is unusable at submission, creating nothing', async () => {
      const cases: Array<[string, RegExp]> = [
        ['not a url', /callback_url/],
        ['ftp://127.0.0.1/x', /callback_url/],
        ['http://169.254.169.254/latest', /^callback_url not allowed$/],
      ];
      for (const [callbackUrl, message] of cases) {
        const before = await harness.runtime.deps.db.selectFrom('jobs').select('id').execute();
        const submitted = await harness.app.inject({
          method: 'POST',
          url: '/job',
          headers,
          payload: {
            source: 'source_01',
            country: 'de',
            key: 'gtin',
            values: BAD_GTINS,
            callback_url: callbackUrl,
          },
        });
        assert.equal(submitted.statusCode, 200);
        assert.equal(submitted.json().error, true, callbackUrl);
        assert.match(submitted.json().message, message);
        const after = await harness.runtime.deps.db.selectFrom('jobs').select('id').execute();
        assert.equal(after.length, before.length);
      }
    });

    it('re-checks the address at send time: a host no longer allowed fails, unreached', async () => {
      const ok = await receiver();
      const { jobId } = await stream(ok.url, BAD_GTINS.slice(0, 1));
      const strict = sender({ policy: createCallbackPolicy([]) });
      await strict.runOnce();
      const refusedLiteral = await only(jobId);
      assert.deepEqual(
        [refusedLiteral.status, refusedLiteral.last_error],
        ['failed', 'callback_url not allowed: 127.0.0.1 is loopback'],
      );
      // A name that resolves to loopback when the socket connects (DNS rebinding).
      const port = new URL(ok.url).port;
      await harness.runtime.deps.db
        .updateTable('jobs')
        .set({ callback_url: `http://rebind.example:${port}/hook` })
        .where('id', '=', jobId)
        .execute();
      await harness.app.inject({
        method: 'POST',
        url: `/stream/deliveries/${refusedLiteral.id}/replay`,
        headers,
      });
      const rebinding = sender({
        policy: createCallbackPolicy([], async () => [{ address: '127.0.0.1', family: 4 }]),
      });
      await rebinding.runOnce();
      const refusedName = await only(jobId);
      assert.equal(refusedName.status, 'failed');
      assert.match(
        refusedName.last_error ?? '',
        /callback_url not allowed: rebind\.example resolves to 127\.0\.0\.1 is loopback/,
      );
      assert.equal(ok.requests.length, 0);
    });
  });
}
