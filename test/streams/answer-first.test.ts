import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { findAccountById } from '../../src/accounts/accounts/accounts.repository.ts';
import { submitStream, type StreamsDeps } from '../../src/api/streams/streams.service.ts';
import { ANSWER_WAIT_LIMIT_MS } from '../../src/pipeline/deliveries/deliveries.claim.ts';
import { markJobAnswered } from '../../src/pipeline/deliveries/deliveries.repository.ts';
import { verifyWebhook } from '../../src/pipeline/webhooks/verify.ts';
import type { SubmissionBody } from '../../src/pipeline/submissions/submissions.schema.ts';
import { DIALECTS } from '../support/databases.ts';
import { createTestDispatcher } from '../support/dispatcher.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { until } from '../support/until.ts';

// Bad check digits: `parameter_invalid` results recorded in the transaction that creates the job,
// so its deliveries exist before POST /stream has answered: only the wait for the answer holds them.
const BAD_GTINS = ['4006381333932', '4006381333933', '4006381333934', '4006381333935', '4006381333936'];

/** What docs/streams.md's receiver answered, per request. */
interface Answered {
  jobId: string;
  status: number;
}

/**
 * The receiver of docs/streams.md: 503 for a job whose secret the submitter has not stored yet,
 * 401 for a wrong signature, 200 otherwise.
 */
