import assert from 'node:assert/strict';
import { it } from 'node:test';
import { contentOf, shopDriverSuite, shopQuery } from '../../../../test/support/shop-driver-suite.ts';
import { source07Driver } from './source-07.driver.ts';

shopDriverSuite({
  driver: source07Driver,
  countries: ['de'],
  keys: ['term', 'id', 'gtin'],
  topics: ['search'],
  extra: ({ contextFor, truthOf }) => {
    it('follows the GTIN search redirect to the product page with a single request', async () => {
      const truth = await truthOf('de');
      const product = truth.products[30]!;
      const context = contextFor('de');
      const content = contentOf(
        await source07Driver.crawl(context, shopQuery(source07Driver, 'de', 'gtin', product.gtin!)),
      );
      assert.equal(content['product_id'], product.product_id);
      assert.equal(context.requests.length, 1);
    });

    it('reports the condition of used and refurbished offers', async () => {
      const truth = await truthOf('de');
      const product = truth.products.find((candidate) =>
        (candidate.content['offers'] as Record<string, unknown>[]).some(
          (offer) => offer['condition'] !== 'new',
        ),
      );
      assert.ok(product, 'the catalogue has a used or refurbished offer');
      const content = contentOf(
        await source07Driver.crawl(
          contextFor('de'),
          shopQuery(source07Driver, 'de', 'id', product.product_id),
        ),
      );
      assert.ok(
        (content['offers'] as Record<string, unknown>[]).some((offer) => offer['condition'] !== 'new'),
      );
    });
  },
});
