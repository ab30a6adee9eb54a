import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestDialect } from '../support/databases.ts';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';
import { signatureProblem, startReceiver, type Receiver } from '../support/receiver.ts';

const VALUES = 10_000;
const BATCH_SIZE = 100;

interface Payload {
  delivery_id: string;
  batch_sequence: number;
  is_final: boolean;
  values_total: number;
  values_done: number;
  values_errors: number;
  results: Array<{
    key: string;
    index: number;
    result: { success: boolean; reason: string | null; content: any };
  }>;
}

async function waitFor(
  what: string,
  condition: () => Promise<boolean>,
  timeoutMs: number,
  step?: () => Promise<void>,
) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await step?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The issue-5 acceptance stream: 10 000 sandbox values, a receiver that verifies every signature,
 * refuses some batches until they are dead-lettered and meets transient failures. One file per
 * dialect (`stream.e2e.<dialect>.test.ts`), each within the runner's per-file time limit.
 */
export function describeTenThousandValueStream(dialect: TestDialect): void {
  describe(`a ${VALUES}-value stream against the sandbox (${dialect})`, () => {
    let harness: Harness;
    let receiver: Receiver;
    let headers: Record<string, string>;
    let secret = '';
    let healed = false;
    const doomed = new Set<number>(); // batch sequences the receiver refuses until healed
    const accepted = new Map<string, Payload>(); // delivery id → payload answered 2xx
    const badSignatures: string[] = [];

    before(async () => {
      harness = await startHarness({
        dialect,
        env: {
          CALLBACK_ALLOW_HOSTS: '127.0.0.1',
          CRAWL_PAIR_RPS: '5000',
          CRAWL_PAIR_CONCURRENCY: '64',
          WORKER_CONCURRENCY: '64',
          STREAM_FLUSH_INTERVAL_MS: '500',
          SHUTDOWN_TIMEOUT_MS: '2000',
        },
      });
      ({ headers } = await harness.account({ credits: 50_000 }));
      receiver = await startReceiver((request, response) => {
        const problem = signatureProblem(secret, request);
        if (problem) {
          badSignatures.push(problem);
          response.statusCode = 401;
          return void response.end();
        }
        const payload = JSON.parse(request.rawBody) as Payload;
        // Every 10th batch is refused until healed (dead-lettered, then replayed); every 7th request
        // meets a transient 503 (retried).
        if (payload.batch_sequence % 10 === 3 && !healed) doomed.add(payload.batch_sequence);
        const refuse = (doomed.has(payload.batch_sequence) && !healed) || request.number % 7 === 0;
        response.statusCode = refuse ? (doomed.has(payload.batch_sequence) ? 500 : 503) : 200;
        if (!refuse) accepted.set(payload.delivery_id, payload);
        response.end();
      });
    });
    after(async () => {
      await receiver.close();
      await harness.close();
    });

    /** Fake time for the retry schedule: pending deliveries waiting for a later attempt are due now. */
    async function fastForward() {
      await harness.runtime.deps.db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: new Date().toISOString() })
        .where('status', '=', 'pending')
        .where('next_attempt_at', '>', new Date().toISOString())
        .execute();
    }
    const get = async (url: string) =>
      (await harness.app.inject({ method: 'GET', url, headers })).json() as Record<string, any>;

    it('delivers every result inside a delivery that succeeded, without gaps, replaying dead letters', async () => {
      const truth = await fetchTruth(harness, 'source_01', 'de');
      const known = truth.products.map((product) => String(product.id));
      const missing = (truth.not_found.id ?? []).map(String);
      const values = [...new Set([...known, ...missing])];
      for (let i = 0; values.length < VALUES; i += 1) values.push(String(90_000_000 + i));
      const submitted = await harness.app.inject({
        method: 'POST',
        url: '/stream',
        headers,
        payload: {
          source: 'source_01',
          country: 'de',
          key: 'id',
          values,
          callback_url: receiver.url,
          delivery_batch_size: BATCH_SIZE,
          client_ref: 'e2e',
        },
      });
      const { job_id: jobId, webhook_secret: webhookSecret, error } = submitted.json();
      assert.equal(error, false);
      secret = webhookSecret;

      const settled = async () => {
        const status = await get(`/stream/${jobId}`);
        return status.is_final && status.deliveries.pending === 0;
      };
      await waitFor('the stream to finish and its deliveries to settle', settled, 240_000, fastForward);
      const dead = await get(`/stream/${jobId}/deliveries?status=dead_lettered&limit=1000`);
      assert.ok(doomed.size > 0);
      assert.deepEqual(
        dead.deliveries.map((d: any) => d.batch_sequence).sort((a: number, b: number) => a - b),
        [...doomed].sort((a, b) => a - b),
      );
      assert.ok(dead.deliveries.every((d: any) => d.attempts === 5 && d.last_http_status === 500));

      healed = true;
      const replay = await harness.app.inject({
        method: 'POST',
        url: `/stream/${jobId}/replay-all`,
        headers,
      });
      assert.deepEqual(replay.json(), { error: false, replayed: doomed.size });
      await waitFor('replayed deliveries', settled, 60_000, fastForward);

      assert.deepEqual(badSignatures, []);
      const status = await get(`/stream/${jobId}`);
      const sequences = [...accepted.values()].map((p) => p.batch_sequence).sort((a, b) => a - b);
      assert.deepEqual(
        sequences,
        sequences.map((_, i) => i + 1),
        'batch sequences 1..N without gaps or repeats',
      );
      const finals = [...accepted.values()].filter((p) => p.is_final);
      assert.deepEqual(
        finals.map((p) => p.batch_sequence),
        [sequences.length],
      );
      const indexes = [...accepted.values()]
        .flatMap((p) => p.results.map((r) => r.index))
        .sort((a, b) => a - b);
      assert.deepEqual(
        indexes,
        values.map((_, i) => i),
        'each result in exactly one accepted delivery',
      );
      const errors = [...accepted.values()].flatMap((p) => p.results).filter((r) => !r.result.success).length;
      assert.deepEqual(
        {
          status: status.status,
          values_done: status.values_done,
          values_errors: status.values_errors,
          is_final: status.is_final,
          batches_emitted: status.batches_emitted,
          deliveries: status.deliveries,
        },
        {
          status: 'finished',
          values_done: VALUES,
          values_errors: errors,
          is_final: true,
          batches_emitted: sequences.length,
          deliveries: { pending: 0, delivered: sequences.length, failed: 0, dead_lettered: 0 },
        },
      );
      const final = finals[0] as Payload;
      assert.deepEqual(
        [final.values_done, final.values_errors, final.values_total],
        [VALUES, errors, VALUES],
      );

      // The sandbox truth: known products found with their id, the rest "not found".
      const byIndex = new Map(
        [...accepted.values()].flatMap((p) => p.results.map((r) => [r.index, r] as const)),
      );
      for (const [index, value] of values.entries()) {
        const item = byIndex.get(index);
        assert.equal(item?.key, `id:${value}`);
        if (index < known.length) assert.equal(item?.result.content?.product_id, value, `value ${value}`);
        else assert.equal(item?.result.reason, 'not found', `value ${value}`);
      }

      // Polling agrees: pages in completion order cover everything once; batch=N is delivery N.
      const paged: number[] = [];
      for (let offset = 0; offset < VALUES; offset += 1000) {
        const page = await get(`/stream/${jobId}/results?offset=${offset}&limit=1000`);
        paged.push(...page.results.map((r: any) => r.index));
      }
      assert.equal(new Set(paged).size, VALUES);
      for (const payload of [...accepted.values()].slice(0, 5)) {
        const page = await get(`/stream/${jobId}/results?batch=${payload.batch_sequence}`);
        assert.deepEqual(
          page.results.map((r: any) => r.index),
          payload.results.map((r) => r.index),
        );
      }
    });
  });
}
