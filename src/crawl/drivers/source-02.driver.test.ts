import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PageParseError } from '../crawl.errors.ts';
import type { DriverOutcome, ValueQuery } from '../crawl.types.ts';
import { startSandbox, type RunningSandbox, type SandboxTruth } from '../testing/sandbox-server.ts';
import { createTestCrawlContext, type TestCrawlContext } from '../testing/test-context.ts';
import { withoutPlantedFlags } from '../testing/truth.ts';
import { source02Driver } from './source-02.driver.ts';

interface ProductTruth {
  item_code: string;
  gtin: string;
  content: Record<string, unknown> & { offers: Record<string, unknown>[]; is_premium: boolean };
}
interface TermTruth {
  term: string;
  pages: number;
  search_results_by_page: unknown[][];
  content: Record<string, unknown>;
}
type Truth = SandboxTruth<ProductTruth, TermTruth>;

const STOREFRONT: Record<string, string> = { at: 'de', ch: 'de', gb: 'uk' };

function query(
  country: string,
  key: ValueQuery['key'],
  value: string,
  extra: Partial<ValueQuery> = {},
): ValueQuery {
  return {
    source: 'source_02',
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

/** Truth for topic `search`: the same content without the offer listing. */
const searchContent = (product: ProductTruth): Record<string, unknown> => ({
  ...product.content,
  offers: [],
});

describe('source_02 driver against the sandbox', () => {
  let sandbox: RunningSandbox;
  const contextFor = (country: string): TestCrawlContext =>
    createTestCrawlContext({ baseUrl: `${sandbox.origin}/source_02/${STOREFRONT[country] ?? country}` });

  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  for (const country of ['de', 'us', 'jp', 'gb', 'at', 'ch']) {
    it(`returns product pages and all offers by item code on ${country}`, async () => {
      const truth = await sandbox.truth<Truth>('source_02', country);
      for (const product of truth.products.slice(0, 10)) {
        const search = await source02Driver.crawl(
          contextFor(country),
          query(country, 'item_code', product.item_code),
        );
        assert.deepEqual(contentOf(search), searchContent(product), `search ${product.item_code}`);
        const withOffers = await source02Driver.crawl(
          contextFor(country),
          query(country, 'item_code', product.item_code, { topic: 'search_and_offers' }),
        );
        assert.deepEqual(
          contentOf(withOffers),
          withoutPlantedFlags(product.content),
          `offers ${product.item_code}`,
        );
      }
    });
  }

  it('serves Austrian and Swiss prices from the de storefront', async () => {
    const [de, at, ch] = await Promise.all([
      sandbox.truth<Truth>('source_02', 'de'),
      sandbox.truth<Truth>('source_02', 'at'),
      sandbox.truth<Truth>('source_02', 'ch'),
    ]);
    const product = de.products[0]!;
    assert.equal(at.storefront, 'de');
    assert.equal(at.products[0]!.item_code, product.item_code);
    const prices = await Promise.all(
      ['de', 'at', 'ch'].map(async (country) => {
        const outcome = await source02Driver.crawl(
          contextFor(country),
          query(country, 'item_code', product.item_code),
        );
        return (contentOf(outcome).buybox as { price: number }).price;
      }),
    );
    assert.deepEqual(
      prices,
      [de, at, ch].map((t) => (t.products[0]!.content.buybox as { price: number }).price),
    );
    assert.ok(prices[1]! > prices[0]! && prices[2]! < prices[0]!, 'at adds VAT, ch is VAT-free');
  });

  it('reports members-only prices and every fulfilment kind found in the truth', async () => {
    const truth = await sandbox.truth<Truth>('source_02', 'de');
    const premium = truth.products.find((product) => product.content.is_premium)!;
    assert.ok(premium, 'the catalogue has a members-only deal');
    assert.deepEqual(
      contentOf(await source02Driver.crawl(contextFor('de'), query('de', 'item_code', premium.item_code))),
      searchContent(premium),
    );
    for (const sellerType of ['marketplace_operator', 'fulfilled_by_operator', 'fulfilled_by_seller']) {
      const product = truth.products.find((candidate) => candidate.content.seller_type === sellerType)!;
      const outcome = await source02Driver.crawl(
        contextFor('de'),
        query('de', 'item_code', product.item_code),
      );
      assert.equal(contentOf(outcome).seller_type, sellerType);
    }
  });

  it('resolves a GTIN to the item code past the sponsored result and caches it', async () => {
    const truth = await sandbox.truth<Truth>('source_02', 'fr');
    const product = truth.products[7]!;
    const context = contextFor('fr');
    const outcome = await source02Driver.crawl(context, query('fr', 'gtin', product.gtin));
    assert.deepEqual(contentOf(outcome), searchContent(product));
    assert.equal(await context.conversions.get('source_02', 'fr', product.gtin), product.item_code);
    const removed = await source02Driver.crawl(
      context,
      query('fr', 'gtin', product.gtin, { topic: 'remove_conversions' }),
    );
    assert.deepEqual(contentOf(removed), {
      gtin: product.gtin,
      removed: true,
      product_id: product.item_code,
    });
    assert.equal(removed.status === 'found' && removed.charged, false);
  });

  it('returns the top organic result of a term with the result list of up to max_pages pages', async () => {
    const truth = await sandbox.truth<Truth>('source_02', 'de');
    for (const term of truth.terms.slice(0, 3)) {
      const outcome = await source02Driver.crawl(contextFor('de'), query('de', 'term', term.term));
      assert.deepEqual(contentOf(outcome), term.content, term.term);
    }
    const paged = truth.terms.find((term) => term.pages >= 2)!;
    const outcome = await source02Driver.crawl(
      contextFor('de'),
      query('de', 'term', paged.term, { maxPages: 5 }),
    );
    const pages = Math.min(5, paged.pages);
    assert.deepEqual(contentOf(outcome).search_results, paged.search_results_by_page.slice(0, pages).flat());
    assert.equal(outcome.billable.extraResultPages, pages - 1);
  });

  it('keeps the Austrian localization on followed result pages', async () => {
    const truth = await sandbox.truth<Truth>('source_02', 'at');
    const paged = truth.terms.find((term) => term.pages >= 2)!;
    const context = contextFor('at');
    const outcome = await source02Driver.crawl(context, query('at', 'term', paged.term, { maxPages: 2 }));
    assert.deepEqual(contentOf(outcome).search_results, paged.search_results_by_page.slice(0, 2).flat());
    assert.ok(
      context.requests.every((request) => new URL(request.url).searchParams.get('deliveryCountry') === 'AT'),
    );
  });

  it('answers not found for item codes, GTINs and terms that exist nowhere', async () => {
    const truth = await sandbox.truth<Truth>('source_02', 'it');
    for (const key of ['item_code', 'gtin', 'term'] as const) {
      for (const value of truth.not_found[key]!.slice(0, 3)) {
        assert.equal(
          (await source02Driver.crawl(contextFor('it'), query('it', key, value))).status,
          'not_found',
        );
      }
    }
  });

  it('throws PageParseError on truncated pages', async () => {
    const truth = await sandbox.truth<Truth>('source_02', 'de');
    await sandbox.app.inject({
      method: 'PUT',
      url: '/_sandbox/faults',
      payload: { source_02: { rates: { truncated: 1 } } },
    });
    try {
      for (const product of truth.products.slice(0, 5)) {
        await assert.rejects(
          source02Driver.crawl(contextFor('de'), query('de', 'item_code', product.item_code)),
          PageParseError,
        );
      }
    } finally {
      await sandbox.app.inject({ method: 'PUT', url: '/_sandbox/faults', payload: {} });
    }
  });
});
