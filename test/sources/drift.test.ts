import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { resolveBaseUrl } from '../../src/crawl/sources/sources.urls.ts';
import type { SourceId, ValueKey } from '../../src/crawl/vocabulary/sources.types.ts';
import { computeTrust, type Trust } from '../../src/crawl/trust/trust.ts';
import { PageParseError } from '../../src/crawl/vocabulary/crawl.errors.ts';
import type { ValueQuery } from '../../src/crawl/vocabulary/crawl.types.ts';
import { driverFallbackCounts } from '../../src/crawl/engine/driver-fallbacks.ts';
import { createCrawlEngine } from '../../src/crawl/engine/crawl.engine.ts';
import { startSandbox, type RunningSandbox } from '../support/sandbox-server.ts';
import {
  contentOf,
  createMemoryConversionStore,
  createMemorySellerNameStore,
  createTestCrawlContext,
} from '../support/crawl-context.ts';
import { FALLBACK_EXTRACTOR, shownGtin } from '../../src/crawl/sources/kit/fallback.kit.ts';
import { sourceModules } from '../../src/crawl/sources/sources.registry.ts';

/** Products checked per source (the first of the truth, in catalogue order). */
const PRODUCTS_PER_SOURCE = 12;
const SHOPS: readonly SourceId[] = [
  'source_05',
  'source_06',
  'source_07',
  'source_08',
  'source_09',
  'source_10',
  'source_11',
  'source_12',
];

interface TruthProduct {
  product_id?: string;
  id?: string;
  item_code?: string;
  gtin?: string;
  name: string;
  content: { price_min?: number; offers: { price: number }[] };
  listings?: { item_id: string; content: { offers: { price: number }[] } }[];
}

/** One lookup and what the sandbox says it must find. */
interface Case {
  query: ValueQuery;
  name: string;
  gtin: string | undefined;
  priceMin: number;
}

const lowest = (offers: readonly { price: number }[]): number => Math.min(...offers.map((o) => o.price));

function queryOf(source: SourceId, country: string, key: ValueKey, value: string): ValueQuery {
  return {
    source,
    country,
    key,
    topic: 'search',
    value,
    maxPages: 1,
    sortBy: 'ranking_descending',
    fetchSellerNames: false,
  };
}

/** Lookups by the source's own id (source_04: a listing's item id, and its product by GTIN). */
function casesOf(source: SourceId, country: string, products: readonly TruthProduct[]): Case[] {
  return products.slice(0, PRODUCTS_PER_SOURCE).flatMap((product): Case[] => {
    const base = { name: product.name, gtin: product.gtin };
    const priceMin = product.content.price_min ?? lowest(product.content.offers);
    if (source === 'source_02') {
      return [{ ...base, priceMin, query: queryOf(source, country, 'item_code', product.item_code ?? '') }];
    }
    if (source === 'source_04') {
      const listing = product.listings?.[0];
      const byGtin = { ...base, priceMin, query: queryOf(source, country, 'gtin', product.gtin ?? '') };
      if (!listing) return [byGtin];
      return [
        byGtin,
        // An item page names the listing by its own title; its identity is the item id and GTIN.
        {
          name: '',
          gtin: product.gtin,
          priceMin: lowest(listing.content.offers),
          query: queryOf(source, country, 'id', listing.item_id),
        },
      ];
    }
    const id = product.product_id ?? product.id ?? '';
    return [{ ...base, priceMin, query: queryOf(source, country, 'id', id) }];
  });
}

