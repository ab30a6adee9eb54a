import assert from 'node:assert/strict';
import { it } from 'node:test';
import { contentOf, shopDriverSuite, shopQuery } from '../../../../test/support/shop-driver-suite.ts';
import { source10Driver } from './source-10.driver.ts';

shopDriverSuite({
  driver: source10Driver,
  countries: ['de', 'at', 'fr', 'it', 'nl', 'pl', 'uk', 'gb'],
  keys: ['term', 'id'],
  topics: ['search'],
  extra: ({ contextFor, truthOf }) => {
    it('reports each storefront in its own currency', async () => {
      for (const [country, currency] of [
        ['pl', 'PLN'],
        ['gb', 'GBP'],
        ['nl', 'EUR'],
      ] as const) {
        const truth = await truthOf(country);
        const content = contentOf(
          await source10Driver.crawl(
            contextFor(country),
            shopQuery(source10Driver, country, 'id', truth.products[0]!.product_id),
          ),
        );
        const offers = content['offers'] as { currency: string }[];
        assert.ok(offers.length > 0 && offers.every((offer) => offer.currency === currency), country);
      }
    });

    it('serves gb from the uk storefront', async () => {
      const [uk, gb] = await Promise.all([truthOf('uk'), truthOf('gb')]);
      assert.deepEqual(
        gb.products.map((product) => product.product_id),
        uk.products.map((product) => product.product_id),
      );
    });
  },
});
