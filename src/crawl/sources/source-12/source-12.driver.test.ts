import assert from 'node:assert/strict';
import { it } from 'node:test';
import { contentOf, shopDriverSuite, shopQuery } from '../../../../test/support/shop-driver-suite.ts';
import { source12Driver } from './source-12.driver.ts';

shopDriverSuite({
  driver: source12Driver,
  countries: ['jp'],
  keys: ['term', 'id'],
  topics: ['search'],
  extra: ({ contextFor, truthOf }) => {
    it('reports whole-yen prices in JPY, free shipping as zero, and mall names', async () => {
      const truth = await truthOf('jp');
      const product = truth.products.find((candidate) =>
        (candidate.content['offers'] as Record<string, unknown>[]).some(
          (offer) => offer['marketplace_name'] !== null && offer['shipping'] === 0,
        ),
      );
      assert.ok(product, 'a product with a mall offer with free shipping');
      const content = contentOf(
        await source12Driver.crawl(
          contextFor('jp'),
          shopQuery(source12Driver, 'jp', 'id', product.product_id),
        ),
      );
      const offers = content['offers'] as {
        price: number;
        currency: string;
        shipping: number;
        marketplace_name: string | null;
      }[];
      assert.ok(offers.every((offer) => offer.currency === 'JPY' && Number.isInteger(offer.price)));
      assert.ok(offers.some((offer) => offer.marketplace_name !== null && offer.shipping === 0));
    });

    it('searches Japanese terms', async () => {
      const truth = await truthOf('jp');
      const term = truth.terms.find((candidate) => /[\u3040-\u30ff\u4e00-\u9fff]/u.test(candidate.term));
      assert.ok(term, 'a Japanese term');
      const content = contentOf(
        await source12Driver.crawl(contextFor('jp'), shopQuery(source12Driver, 'jp', 'term', term.term)),
      );
      assert.equal(content['product_id'], term.product_id);
    });
  },
});
