import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createCrawlEngine, type CrawlEngine } from '../engine/crawl.engine.ts';
import type { SourceDriver, ValueQuery } from '../vocabulary/crawl.types.ts';
import { startSandbox, type RunningSandbox } from '../../../test/support/sandbox-server.ts';
import {
  createMemoryConversionStore,
  createMemorySellerNameStore,
} from '../../../test/support/crawl-context.ts';
import { withoutPlantedFlags } from '../../../test/support/sandbox-truth.ts';
import type { SourceId } from '../vocabulary/sources.types.ts';
import { sourceModules } from './sources.registry.ts';

interface Case {
  source: SourceId;
  key: ValueQuery['key'];
  values: (truth: { products: Record<string, unknown>[] }) => { value: string; content: unknown }[];
}

/** Per source: values of one key with the content the truth expects for them. */
const CASES: Case[] = [
  {
    source: 'source_01',
    key: 'id',
    values: (truth) => truth.products.slice(0, 8).map((p) => ({ value: String(p.id), content: p.content })),
  },
  {
    source: 'source_02',
    key: 'item_code',
    values: (truth) =>
      truth.products
        .slice(0, 8)
        .map((p) => ({ value: String(p.item_code), content: { ...(p.content as object), offers: [] } })),
  },
  {
    source: 'source_03',
    key: 'id',
    values: (truth) => truth.products.slice(0, 8).map((p) => ({ value: String(p.id), content: p.content })),
  },
  {
    source: 'source_04',
    key: 'gtin',
    values: (truth) => truth.products.slice(0, 8).map((p) => ({ value: String(p.gtin), content: p.content })),
  },
];

describe('drivers through the crawl engine against a misbehaving sandbox', () => {
  let sandbox: RunningSandbox;
  let engine: CrawlEngine;

  before(async () => {
    // About one request in four misbehaves. With ten attempts a page fails for good about once in
    // a million fetches, so the test is deterministic in practice while every fault kind still fires.
    const flaky = {
      rates: {
        tooManyRequests: 0.06,
        serverError: 0.06,
        truncated: 0.08,
        blockPage: 0.03,
        dropConnection: 0.03,
      },
      retryAfterSeconds: 0,
    };
    sandbox = await startSandbox({
      faults: { source_01: flaky, source_02: flaky, source_03: flaky, source_04: flaky },
    });
    engine = createCrawlEngine({
      parseRetries: 6,
      fetcherOptions: {
        maxAttempts: 10,
        backoffBaseMs: 2,
        backoffMaxMs: 10,
        rateLimitPauseMs: 5,
        perPairRequestsPerSecond: 1000,
        perPairBurst: 1000,
        requestTimeoutMs: 5000,
      },
    });
  });
  after(async () => {
    await engine.close();
    await sandbox.close();
  });

  for (const testCase of CASES) {
    it(`returns ${testCase.source} ground truth despite 429s, 503s, cut pages, captchas and dropped sockets`, async () => {
      const truth = await sandbox.truth<{ products: Record<string, unknown>[] }>(testCase.source, 'de');
      const driver: SourceDriver = sourceModules[testCase.source].driver;
      for (const { value, content } of testCase.values(truth)) {
        const result = await engine.crawlValue({
          query: {
            source: testCase.source,
            country: 'de',
            key: testCase.key,
            topic: 'search',
            value,
            maxPages: 1,
            sortBy: 'ranking_descending',
            fetchSellerNames: true,
          },
          driver,
          baseUrl: `${sandbox.origin}/${testCase.source}/de`,
          deadline: new Date(Date.now() + 60_000),
          conversions: createMemoryConversionStore(),
          sellerNames: createMemorySellerNameStore(),
        });
        assert.ok('outcome' in result, `${value}: ${'failure' in result ? result.failure : ''}`);
        assert.equal(result.outcome.status, 'found');
        assert.deepEqual(
          result.outcome.status === 'found' && result.outcome.content,
          withoutPlantedFlags(content),
          value,
        );
      }
      const stats = (await sandbox.app.inject({ url: '/_sandbox/stats' })).json()[testCase.source];
      assert.ok(stats.requests > stats.ok, 'faults were injected');
    });
  }
});
