import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ValueQuery } from '../../vocabulary/crawl.types.ts';
import { source01Driver } from './source-01.driver.ts';
import { createCrawlEngine, type CrawlEngine, type CrawlValueResult } from '../../engine/crawl.engine.ts';
import {
  startSandbox,
  type RunningSandbox,
  type SandboxTruth,
} from '../../../../test/support/sandbox-server.ts';
import {
  createMemoryConversionStore,
  createMemorySellerNameStore,
} from '../../../../test/support/crawl-context.ts';

/** About 10% of requests fail, mixed across every kind the sandbox injects. */
const FAULTS = {
  source_01: {
    latencyMs: { min: 0, max: 3 },
    retryAfterSeconds: 1,
    rates: {
      tooManyRequests: 0.015,
      serverError: 0.02,
      hang: 0.01,
      blockPage: 0.02,
      truncated: 0.02,
      dropConnection: 0.015,
    },
  },
};

interface Value {
  country: string;
  id: string;
  exists: boolean;
}

function query(value: Value): ValueQuery {
  return {
    source: 'source_01',
    country: value.country,
    key: 'id',
    topic: 'search',
    value: value.id,
    maxPages: 1,
    sortBy: 'ranking_descending',
    fetchSellerNames: false,
  };
}

describe('crawl engine against the sandbox with injected faults', () => {
  let sandbox: RunningSandbox;
  let engine: CrawlEngine;

  before(async () => {
    sandbox = await startSandbox({ faults: FAULTS });
    engine = createCrawlEngine({
      fetcherOptions: {
        requestTimeoutMs: 1_000,
        backoffBaseMs: 10,
        backoffMaxMs: 100,
        perPairConcurrency: 8,
        perPairRequestsPerSecond: 10_000,
        perPairBurst: 100,
        localEgressCountry: 'nl',
      },
    });
  });

  after(async () => {
    await engine.close();
    await sandbox.close();
  });

  it('answers every one of 1 000 values: found or not found as the truth says, or a failure reason', async () => {
    const values: Value[] = [];
    for (const country of ['de', 'at']) {
      const truth = await sandbox.truth<SandboxTruth<{ id: string }>>('source_01', country);
      values.push(...truth.products.map((product) => ({ country, id: product.id, exists: true })));
      values.push(...(truth.not_found.id ?? []).slice(0, 100).map((id) => ({ country, id, exists: false })));
    }
    assert.equal(values.length, 1_000);

    const results = new Map<number, CrawlValueResult>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        for (let index = next++; index < values.length; index = next++) {
          const value = values[index] as Value;
          const result = await engine.crawlValue({
            query: query(value),
            driver: source01Driver,
            baseUrl: `${sandbox.origin}/source_01/${value.country}`,
            deadline: new Date(Date.now() + 120_000),
            conversions: createMemoryConversionStore(),
            sellerNames: createMemorySellerNameStore(),
          });
          results.set(index, result);
        }
      }),
    );

    assert.equal(results.size, values.length, 'no value lost');
    const failures: string[] = [];
    values.forEach((value, index) => {
      const result = results.get(index);
      assert.ok(result, `value ${index} has a result`);
      if ('failure' in result) {
        assert.ok(['source currently unavailable', 'timeout'].includes(result.failure));
        failures.push(`${value.country}:${value.id} ${result.failure}`);
        return;
      }
      const where = `${value.country}:${value.id}`;
      assert.equal(result.outcome.status, value.exists ? 'found' : 'not_found', where);
      if (result.outcome.status === 'found') assert.equal(result.outcome.content.product_id, value.id, where);
      assert.ok(result.crawls.length > 0, `${where} has provenance`);
      // Direct egress reports the configured local country, never the requested one.
      for (const record of result.crawls) assert.equal(record.geo, 'nl');
    });
    // Four attempts per page against 10% faults: a value should practically never run out of retries.
    assert.ok(failures.length <= 10, `too many failed values: ${failures.join(', ')}`);

    const stats = (await (await fetch(`${sandbox.origin}/_sandbox/stats`)).json()) as Record<
      string,
      Record<string, number>
    >;
    const injected = stats.source_01 ?? {};
    for (const kind of Object.keys(FAULTS.source_01.rates)) {
      assert.ok((injected[kind] ?? 0) > 0, `the sandbox injected ${kind}`);
    }
  });
});
