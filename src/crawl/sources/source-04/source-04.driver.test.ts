import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { load } from 'cheerio/slim';
import {
  startSandbox,
  useSandbox,
  type RunningSandbox,
  type SandboxTruth,
} from '../../../../test/support/sandbox-server.ts';
import { contentOf, createTestCrawlContext, queryBuilder } from '../../../../test/support/crawl-context.ts';
import { resolveBaseUrl } from '../sources.urls.ts';
import { withoutPlantedFlags } from '../../../../test/support/sandbox-truth.ts';
import { source04Driver } from './source-04.driver.ts';

interface ProductTruth {
  product_id: string;
  gtin: string;
  content: Record<string, unknown>;
  listings: { item_id: string; content: Record<string, unknown> }[];
}
type Truth = SandboxTruth<ProductTruth, { term: string; content: Record<string, unknown> }>;

const query = queryBuilder(source04Driver);

describe('source_04 driver against the sandbox', () => {
  const { contextFor, truthOf, assertNotFound, assertParseErrors } = useSandbox<Truth>(source04Driver);

  for (const country of ['de', 'gb', 'us', 'it']) {
    it(`returns single listings by item id on ${country}`, async () => {
      const truth = await truthOf(country);
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
    const truth = await truthOf('fr');
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
    const truth = await truthOf('de');
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
    const truth = await truthOf('ca');
    for (const term of truth.terms.slice(0, 5)) {
      const outcome = await source04Driver.crawl(
        contextFor('ca'),
        query('ca', 'term', term.term, { maxPages: 3 }),
      );
      assert.deepEqual(contentOf(outcome), withoutPlantedFlags(term.content), term.term);
      assert.equal(outcome.billable.extraResultPages, 0, 'max_pages is ignored');
    }
  });

  it('reads the listings of a term from the current eBay card layout on every storefront', async () => {
    for (const country of ['de', 'at', 'fr', 'it', 'es', 'gb', 'us', 'au', 'ca']) {
      const truth = await truthOf(country);
      const term = truth.terms[0]!;
      const context = contextFor(country);
      const outcome = await source04Driver.crawl(context, query(country, 'term', term.term));
      assert.deepEqual(contentOf(outcome), withoutPlantedFlags(term.content), `${country} ${term.term}`);
      const page = await fetch(`${context.baseUrl}/sch/i.html?_nkw=${encodeURIComponent(term.term)}`);
      const $ = load(await page.text());
      assert.equal($('li.s-item').length, 0, 'no card of the older layout');
      assert.equal($('ul.srp-results > li.s-card[data-listingid]').length, term.content['offers_count']);
      assert.equal($('li.s-card').length - $('ul.srp-results > li.s-card').length, 2, 'two placeholders');
      assert.equal($('a.pagination__next').length, 0, 'one page of results, no next link');
    }
  });

  it('answers not found for item ids, GTINs and terms that exist nowhere', async () => {
    const truth = await truthOf('es');
    await assertNotFound(
      (['id', 'gtin', 'term'] as const).flatMap((key) =>
        truth.not_found[key]!.slice(0, 3).map((value) => query('es', key, value)),
      ),
    );
  });

  it('throws PageParseError on truncated pages', async () => {
    const truth = await truthOf('de');
    await assertParseErrors(
      'truncated',
      truth.products.slice(0, 5).map((product) => query('de', 'id', product.listings[0]!.item_id)),
    );
  });
});

describe('source_04 driver against the sandbox in real page weight', () => {
  let sandbox: RunningSandbox | undefined;
  before(async () => {
    sandbox = await startSandbox({ pageWeight: 'real' });
  });
  after(async () => {
    await sandbox?.close();
  });

  it('reads the listings of a term from a search page of real eBay size', async () => {
    const running = sandbox!;
    const truth = await running.truth<Truth>('source_04', 'us');
    const term = truth.terms[0]!;
    const baseUrl = resolveBaseUrl({}, running.origin, 'source_04', 'us');
    const page = await fetch(`${baseUrl}/sch/i.html?_nkw=${encodeURIComponent(term.term)}`);
    assert.ok((await page.text()).length >= 2_900_000, 'about 3 MB, as the 2026 ebay.com page');
    const outcome = await source04Driver.crawl(
      createTestCrawlContext({ baseUrl }),
      query('us', 'term', term.term),
    );
    assert.deepEqual(contentOf(outcome), withoutPlantedFlags(term.content));
  });
});
