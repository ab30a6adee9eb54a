import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';

describe('a 1 000-value job against a sandbox with 10% injected faults', () => {
  let harness: Harness;
  before(async () => {
    const faults = {
      rates: {
        tooManyRequests: 0.02,
        serverError: 0.02,
        truncated: 0.02,
        blockPage: 0.02,
        dropConnection: 0.02,
      },
      retryAfterSeconds: 0,
    };
    harness = await startHarness({ sandbox: { faults: { source_01: faults } } });
  });
  after(async () => harness.close());

  it('finishes with every value answered once and none lost', async () => {
    const { headers } = await harness.account({ credits: 10_000 });
    const truth = await fetchTruth(harness, 'source_01', 'de');
    const values = [
      ...truth.products.map((product) => String(product.id)),
      ...(truth.not_found.id ?? []),
    ].slice(0, 1000);
    assert.equal(values.length, 1000);
    const created = await harness.app.inject({
      method: 'POST',
      url: '/job',
      headers,
      payload: { source: 'source_01', country: 'de', key: 'id', values },
    });
    const jobId = created.json().job._id as string;
    let status;
    for (let polls = 0; polls < 60; polls += 1) {
      status = (await harness.app.inject({ method: 'GET', url: `/job/${jobId}?wait=10`, headers })).json();
      if (status.job.status === 'finished') break;
    }
    assert.deepEqual(status?.job, { _id: jobId, status: 'finished', done: 1000, all: 1000 });
    const results = (
      await harness.app.inject({ method: 'GET', url: `/job/${jobId}/download`, headers })
    ).json().results as Array<{ key: string; success: boolean; reason: string | null }>;
    assert.deepEqual(
      results.map((result) => result.key),
      values,
    );
    const notFound = new Set(truth.not_found.id);
    const outcomes = { found: 0, notFound: 0, unavailable: 0 };
    for (const result of results) {
      if (result.success && result.reason === null) outcomes.found += 1;
      else if (result.success && result.reason === 'not found') {
        assert.ok(notFound.has(result.key), `${result.key} is a product, not a missing value`);
        outcomes.notFound += 1;
      } else {
        assert.equal(result.reason, 'source currently unavailable', result.key);
        outcomes.unavailable += 1;
      }
    }
    // Retries absorb nearly every fault; a value may still end unavailable, but is never lost.
    assert.ok(outcomes.unavailable <= 10, JSON.stringify(outcomes));
    const allStats = (await (await fetch(`${harness.sandboxOrigin}/_sandbox/stats`)).json()) as Record<
      string,
      { requests: number; ok: number }
    >;
    const stats = allStats.source_01;
    assert.ok(stats);
    assert.ok(stats.requests > stats.ok, 'faults were injected');
  });
});
