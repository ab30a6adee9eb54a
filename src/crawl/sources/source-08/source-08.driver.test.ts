import assert from 'node:assert/strict';
import { it } from 'node:test';
import { contentOf, shopDriverSuite, shopQuery } from '../../../../test/support/shop-driver-suite.ts';
import { source08Driver } from './source-08.driver.ts';

shopDriverSuite({
  driver: source08Driver,
  countries: ['de'],
  keys: ['term', 'id', 'gtin'],
  topics: ['search', 'search_and_offers'],
  extra: ({ contextFor, truthOf }) => {
    it('reads the offer listing only for search_and_offers', async () => {
      const truth = await truthOf('de');
      const product = truth.products[3]!;
      for (const [topic, jobTypes] of [
        ['search', ['product']],
        ['search_and_offers', ['product', 'offers']],
      ] as const) {
        const context = contextFor('de');
        const content = contentOf(
          await source08Driver.crawl(
            context,
            shopQuery(source08Driver, 'de', 'id', product.product_id, topic),
          ),
        );
        assert.deepEqual(
          context.requests.map((request) => request.jobType),
          jobTypes,
        );
        const first = (content['offers'] as Record<string, unknown>[])[0]!;
        assert.equal('seller_rating' in first, topic === 'search_and_offers');
      }
    });

    it('keeps seller names of nested microdata apart from the product name', async () => {
      const truth = await truthOf('de');
      const product = truth.products[5]!;
      const content = contentOf(
        await source08Driver.crawl(
          contextFor('de'),
          shopQuery(source08Driver, 'de', 'id', product.product_id),
        ),
      );
      assert.equal(content['name'], product.name);
      assert.equal(content['brand_name'], (product.content['brand_name'] as string) ?? null);
      assert.ok(
        (content['offers'] as Record<string, unknown>[]).every(
          (offer) => offer['seller_name'] !== product.name,
        ),
      );
    });
  },
});
