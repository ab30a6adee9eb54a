import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PageParseError } from '../crawl.errors.ts';
import type { DriverOutcome, ValueQuery } from '../crawl.types.ts';
import { startSandbox, type RunningSandbox, type SandboxTruth } from '../testing/sandbox-server.ts';
import { createTestCrawlContext, type TestCrawlContext } from '../testing/test-context.ts';
import { withoutPlantedFlags } from '../testing/truth.ts';
import { source04Driver } from './source-04.driver.ts';

interface ProductTruth {
  product_id: string;
  gtin: string;
  content: Record<string, unknown>;
  listings: { item_id: string; content: Record<string, unknown> }[];
}
type Truth = SandboxTruth<ProductTruth, { term: string; content: Record<string, unknown> }>;

function query(
  country: string,
  key: ValueQuery['key'],
  value: string,
  extra: Partial<ValueQuery> = {},
): ValueQuery {
  return {
    source: 'source_04',
    country,
    key,
    topic: 'search',
    value,
    maxPages: 1,
    sortBy: 'ranking_descending',
    fetchSellerNames: false,
    ...extra,
  };
}

function contentOf(outcome: DriverOutcome): Record<string, unknown> {
  assert.equal(outcome.status, 'found');
  return outcome.status === 'found' ? outcome.content : {};
}

describe('source_04 driver against the sandbox', () => {
  let sandbox: RunningSandbox;
  const contextFor = (country: string): TestCrawlContext =>
    createTestCrawlContext({ baseUrl: `${sandbox.origin}/source_04/${country === 'gb' ? 'uk' : country}` });

  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  for (const country of ['de', 'gb', 'us', 'it']) {
    it(`returns single listings by item id on ${country}`, async () => {
      const truth = await sandbox.truth<Truth>('source_04', country);
      const listings = truth.products.slice(0, 6).flatMap((product) => product.listings.slice(0, 2));
      for (const listing of listings) {
        const outcome = await source04Driver.crawl(
          contextFor(country),
          query(country, 'id', listing.item_id),
        );
        assert.deepEqual(contentOf(outcome), withoutPlantedFlags(listing.content), listing.item_id);
      }
    });
  }

  it('reports auctions with bids and end time, fixed-price listings, and used or refurbished units', async () => {
    const truth = await sandbox.truth<Truth>('source_04', 'fr');
    const listings = truth.products.flatMap((product) => product.listings.map((listing) => listing.content));
    const auction = listings.find((listing) => listing.listing_type === 'auction')!;
    const worn = listings.find((listing) => listing.condition !== 'new')!;
    for (const expected of [auction, worn]) {
      const outcome = await source04Driver.crawl(
        contextFor('fr'),
        query('fr', 'id', String(expected.item_id)),
      );
      assert.deepEqual(contentOf(outcome), withoutPlantedFlags(expected));
    }
  });

  it('resolves a GTIN to the catalogue product with all its listings, caching the mapping', async () => {
    const truth = await sandbox.truth<Truth>('source_04', 'de');
    const product = truth.products.find((candidate) => candidate.listings.length >= 3)!;
    const context = contextFor('de');
    const outcome = await source04Driver.crawl(context, query('de', 'gtin', product.gtin));
    assert.deepEqual(contentOf(outcome), withoutPlantedFlags(product.content));
    assert.equal(await context.conversions.get('source_04', 'de', product.gtin), product.product_id);
    context.requests.length = 0;
    await source04Driver.crawl(context, query('de', 'gtin', product.gtin));
    assert.deepEqual(
      context.requests.map((request) => request.jobType),
      ['product'],
    );
    const removed = await source04Driver.crawl(
      context,
      query('de', 'gtin', product.gtin, { topic: 'remove_conversions' }),
    );
    assert.deepEqual(removed, {
      status: 'found',
      content: { gtin: product.gtin, removed: true, product_id: product.product_id },
      billable: { extraResultPages: 0, sellerPages: 0 },
      charged: false,
    });
  });

  it('returns the listings of a term', async () => {
    const truth = await sandbox.truth<Truth>('source_04', 'ca');
    for (const term of truth.terms.slice(0, 5)) {
      const outcome = await source04Driver.crawl(
        contextFor('ca'),
        query('ca', 'term', term.term, { maxPages: 3 }),
      );
      assert.deepEqual(contentOf(outcome), withoutPlantedFlags(term.content), term.term);
      assert.equal(outcome.billable.extraResultPages, 0, 'max_pages is ignored');
    }
  });

  it('answers not found for item ids, GTINs and terms that exist nowhere', async () => {
    const truth = await sandbox.truth<Truth>('source_04', 'es');
    for (const key of ['id', 'gtin', 'term'] as const) {
      for (const value of truth.not_found[key]!.slice(0, 3)) {
        assert.equal(
          (await source04Driver.crawl(contextFor('es'), query('es', key, value))).status,
          'not_found',
        );
      }
    }
  });

  it('throws PageParseError on truncated pages', async () => {
    const truth = await sandbox.truth<Truth>('source_04', 'de');
    await sandbox.app.inject({
      method: 'PUT',
      url: '/_sandbox/faults',
      payload: { source_04: { rates: { truncated: 1 } } },
    });
    try {
      for (const product of truth.products.slice(0, 5)) {
        await assert.rejects(
          source04Driver.crawl(contextFor('de'), query('de', 'id', product.listings[0]!.item_id)),
          PageParseError,
        );
      }
    } finally {
      await sandbox.app.inject({ method: 'PUT', url: '/_sandbox/faults', payload: {} });
    }
  });
});
