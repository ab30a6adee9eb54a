import assert from 'node:assert/strict';
import { it } from 'node:test';
import { contentOf, shopDriverSuite, shopQuery } from '../../../../test/support/shop-driver-suite.ts';
import { source06Driver } from './source-06.driver.ts';

shopDriverSuite({
  driver: source06Driver,
  countries: ['de'],
  keys: ['term', 'id'],
  topics: ['search'],
  extra: ({ contextFor, truthOf }) => {
    it('reads free delivery as zero shipping and every availability state', async () => {
      const truth = await truthOf('de');
      const offers = truth.products.flatMap(
        (product) => product.content['offers'] as Record<string, unknown>[],
      );
      assert.ok(offers.some((offer) => offer['shipping'] === 0));
      for (const state of ['in_stock', 'limited', 'out_of_stock']) {
        const product = truth.products.find((candidate) =>
          (candidate.content['offers'] as Record<string, unknown>[]).some(
            (offer) => offer['availability'] === state,
          ),
        );
        assert.ok(product, `a product with a ${state} offer`);
        const content = contentOf(
          await source06Driver.crawl(
            contextFor('de'),
            shopQuery(source06Driver, 'de', 'id', product.product_id),
          ),
        );
        assert.ok(
          (content['offers'] as Record<string, unknown>[]).some((offer) => offer['availability'] === state),
        );
      }
    });

    it('finds a product by its bare id without the slug', async () => {
      const truth = await truthOf('de');
      const product = truth.products[7]!;
      const context = contextFor('de');
      await source06Driver.crawl(context, shopQuery(source06Driver, 'de', 'id', product.product_id));
      assert.equal(context.requests[0]?.url, `${context.baseUrl}/p/${product.product_id}/`);
    });
  },
});
