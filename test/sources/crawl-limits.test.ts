import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import {
  createCrawlEngine,
  type CrawlEngine,
  type CrawlValueResult,
} from '../../src/crawl/engine/crawl.engine.ts';
import { configuredFetcherOptions } from '../../src/main/runtime.ts';
import { builtInSourceCountries } from '../../src/crawl/sources/sources.catalogue.ts';
import { sourceModules } from '../../src/crawl/sources/sources.registry.ts';
import type { SourceId } from '../../src/crawl/vocabulary/sources.types.ts';
import { resolveBaseUrl } from '../../src/crawl/sources/sources.urls.ts';
import { createMemoryConversionStore, createMemorySellerNameStore } from '../support/crawl-context.ts';
import { startSandbox, type RunningSandbox } from '../support/sandbox-server.ts';

/** The polite pair's rate; the sandbox (source_02) is opened wide. */
const POLITE_RPS = 2;
const VALUES_PER_PAIR = 60;
const CRAWL_LIMITS = JSON.stringify({
  'source_01.de': { rps: POLITE_RPS },
  source_02: { rps: 1000, concurrency: 32 },
});

type SandboxStats = Record<string, { requests: number } | undefined>;

describe('CRAWL_LIMITS through the crawl engine against the sandbox', () => {
  let sandbox: RunningSandbox;
  let engine: CrawlEngine;

  before(async () => {
    sandbox = await startSandbox();
    // Read as the process shells read it, mapped onto the fetcher as the runtime maps it.
    const config = loadConfig({ CRAWL_LIMITS, LOG_LEVEL: 'silent' }, builtInSourceCountries());
    engine = createCrawlEngine({ fetcherOptions: configuredFetcherOptions(config) });
  });
  after(async () => {
    await engine.close();
    await sandbox.close();
  });

  /** Crawls not-found GTINs of `source` in `de` (one search page each), all at once. */
  async function crawlAll(source: SourceId): Promise<Promise<CrawlValueResult>[]> {
    const truth = await sandbox.truth(source, 'de');
    const gtins = (truth.not_found.gtin ?? []).slice(0, VALUES_PER_PAIR);
    assert.equal(gtins.length, VALUES_PER_PAIR);
    return gtins.map((gtin) =>
      engine.crawlValue({
        query: {
          source,
          country: 'de',
          key: 'gtin',
          topic: 'search',
          value: gtin,
          maxPages: 1,
          sortBy: 'ranking_descending',
          fetchSellerNames: false,
        },
        driver: sourceModules[source].driver,
        baseUrl: resolveBaseUrl({}, sandbox.origin, source, 'de'),
        deadline: new Date(Date.now() + 120_000),
        conversions: createMemoryConversionStore(),
        sellerNames: createMemorySellerNameStore(),
      }),
    );
  }

  it('keeps the polite pair within its rate while the opened pair finishes', async () => {
    // Ground truth first: its requests are not crawls and must not count in the window.
    await Promise.all([sandbox.truth('source_01', 'de'), sandbox.truth('source_02', 'de')]);
    const before = (await (await fetch(`${sandbox.origin}/_sandbox/stats`)).json()) as SandboxStats;
    const startedMs = Date.now();
    const [polite, opened] = await Promise.all([crawlAll('source_01'), crawlAll('source_02')]);
    const openedResults = await Promise.all(opened);
    const stats = (await (await fetch(`${sandbox.origin}/_sandbox/stats`)).json()) as SandboxStats;
    // Read after the counts: the window only grows, so the bound below only loosens under load.
    const elapsedSeconds = (Date.now() - startedMs) / 1000;
    const requests = (source: string) => (stats[source]?.requests ?? 0) - (before[source]?.requests ?? 0);

    for (const result of openedResults) {
      assert.ok('outcome' in result && result.outcome.status === 'not_found', JSON.stringify(result));
    }
    // A token bucket of POLITE_RPS tokens refilled at POLITE_RPS per second: no more requests can
    // have left for source_01 however the machine is loaded.
    const politeBound = POLITE_RPS + POLITE_RPS * elapsedSeconds;
    assert.ok(requests('source_02') >= VALUES_PER_PAIR, `source_02 saw ${requests('source_02')} requests`);
    assert.ok(
      requests('source_01') <= politeBound,
      `source_01 saw ${requests('source_01')} requests in ${elapsedSeconds} s (at most ${politeBound})`,
    );
    assert.ok(
      requests('source_02') > politeBound,
      `the opened pair ran faster: ${requests('source_02')} requests in ${elapsedSeconds} s`,
    );
    // The polite values still waiting end as unavailable when `after` closes the engine.
    assert.equal(polite.length, VALUES_PER_PAIR);
  });
});