async function startDocumentedReceiver(secrets: Map<string, string>) {
  const answered: Answered[] = [];
  const server: Server = createServer(async (request, response) => {
    let rawBody = '';
    for await (const chunk of request) rawBody += String(chunk);
    const { job_id: jobId } = JSON.parse(rawBody) as { job_id: string };
    const secret = secrets.get(jobId);
    const status =
      secret === undefined
        ? 503
        : verifyWebhook({ secret, rawBody, headers: request.headers }).ok
          ? 200
          : 401;
    answered.push({ jobId, status });
    response.writeHead(status, status === 503 ? { 'retry-after': '5' } : {}).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, answered, close };
}

async function deliveryRows(harness: Harness, jobId: string) {
  return harness.runtime.deps.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('job_id', '=', jobId)
    .orderBy('batch_sequence')
    .execute();
}

describe('no delivery before the submission answer (issue 26 part 6)', () => {
  let harness: Harness;
  let receiver: Awaited<ReturnType<typeof startDocumentedReceiver>>;
  let key: string;
  let origin: string;
  const secrets = new Map<string, string>();

  before(async () => {
    harness = await startHarness({ env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' } });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    ({ key } = await harness.account());
    receiver = await startDocumentedReceiver(secrets);
  });
  after(async () => {
    await harness.close();
    await receiver.close();
  });

  /** Submits over a real connection and stores the secret as soon as the answer is read. */
  async function submit(path: '/stream' | '/job', body: Record<string, unknown>): Promise<string> {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({
        source: 'source_01',
        country: 'de',
        key: 'gtin',
        callback_url: receiver.url,
        ...body,
      }),
    });
    const answer = (await response.json()) as {
      job_id?: string;
      job?: { _id: string };
      webhook_secret: string;
    };
    const jobId = answer.job_id ?? answer.job?._id ?? '';
    secrets.set(jobId, answer.webhook_secret);
    return jobId;
  }

  it('finds the secret the submitter read on every first attempt, for a stream and a batch job', async () => {
    const streamId = await submit('/stream', { values: BAD_GTINS, delivery_batch_size: 2 });
    const batchId = await submit('/job', { values: BAD_GTINS.slice(0, 2) });
    for (const [jobId, count] of [
      [streamId, 3],
      [batchId, 1],
    ] as const) {
      await until(`the ${count} deliveries of ${jobId} delivered`, async () => {
        const rows = await deliveryRows(harness, jobId);
        return rows.length === count && rows.every((row) => row.status === 'delivered');
      });
      const rows = await deliveryRows(harness, jobId);
      assert.deepEqual(
        rows.map((row) => row.attempts),
        rows.map(() => 1),
        'each delivered at its first attempt',
      );
      assert.deepEqual(
        receiver.answered.filter((entry) => entry.jobId === jobId).map((entry) => entry.status),
        rows.map(() => 200),
        'the receiver knew the secret and the signature matched every time',
      );
    }
  });
});

for (const dialect of DIALECTS) {
  describe(`the hold on deliveries of an unanswered job (issue 26 part 6, ${dialect})`, () => {
    let harness: Harness;
    let receiver: Awaited<ReturnType<typeof startDocumentedReceiver>>;
    let deps: StreamsDeps;
    let accountId: string;
    let clockMs = Date.now();
    const secrets = new Map<string, string>();

    before(async () => {
      harness = await startHarness({ dialect, worker: false, env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' } });
      ({ accountId } = await harness.account());
      receiver = await startDocumentedReceiver(secrets);
      deps = harness.runtime.deps;
    });
    after(async () => {
      await harness.close();
      await receiver.close();
    });

    const sender = () =>
      createTestDispatcher(harness.runtime.deps.db, () => clockMs, { concurrency: 4, timeoutMs: 5000 });

    /** Creates a stream as POST /stream does, but writes no answer. */
    async function unansweredStream(): Promise<{ jobId: string; secret: string }> {
      const account = await findAccountById(deps.db, accountId);
      assert.ok(account);
      const body: SubmissionBody = {
        source: 'source_01',
        country: 'de',
        key: 'gtin',
        values: BAD_GTINS.slice(0, 1),
        callback_url: receiver.url,
      };
      const answer = await submitStream(deps, account, body, undefined);
      return { jobId: answer.job_id, secret: answer.webhook_secret };
    }

    it('sends nothing until the answer is written, then at once; the wait limit frees a job never answered', async () => {
      const dispatcher = sender();
      const held = await unansweredStream();
      clockMs = Date.now();
      assert.equal((await deliveryRows(harness, held.jobId)).length, 1, 'the delivery exists');
      assert.equal(await dispatcher.runOnce(), 0, 'not sent before the answer');
      secrets.set(held.jobId, held.secret);
      await markJobAnswered(deps.db, held.jobId);
      assert.equal(await dispatcher.runOnce(), 1, 'sent at once after the answer');
      assert.deepEqual(receiver.answered.at(-1), { jobId: held.jobId, status: 200 });

      const lost = await unansweredStream();
      secrets.set(lost.jobId, lost.secret);
      clockMs = Date.now();
      assert.equal(await dispatcher.runOnce(), 0);
      clockMs = Date.now() + ANSWER_WAIT_LIMIT_MS + 1000;
      assert.equal(await dispatcher.runOnce(), 1, 'sent once the wait limit has passed');
      assert.deepEqual(receiver.answered.at(-1), { jobId: lost.jobId, status: 200 });
      await dispatcher.stop(1000);
    });

    it('retries 30 s later when the receiver answers 503 because the secret is not stored yet', async () => {
      const dispatcher = sender();
      const early = await unansweredStream();
      await markJobAnswered(deps.db, early.jobId);
      clockMs = Date.now();
      assert.equal(await dispatcher.runOnce(), 1);
      assert.deepEqual(receiver.answered.at(-1), { jobId: early.jobId, status: 503 });
      const [retried] = await deliveryRows(harness, early.jobId);
      assert.ok(retried?.next_attempt_at && retried.last_attempt_at);
      const delayMs = Date.parse(retried.next_attempt_at) - Date.parse(retried.last_attempt_at);
      assert.equal(delayMs, 30_000, 'the schedule of part 6 (jitter fixed at the middle)');
      secrets.set(early.jobId, early.secret);
      clockMs += 29_000;
      assert.equal(await dispatcher.runOnce(), 0, 'not before the 30 s');
      clockMs += 1_000;
      assert.equal(await dispatcher.runOnce(), 1);
      assert.deepEqual(receiver.answered.at(-1), { jobId: early.jobId, status: 200 });
      assert.equal((await deliveryRows(harness, early.jobId))[0]?.status, 'delivered');
      await dispatcher.stop(1000);
    });
  });
}
