import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../src/main/runtime.ts';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { runJob } from '../support/run-job.ts';
import { until } from '../support/until.ts';

describe('worker logs at info', () => {
  const lines: Array<Record<string, unknown>> = [];
  let harness: Harness;
  let receiver: Receiver;
  let headers: Record<string, string>;
  let values: string[];

  before(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    receiver = await startReceiver();
    harness = await startHarness({
      env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1', STREAM_FLUSH_INTERVAL_MS: '100' },
      logger: createLogger({ logLevel: 'info' }, sink),
    });
    ({ headers } = await harness.account());
    values = (await fetchTruth(harness, 'source_01', 'de')).products
      .slice(0, 2)
      .map((product) => String(product.id));
  });
  after(async () => {
    await harness.close();
    await receiver.close();
  });

  it("logs a job's start and end", async () => {
    const { jobId } = await runJob(harness, headers, {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values,
    });
    const ofJob = lines.filter((line) => line.jobId === jobId && line.level === 30);
    assert.deepEqual(
      ofJob.map((line) => line.msg),
      ['job started', 'job finished'],
    );
    assert.equal(ofJob[1]?.source, 'source_01');
    assert.equal(ofJob[1]?.values, 2);
  });

  it('logs every delivery attempt with its outcome', async () => {
    const submitted = await harness.app.inject({
      method: 'POST',
      url: '/stream',
      headers,
      payload: {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values,
        callback_url: `${receiver.url}/hook`,
        delivery_batch_size: 1,
      },
    });
    const jobId = String(submitted.json().job_id);
    const attempts = () =>
      lines.filter((line) => line.jobId === jobId && line.msg === 'webhook delivery attempt');
    await until('two delivery attempts logged', () => attempts().length === 2);
    for (const attempt of attempts()) {
      assert.equal(attempt.level, 30);
      assert.equal(attempt.status, 'delivered');
      assert.equal(attempt.attempt, 1);
      assert.equal(attempt.httpStatus, 200);
    }
    assert.deepEqual(
      attempts()
        .map((attempt) => attempt.batch)
        .sort(),
      [1, 2],
    );
  });
});
