import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetchTruth, startHarness } from '../support/harness.ts';
import { awaitResults, submitJob } from '../support/run-job.ts';

describe('provenance geo of direct crawls (issue 8 part 2, defect 4)', () => {
  for (const [env, expected] of [
    [{}, null],
    [{ LOCAL_EGRESS_COUNTRY: 'NL' }, 'nl'],
  ] as const) {
    it(`reports ${JSON.stringify(expected)} as geo with ${JSON.stringify(env)}, never the requested country`, async () => {
      const harness = await startHarness({ env });
      try {
        const truth = await fetchTruth(harness, 'source_01', 'de');
        const product = truth.products[0];
        assert.ok(product);
        const { headers } = await harness.account();
        const submitted = await submitJob(harness, headers, {
          source: 'source_01',
          country: 'de',
          key: 'gtin',
          values: [product.gtin],
          include_meta: true,
        });
        const [result] = await awaitResults(harness, headers, submitted.job._id);
        const crawls = (result?.meta?.crawls ?? []) as Array<{ geo: unknown }>;
        assert.ok(crawls.length > 0, JSON.stringify(result));
        assert.deepEqual([...new Set(crawls.map((crawl) => crawl.geo))], [expected]);
      } finally {
        await harness.close();
      }
    });
  }
});
