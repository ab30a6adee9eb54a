import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSandbox, type SandboxTruth } from '../../../../test/support/sandbox-server.ts';
import { contentOf, queryBuilder } from '../../../../test/support/crawl-context.ts';
import { withoutPlantedFlags } from '../../../../test/support/sandbox-truth.ts';
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

const query = queryBuilder(source02Driver);

/** Truth for topic `search`: the same content without the offer listing. */
const searchContent = (product: ProductTruth): Record<string, unknown> => ({
  ...product.content,
  offers: [],
});

describe('source_02 driver against the sandbox', () => {
  const { contextFor, truthOf, assertNotFound, assertParseErrors } = useSandbox<Truth>(source02Driver);

  for (const country of ['de', 'us', 'jp', 'gb', 'at', 'ch']) {
    it(`returns product pages and all offers by item code on ${country}`, async () => {
      const truth = await truthOf(country);
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
    const [de, at, ch] = await Promise.all([truthOf('de'), truthOf('at'), truthOf('ch')]);
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
    const truth = await truthOf('de');
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
    const truth = await truthOf('fr');
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
    const truth = await truthOf('de');
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
    const truth = await truthOf('at');
    const paged = truth.terms.find((term) => term.pages >= 2)!;
    const context = contextFor('at');
    const outcome = await source02Driver.crawl(context, query('at', 'term', paged.term, { maxPages: 2 }));
    assert.deepEqual(contentOf(outcome).search_results, paged.search_results_by_page.slice(0, 2).flat());
    assert.ok(
      context.requests.every((request) => new URL(request.url).searchParams.get('deliveryCountry') === 'AT'),
    );
  });

  it('answers not found for item codes, GTINs and terms that exist nowhere', async () => {
    const truth = await truthOf('it');
    await assertNotFound(
      (['item_code', 'gtin', 'term'] as const).flatMap((key) =>
        truth.not_found[key]!.slice(0, 3).map((value) => query('it', key, value)),
      ),
    );
  });

  it('throws PageParseError on truncated pages', async () => {
    const truth = await truthOf('de');
    await assertParseErrors(
      'truncated',
      truth.products.slice(0, 5).map((product) => query('de', 'item_code', product.item_code)),
    );
  });
});