describe('drivers under markup drift', () => {
  let sandbox: RunningSandbox;
  const setDrift = async (source: SourceId, rate: number): Promise<void> => {
    await sandbox.app.inject({
      method: 'PUT',
      url: '/_sandbox/faults',
      payload: rate > 0 ? { [source]: { rates: { markupDrift: rate } } } : {},
    });
  };
  const countryOf = async (source: SourceId): Promise<string> => {
    const summary = (await sandbox.app.inject({ url: '/catalog.json' })).json() as {
      sources: { source: SourceId; countries: string[] }[];
    };
    return summary.sources.find((entry) => entry.source === source)?.countries[0] ?? 'de';
  };
  const now = new Date();
  const trustOf = (query: ValueQuery, content: Record<string, unknown>): Trust =>
    computeTrust({ query, success: true, reason: null, content, observedAt: now, now });

  /**
   * Crawls every case without drift and with `markupDrift: 1`; answers both contents per case after
   * checking that each drifted crawl fell back exactly once and was marked.
   */
  async function crawlBoth(source: SourceId): Promise<{ cases: Case[]; own: unknown[]; drifted: unknown[] }> {
    const country = await countryOf(source);
    const truth = await sandbox.truth<{ products: TruthProduct[] }>(source, country);
    const cases = casesOf(source, country, truth.products);
    const driver = sourceModules[source].driver;
    const contextFor = () =>
      createTestCrawlContext({ baseUrl: resolveBaseUrl({}, sandbox.origin, source, country) });
    const crawlAll = async (rate: number) => {
      await setDrift(source, rate);
      const contents = [];
      for (const { query } of cases) {
        const context = contextFor();
        const content = contentOf(
          await driver.crawl(context, query),
          `${source} ${query.key} ${query.value}`,
        );
        assert.equal(context.fallbacks.length, rate > 0 ? 1 : 0, `${query.value} fallbacks`);
        assert.equal(content['extracted_by'], rate > 0 ? FALLBACK_EXTRACTOR : undefined);
        contents.push(content);
      }
      return contents;
    };
    const own = await crawlAll(0);
    const drifted = await crawlAll(1);
    await setDrift(source, 0);
    return { cases, own, drifted };
  }

  /** The fallback never scores higher than the driver's own reading, and its two components fall. */
  function assertTrustFalls(cases: readonly Case[], own: unknown[], drifted: unknown[]): string {
    const scores = cases.map(({ query }, index) => {
      const mine = trustOf(query, own[index] as Record<string, unknown>);
      const fallback = trustOf(query, drifted[index] as Record<string, unknown>);
      const where = `${query.source} ${query.value}: ${fallback.score} vs ${mine.score}`;
      assert.ok(fallback.score < mine.score, where);
      assert.ok(fallback.components.completeness < mine.components.completeness, where);
      assert.ok(fallback.components.identity <= mine.components.identity, where);
      return [mine.score, fallback.score] as const;
    });
    const mean = (values: number[]) => (values.reduce((a, b) => a + b, 0) / values.length).toFixed(3);
    return `${cases.length} lookups, mean trust ${mean(scores.map(([mine]) => mine))} own, ${mean(scores.map(([, fallback]) => fallback))} fallback`;
  }

  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  for (const source of SHOPS) {
    it(`${source}: with every product page drifted, lookups by id still return the true price`, async (t) => {
      const { cases, own, drifted } = await crawlBoth(source);
      cases.forEach(({ query, priceMin }, index) => {
        const content = drifted[index] as Record<string, unknown>;
        assert.equal(content['product_id'], query.value);
        assert.ok(Math.abs((content['price_min'] as number) - priceMin) <= 0.01, `${query.value}`);
      });
      t.diagnostic(`${source}: ${assertTrustFalls(cases, own, drifted)}`);
    });
  }

  for (const source of ['source_01', 'source_02', 'source_03', 'source_04'] as const) {
    it(`${source}: with every product page drifted, lookups keep the product's identity and price_min`, async (t) => {
      const { cases, own, drifted } = await crawlBoth(source);
      cases.forEach(({ query, name, gtin, priceMin }, index) => {
        const content = drifted[index] as Record<string, unknown>;
        const where = `${query.key} ${query.value}`;
        if (query.key !== 'gtin') assert.equal(content['product_id'], query.value, where);
        if (name !== '') assert.equal(content['name'], name, where);
        assert.equal(content['gtin'], gtin, where);
        assert.ok(Math.abs((content['price_min'] as number) - priceMin) <= 0.01, where);
      });
      t.diagnostic(`${source}: ${assertTrustFalls(cases, own, drifted)}`);
    });
  }

  it('does not fall back on a drifted page that arrives cut off: the parse error stands for the engine to retry', async () => {
    const truth = await sandbox.truth<{ products: TruthProduct[] }>('source_06', 'de');
    await sandbox.app.inject({
      method: 'PUT',
      url: '/_sandbox/faults',
      payload: { source_06: { rates: { markupDrift: 1, truncated: 1 } } },
    });
    try {
      const context = createTestCrawlContext({
        baseUrl: resolveBaseUrl({}, sandbox.origin, 'source_06', 'de'),
      });
      const query = queryOf('source_06', 'de', 'id', truth.products[0]?.product_id ?? '');
      await assert.rejects(sourceModules.source_06.driver.crawl(context, query), PageParseError);
      assert.deepEqual(context.fallbacks, []);
    } finally {
      await setDrift('source_06', 0);
    }
  });

  it('reads a GTIN printed with its label only when its check digit holds', () => {
    assert.equal(shownGtin('<li>EAN: 4006381333931</li>'), '4006381333931');
    assert.equal(shownGtin('<li>UPC 012345678905</li>'), '012345678905');
    assert.equal(shownGtin('<li>EAN: 4006381333932</li>'), null);
    assert.equal(shownGtin('<li>Art.-Nr.: 4006381333931</li>'), null);
  });

  it('relabels the fetch product_fallback_extract, logs a warning with source and URL, and counts the source', async () => {
    const truth = await sandbox.truth<{ products: TruthProduct[] }>('source_07', 'de');
    const id = truth.products[0]?.product_id ?? '';
    const lines: string[] = [];
    const logger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const engine = createCrawlEngine({ logger });
    const before = driverFallbackCounts().source_07 ?? 0;
    await setDrift('source_07', 1);
    try {
      const result = await engine.crawlValue({
        query: queryOf('source_07', 'de', 'id', id),
        driver: sourceModules.source_07.driver,
        baseUrl: resolveBaseUrl({}, sandbox.origin, 'source_07', 'de'),
        deadline: new Date(Date.now() + 30_000),
        conversions: createMemoryConversionStore(),
        sellerNames: createMemorySellerNameStore(),
      });
      assert.ok('outcome' in result && result.outcome.status === 'found');
      assert.deepEqual(
        result.crawls.map((crawl) => crawl.job_type),
        ['product_fallback_extract'],
      );
      assert.equal((driverFallbackCounts().source_07 ?? 0) - before, 1);
      const warning = JSON.parse(lines.find((line) => line.includes('generic extractor')) ?? '{}');
      assert.equal(warning.source, 'source_07');
      assert.equal(warning.url, result.crawls[0]?.url);
    } finally {
      await setDrift('source_07', 0);
      await engine.close();
    }
  });
});
