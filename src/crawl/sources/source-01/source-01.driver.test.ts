import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useSandbox, type SandboxTruth } from '../../../../test/support/sandbox-server.ts';
import {
  contentOf,
  createMemorySellerNameStore,
  queryBuilder,
} from '../../../../test/support/crawl-context.ts';
import { withoutPlantedFlags } from '../../../../test/support/sandbox-truth.ts';
import { source01Driver } from './source-01.driver.ts';

interface ProductTruth {
  id: string;
  gtin: string;
  pzn: string | null;
  marketplace_seller_ids: string[];
  content: Record<string, unknown>;
}
interface TermTruth {
  term: string;
  pages: number;
  search_results_by_page: unknown[][];
  content: Record<string, unknown>;
}
type Truth = SandboxTruth<ProductTruth, TermTruth>;

const query = queryBuilder(source01Driver, { fetchSellerNames: true });

describe('source_01 driver against the sandbox', () => {
  const { contextFor, truthOf, assertNotFound, assertParseErrors } = useSandbox<Truth>(source01Driver);

  for (const country of ['de', 'gb', 'fr', 'at']) {
    it(`returns every product's ground-truth content by id on ${country}`, async () => {
      const truth = await truthOf(country);
      for (const product of truth.products.slice(0, 12)) {
        const outcome = await source01Driver.crawl(contextFor(country), query(country, 'id', product.id));
        assert.deepEqual(contentOf(outcome), withoutPlantedFlags(product.content), `product ${product.id}`);
      }
    });
  }

  it('names categories only on de and at', async () => {
    const [de, it_] = await Promise.all([truthOf('de'), truthOf('it')]);
    const german = contentOf(
      await source01Driver.crawl(contextFor('de'), query('de', 'id', de.products[0]!.id)),
    );
    const italian = contentOf(
      await source01Driver.crawl(contextFor('it'), query('it', 'id', it_.products[0]!.id)),
    );
    assert.ok(Array.isArray(german.categories) && german.categories.length > 0);
    assert.equal('categories' in italian, false);
    assert.deepEqual(
      italian.category_ids,
      (it_.products[0]!.content as { category_ids: string[] }).category_ids,
    );
  });

  it('resolves a GTIN through the search, caches the product id and reuses it', async () => {
    const truth = await truthOf('de');
    const product = truth.products[3]!;
    const context = contextFor('de');
    const first = await source01Driver.crawl(context, query('de', 'gtin', product.gtin));
    assert.deepEqual(contentOf(first), withoutPlantedFlags(product.content));
    assert.equal(await context.conversions.get('source_01', 'de', product.gtin), product.id);
    assert.equal(context.requests[0]?.jobType, 'lookup');
    context.requests.length = 0;
    await source01Driver.crawl(context, query('de', 'gtin', product.gtin));
    assert.equal(
      context.requests.some((request) => request.jobType === 'lookup'),
      false,
      'no lookup with a cached id',
    );
  });

  it('re-resolves a GTIN whose cached product id no longer exists', async () => {
    const truth = await truthOf('de');
    const product = truth.products[4]!;
    const context = contextFor('de');
    await context.conversions.set('source_01', 'de', product.gtin, truth.not_found.id![0]!);
    const outcome = await source01Driver.crawl(context, query('de', 'gtin', product.gtin));
    assert.equal(contentOf(outcome).id, product.id);
    assert.equal(await context.conversions.get('source_01', 'de', product.gtin), product.id);
  });

  it('converts a GTIN to the product id without fetching the product page', async () => {
    const truth = await truthOf('uk');
    const product = truth.products[5]!;
    const context = contextFor('uk');
    const outcome = await source01Driver.crawl(
      context,
      query('uk', 'gtin', product.gtin, { topic: 'convert' }),
    );
    assert.deepEqual(contentOf(outcome), { id: product.id, product_id: product.id, gtin: product.gtin });
    assert.deepEqual(
      context.requests.map((request) => request.jobType),
      ['lookup'],
    );
  });

  it('removes cached conversions without fetching and without charging', async () => {
    const truth = await truthOf('de');
    const product = truth.products[6]!;
    const context = contextFor('de');
    await source01Driver.crawl(context, query('de', 'gtin', product.gtin, { topic: 'convert' }));
    context.requests.length = 0;
    const removed = await source01Driver.crawl(
      context,
      query('de', 'gtin', product.gtin, { topic: 'remove_conversions' }),
    );
    assert.deepEqual(removed, {
      status: 'found',
      content: { gtin: product.gtin, removed: true, product_id: product.id },
      billable: { extraResultPages: 0, sellerPages: 0 },
      charged: false,
    });
    const again = await source01Driver.crawl(
      context,
      query('de', 'gtin', product.gtin, { topic: 'remove_conversions' }),
    );
    assert.deepEqual(contentOf(again), { gtin: product.gtin, removed: false, product_id: null });
    assert.equal(context.requests.length, 0);
  });

  it('finds pharmacy products by PZN on de', async () => {
    const truth = await truthOf('de');
    const pharmacy = truth.products.filter((product) => product.pzn !== null).slice(0, 3);
    assert.ok(pharmacy.length > 0, 'the de catalogue has pharmacy products');
    for (const product of pharmacy) {
      const outcome = await source01Driver.crawl(contextFor('de'), query('de', 'pzn', product.pzn!));
      assert.deepEqual(contentOf(outcome), withoutPlantedFlags(product.content));
    }
  });

  it('answers not found for values that exist nowhere', async () => {
    const truth = await truthOf('de');
    await assertNotFound(
      (['id', 'gtin', 'pzn', 'term'] as const).flatMap((key) =>
        truth.not_found[key]!.slice(0, 3).map((value) => query('de', key, value)),
      ),
    );
  });

  it('returns the top product of a term with its card data and the first result page', async () => {
    const truth = await truthOf('de');
    for (const term of truth.terms.slice(0, 4)) {
      const outcome = await source01Driver.crawl(contextFor('de'), query('de', 'term', term.term));
      assert.deepEqual(contentOf(outcome), withoutPlantedFlags(term.content), term.term);
      assert.deepEqual(outcome.billable, { extraResultPages: 0, sellerPages: outcome.billable.sellerPages });
    }
  });

  it('fetches up to max_pages result pages and bills the extra ones', async () => {
    const truth = await truthOf('es');
    const term = truth.terms.find((candidate) => candidate.pages >= 3)!;
    assert.ok(term, 'a term with at least three result pages');
    for (const maxPages of [2, 10]) {
      const outcome = await source01Driver.crawl(
        contextFor('es'),
        query('es', 'term', term.term, { maxPages }),
      );
      const expectedPages = Math.min(maxPages, term.pages);
      assert.deepEqual(
        contentOf(outcome).search_results,
        term.search_results_by_page.slice(0, expectedPages).flat(),
      );
      assert.equal(outcome.billable.extraResultPages, expectedPages - 1);
    }
  });

  it('learns marketplace seller names once and applies known names in later jobs', async () => {
    const truth = await truthOf('de');
    const product = truth.products.find((candidate) => candidate.marketplace_seller_ids.length >= 2)!;
    const sellerNames = createMemorySellerNameStore();
    const withoutFetching = await source01Driver.crawl(
      contextFor('de', { sellerNames }),
      query('de', 'id', product.id, { fetchSellerNames: false }),
    );
    const anonymous = (
      contentOf(withoutFetching).offers as { seller_type: string; seller_name: unknown }[]
    ).filter((offer) => offer.seller_type === 'marketplace-shop');
    assert.ok(anonymous.every((offer) => offer.seller_name === null));
    assert.equal(withoutFetching.billable.sellerPages, 0);

    const firstJob = await source01Driver.crawl(
      contextFor('de', { sellerNames }),
      query('de', 'id', product.id),
    );
    assert.equal(firstJob.billable.sellerPages, product.marketplace_seller_ids.length);
    assert.deepEqual(contentOf(firstJob), withoutPlantedFlags(product.content));

    const secondContext = contextFor('de', { sellerNames });
    const secondJob = await source01Driver.crawl(secondContext, query('de', 'id', product.id));
    assert.equal(secondJob.billable.sellerPages, 0);
    assert.deepEqual(
      secondContext.requests.map((request) => request.jobType),
      ['product'],
    );
    assert.deepEqual(contentOf(secondJob), withoutPlantedFlags(product.content));

    const knownWithoutFetching = await source01Driver.crawl(
      contextFor('de', { sellerNames }),
      query('de', 'id', product.id, { fetchSellerNames: false }),
    );
    assert.deepEqual(
      contentOf(knownWithoutFetching),
      withoutPlantedFlags(product.content),
      'known names always applied',
    );
  });

  for (const fault of ['truncated', 'blockPage'] as const) {
    it(`throws PageParseError on a ${fault} page`, async () => {
      const truth = await truthOf('de');
      await assertParseErrors(
        fault,
        truth.products.slice(0, 5).map((product) => query('de', 'id', product.id)),
      );
    });
  }
});
