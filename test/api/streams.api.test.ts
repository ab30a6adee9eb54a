import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EXPIRE_JOB_TASK } from '../../src/pipeline/tasks/tasks.expire-job.ts';
import { flushStaleBatches } from '../../src/pipeline/deliveries/deliveries.assembly.ts';
import { DIALECTS } from '../support/databases.ts';
import { startHarness, type Harness } from '../support/harness.ts';

// GTINs with a wrong check digit: recorded as `parameter_invalid` at submission (G22), so these
// tests get results and deliveries without crawling.
const badGtins = (count: number) =>
  Array.from({ length: count }, (_, i) => `400638133${String(1000 + i)}`).filter((gtin) => !validGtin(gtin));
function validGtin(gtin: string): boolean {
  const digits = gtin.split('').map(Number);
  const check = digits.pop() ?? 0;
  const sum = digits.reverse().reduce((acc, digit, i) => acc + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

for (const dialect of DIALECTS) {
  describe(`Stream API (${dialect})`, () => {
    let harness: Harness;
    let headers: Record<string, string>;
    const callback = 'http://127.0.0.1:9/hook';

    before(async () => {
      harness = await startHarness({
        dialect,
        worker: false,
        env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1', SHUTDOWN_TIMEOUT_MS: '2000' },
      });
      ({ headers } = await harness.account());
    });
    after(async () => harness.close());

    async function call(
      method: 'GET' | 'POST',
      url: string,
      payload?: unknown,
      extra: Record<string, string> = {},
    ) {
      const response = await harness.app.inject({
        method,
        url,
        headers: { ...headers, ...extra },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      return {
        status: response.statusCode,
        body: response.json() as Record<string, any>,
        raw: response.body,
      };
    }
    const stream = (body: Record<string, unknown>, extra: Record<string, string> = {}) =>
      call('POST', '/stream', { source: 'source_01', country: 'de', callback_url: callback, ...body }, extra);

    it('answers job_id, a 64-hex webhook_secret shown once, and client_ref', async () => {
      const answer = await stream({ key: 'term', values: ['a', 'b'], client_ref: 'order-7' });
      assert.equal(answer.status, 200);
      assert.deepEqual(Object.keys(answer.body).sort(), ['client_ref', 'error', 'job_id', 'webhook_secret']);
      assert.equal(answer.body.error, false);
      assert.match(answer.body.job_id, /^[0-9a-f]{24}$/);
      assert.match(answer.body.webhook_secret, /^[0-9a-f]{64}$/);
      assert.equal(answer.body.client_ref, 'order-7');
      const other = await stream({ key: 'term', values: ['a'] });
      assert.notEqual(other.body.webhook_secret, answer.body.webhook_secret);
      assert.equal(other.body.client_ref, null);
      const id = answer.body.job_id as string;
      for (const url of [
        `/stream/${id}`,
        `/stream/${id}/results`,
        `/stream/${id}/deliveries`,
        `/job/${id}`,
      ]) {
        const read = await call('GET', url);
        assert.ok(!read.raw.includes(answer.body.webhook_secret), `${url} reveals the secret`);
      }
    });

    const refusals: Array<[string, Record<string, unknown>, RegExp]> = [
      [
        'a missing callback_url',
        { callback_url: undefined, values: ['a'] },
        /missing required field callback_url/,
      ],
      [
        'a private callback host',
        { callback_url: 'http://10.0.0.5/h', values: ['a'] },
        /^callback_url not allowed$/,
      ],
      [
        'a metadata callback host',
        { callback_url: 'http://169.254.169.254/', values: ['a'] },
        /^callback_url not allowed$/,
      ],
      [
        'a mapped loopback not on the allow-list',
        { callback_url: 'http://[::ffff:127.0.0.2]/', values: ['a'] },
        /^callback_url not allowed$/,
      ],
      [
        'a non-http callback',
        { callback_url: 'ftp://127.0.0.1/', values: ['a'] },
        /callback_url must be an absolute http or https URL/,
      ],
      ['wait', { values: ['a'], wait: 5 }, /wait is only accepted by POST \/job/],
      [
        'delivery_batch_size above 200',
        { values: ['a'], delivery_batch_size: 201 },
        /delivery_batch_size must be <= 200/,
      ],
      [
        'delivery_batch_size 0',
        { values: ['a'], delivery_batch_size: 0 },
        /delivery_batch_size must be >= 1/,
      ],
      [
        'more than 100 000 values',
        { values: Array.from({ length: 100_001 }, (_, i) => `t${i}`) },
        /at most 100000 values/,
      ],
    ];
    for (const [name, body, message] of refusals) {
      it(`refuses ${name} with HTTP 200 and a message naming it`, async () => {
        const answer = await stream({ key: 'term', ...body });
        assert.equal(answer.status, 200);
        assert.equal(answer.body.error, true);
        assert.match(answer.body.message, message);
      });
    }

    it('answers not subscribed before judging the callback, for POST /stream and POST /job alike (C2)', async () => {
      const outsider = await harness.account({ plan: 'enterprise', sources: 'source_02.de' });
      const body = { source: 'source_01', country: 'de', key: 'term', values: ['a'] };
      for (const callbackUrl of ['http://10.0.0.5/h', 'http://unresolvable.invalid/h']) {
        const streamed = await call(
          'POST',
          '/stream',
          { ...body, callback_url: callbackUrl },
          outsider.headers,
        );
        assert.deepEqual(
          [streamed.status, streamed.body],
          [200, { error: true, message: 'not subscribed to source' }],
        );
        const batch = await call('POST', '/job', { ...body, callback_url: callbackUrl }, outsider.headers);
        assert.deepEqual(
          [batch.status, batch.body],
          [200, { error: true, message: 'not subscribed to source' }],
        );
      }
    });

    it('takes 100 000 values in a body larger than the default body limit', async () => {
      const values = Array.from({ length: 100_000 }, (_, i) => `term ${i} ${'x'.repeat(160)}`);
      const rich = await harness.account({ credits: 100_000 });
      const answer = await stream({ key: 'term', values }, rich.headers);
      assert.equal(answer.body.error, false, answer.body.message);
      const status = await call('GET', `/stream/${answer.body.job_id}`, undefined, rich.headers);
      assert.equal(status.body.values_total, 100_000);
    });

    it('answers an Idempotency-Key repeat with the same job and secret, and a changed body with an error', async () => {
      const body = { key: 'term', values: ['idem'] };
      const first = await stream(body, { 'idempotency-key': 'k-1' });
      const again = await stream(body, { 'idempotency-key': 'k-1' });
      assert.equal(again.body.job_id, first.body.job_id);
      assert.equal(again.body.webhook_secret, first.body.webhook_secret);
      const changed = await stream({ ...body, values: ['other'] }, { 'idempotency-key': 'k-1' });
      assert.deepEqual(changed.body, {
        error: true,
        message: 'idempotency key reused with a different request',
      });
    });

    it('answers a stream of 7 000 malformed values at submission, each in sequence once', async () => {
      // One group for all of them: more values than one statement may bind parameters for
      // (SQLite 32 766, PostgreSQL 65 535) unless the group is written in slices.
      const values = badGtins(7800).slice(0, 7000);
      assert.equal(values.length, 7000);
      const answer = await stream({ key: 'gtin', values, delivery_batch_size: 200 });
      assert.equal(answer.body.error, false, answer.raw);
      const id = answer.body.job_id as string;
      const status = await call('GET', `/stream/${id}`);
      assert.equal(status.body.status, 'finished', status.raw);
      assert.equal(status.body.values_done, 7000);
      assert.equal(status.body.values_errors, 7000);
      const { rows } = await harness.runtime.deps.db
        .selectFrom('job_values')
        .select(['completion_seq'])
        .where('job_id', '=', id)
        .orderBy('completion_seq')
        .execute()
        .then((found) => ({ rows: found }));
      assert.deepEqual(
        rows.map((row) => row.completion_seq),
        Array.from({ length: 7000 }, (_, n) => n + 1),
      );
    });

    it('answers 404 job not found for unknown, malformed, batch and foreign ids', async () => {
      const batch = await call('POST', '/job', { source: 'source_01', country: 'de', values: ['x'] });
      const foreign = await harness.account();
      const theirs = await harness.app.inject({
        method: 'POST',
        url: '/stream',
        headers: foreign.headers,
        payload: { source: 'source_01', country: 'de', values: ['x'], callback_url: callback },
      });
      const ids = ['abc', '0123456789abcdef01234567', batch.body.job._id, theirs.json().job_id];
      for (const id of ids) {
        for (const [method, url] of [
          ['GET', `/stream/${id}`],
          ['GET', `/stream/${id}/results`],
          ['GET', `/stream/${id}/deliveries`],
          ['POST', `/stream/${id}/replay-all`],
        ] as const) {
          const answer = await call(method, url);
          assert.equal(answer.status, 404, `${method} ${url}`);
          assert.deepEqual(answer.body, { error: true, message: 'job not found' });
        }
      }
    });

    it('assembles deliveries of delivery_batch_size in the recording transaction, the last one final', async () => {
      const values = badGtins(5);
      const answer = await stream({ key: 'gtin', values, delivery_batch_size: 2, client_ref: 'c' });
      const id = answer.body.job_id as string;
      const status = await call('GET', `/stream/${id}`);
      assert.deepEqual(
        { ...status.body, createdAt: undefined, updatedAt: undefined },
        {
          error: false,
          job_id: id,
          status: 'finished',
          values_total: 5,
          values_done: 5,
          values_errors: 5,
          is_final: true,
          batches_emitted: 3,
          deliveries: { pending: 3, delivered: 0, failed: 0, dead_lettered: 0 },
          client_ref: 'c',
          createdAt: undefined,
          updatedAt: undefined,
        },
      );
      const deliveries = await call('GET', `/stream/${id}/deliveries`);
      assert.equal(deliveries.body.total, 3);
      assert.deepEqual(
        deliveries.body.deliveries.map((d: any) => [d.batch_sequence, d.results_count, d.is_final, d.status]),
        [
          [1, 2, false, 'pending'],
          [2, 2, false, 'pending'],
          [3, 1, true, 'pending'],
        ],
      );
      assert.deepEqual(Object.keys(deliveries.body.deliveries[0]).sort(), [
        '_id',
        'attempts',
        'batch_sequence',
        'created_at',
        'delivered_at',
        'is_final',
        'job_id',
        'last_attempt_at',
        'last_error',
        'last_http_status',
        'next_attempt_at',
        'results_count',
        'status',
      ]);
      // batch=N is exactly delivery N's results; offset/limit pages follow completion order.
      const all = await call('GET', `/stream/${id}/results?limit=1000`);
      assert.equal(all.body.count, 5);
      const second = await call('GET', `/stream/${id}/results?batch=2`);
      assert.deepEqual(
        second.body.results.map((r: any) => r.index),
        all.body.results.slice(2, 4).map((r: any) => r.index),
      );
      assert.equal(second.body.count, 2);
      const element = second.body.results[0];
      assert.deepEqual(Object.keys(element).sort(), [
        '_id',
        'completed_at',
        'country',
        'index',
        'result',
        'source',
      ]);
      assert.equal(element.result.reason, 'parameter_invalid');
      assert.equal(element.result.key, values[element.index]);
      const page = await call('GET', `/stream/${id}/results?offset=3&limit=1`);
      assert.deepEqual(
        [page.body.offset, page.body.limit, page.body.count, page.body.results[0].index, page.body.is_final],
        [3, 1, 1, all.body.results[3].index, true],
      );
    });

    it('names bad paging parameters and an unknown batch', async () => {
      const { body } = await stream({ key: 'gtin', values: badGtins(2) });
      const id = body.job_id as string;
      const cases: Array<[string, RegExp]> = [
        ['limit=1001', /limit must be <= 1000/],
        ['limit=0', /limit must be >= 1/],
        ['offset=-1', /offset must be >= 0/],
        ['batch=0', /batch must be >= 1/],
        ['batch=9', /batch 9 does not exist/],
        ['colour=red', /unknown field colour/],
      ];
      for (const [query, message] of cases) {
        const answer = await call('GET', `/stream/${id}/results?${query}`);
        assert.equal(answer.status, 200, query);
        assert.equal(answer.body.error, true, query);
        assert.match(answer.body.message, message, query);
      }
      const badStatus = await call('GET', `/stream/${id}/deliveries?status=lost`);
      assert.match(badStatus.body.message, /status must be equal to one of the allowed values/);
    });

    it('flushes a partial batch after the flush interval and sends timed-out values in the final delivery (G25)', async () => {
      const values = ['first', 'second', 'third', ...badGtins(1)];
      const { body } = await stream({ key: 'gtin', values: values.slice(3), delivery_batch_size: 10 });
      assert.ok(body.job_id);
      const mixed = await stream({ key: 'term', values: values.slice(0, 3), delivery_batch_size: 10 });
      const id = mixed.body.job_id as string;
      const db = harness.runtime.deps.db;
      // Nothing completed yet: nothing to flush.
      assert.equal(
        await flushStaleBatches(db, { flushIntervalMs: 1000, now: new Date(Date.now() + 5000) }),
        0,
      );
      await harness.runtime.tasks.run(EXPIRE_JOB_TASK.name, { jobId: id });
      const status = await call('GET', `/stream/${id}`);
      assert.equal(status.body.status, 'finished');
      assert.equal(status.body.values_errors, 3);
      const deliveries = await call('GET', `/stream/${id}/deliveries`);
      assert.deepEqual(
        deliveries.body.deliveries.map((d: any) => [d.batch_sequence, d.results_count, d.is_final]),
        [[1, 3, true]],
      );
      const results = await call('GET', `/stream/${id}/results?batch=1`);
      assert.deepEqual(
        results.body.results.map((r: any) => r.result.reason),
        ['timeout', 'timeout', 'timeout'],
      );
    });

    it('closes a trickling batch once its oldest result waited the flush interval', async () => {
      const { body } = await stream({
        key: 'gtin',
        values: [...badGtins(1), '4006381333931'],
        delivery_batch_size: 10,
      });
      const id = body.job_id as string;
      const db = harness.runtime.deps.db;
      assert.equal(await flushStaleBatches(db, { flushIntervalMs: 60_000, now: new Date() }), 0, 'too early');
      assert.ok(
        (await flushStaleBatches(db, { flushIntervalMs: 1000, now: new Date(Date.now() + 2000) })) >= 1,
      );
      const deliveries = await call('GET', `/stream/${id}/deliveries`);
      assert.deepEqual(
        deliveries.body.deliveries.map((d: any) => [d.batch_sequence, d.results_count, d.is_final]),
        [[1, 1, false]],
      );
      await harness.runtime.tasks.run(EXPIRE_JOB_TASK.name, { jobId: id });
      const after = await call('GET', `/stream/${id}/deliveries`);
      assert.deepEqual(
        after.body.deliveries.map((d: any) => [d.batch_sequence, d.results_count, d.is_final]),
        [
          [1, 1, false],
          [2, 1, true],
        ],
      );
    });

    it('replays one delivery with the same id and sequence and a fresh budget; replay-all counts dead letters', async () => {
      const { body } = await stream({ key: 'gtin', values: badGtins(3), delivery_batch_size: 1 });
      const id = body.job_id as string;
      const db = harness.runtime.deps.db;
      const listed = await call('GET', `/stream/${id}/deliveries`);
      const [one, two] = listed.body.deliveries as Array<Record<string, any>>;
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'delivered', attempts: 1 })
        .where('id', '=', one?._id)
        .execute();
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'dead_lettered', attempts: 5 })
        .where('id', '=', two?._id)
        .execute();
      const replayed = await call('POST', `/stream/deliveries/${one?._id}/replay`);
      assert.deepEqual(replayed.body, { error: false, delivery_id: one?._id, status: 'pending' });
      const all = await call('POST', `/stream/${id}/replay-all`);
      assert.deepEqual(all.body, { error: false, replayed: 1 });
      assert.deepEqual((await call('POST', `/stream/${id}/replay-all`)).body, { error: false, replayed: 0 });
      const after = await call('GET', `/stream/${id}/deliveries?status=pending`);
      assert.equal(after.body.total, 3);
      const again = after.body.deliveries.find((d: any) => d._id === one?._id);
      assert.deepEqual(
        [again.batch_sequence, again.attempts, again.status],
        [one?.batch_sequence, 0, 'pending'],
      );
      const paged = await call('GET', `/stream/${id}/deliveries?offset=1&limit=1`);
      assert.deepEqual([paged.body.count, paged.body.deliveries[0].batch_sequence], [1, 2]);
    });

    it('answers 404 delivery not found for an unknown, malformed or foreign delivery', async () => {
      const { body } = await stream({ key: 'gtin', values: badGtins(1) });
      const listed = await call('GET', `/stream/${body.job_id}/deliveries`);
      const deliveryId = listed.body.deliveries[0]._id as string;
      const foreign = await harness.account();
      const theirs = await harness.app.inject({
        method: 'POST',
        url: `/stream/deliveries/${deliveryId}/replay`,
        headers: foreign.headers,
      });
      assert.equal(theirs.statusCode, 404);
      assert.deepEqual(theirs.json(), { error: true, message: 'delivery not found' });
      for (const id of ['nope', '0123456789abcdef01234567']) {
        const answer = await call('POST', `/stream/deliveries/${id}/replay`);
        assert.deepEqual([answer.status, answer.body.message], [404, 'delivery not found']);
      }
    });
  });
}
