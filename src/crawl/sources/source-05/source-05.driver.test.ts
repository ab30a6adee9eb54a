import assert from 'node:assert/strict';
import { it } from 'node:test';
import { contentOf, shopDriverSuite, shopQuery } from '../../../../test/support/shop-driver-suite.ts';
import { source05Driver } from './source-05.driver.ts';

shopDriverSuite({
  driver: source05Driver,
  countries: ['de', 'cz', 'sk', 'pl', 'at', 'fr', 'it'],
  keys: ['term', 'id', 'gtin'],
  topics: ['search', 'search_and_offers'],
  extra: ({ contextFor, truthOf }) => {
    it('reports members-only buy boxes and lists only the top offers without search_and_offers', async () => {
      const truth = await truthOf('cz');
      const premium = truth.products.find((product) => product.content['is_premium'] === true);
      const many = truth.products.find((product) => (product.content['offers_count_all'] as number) > 3);
      assert.ok(
        premium && many,
        'the cz catalogue has a members-only buy box and a product with many offers',
      );
      const premiumContent = contentOf(
        await source05Driver.crawl(
          contextFor('cz'),
          shopQuery(source05Driver, 'cz', 'id', premium.product_id),
        ),
      );
      const buybox = premiumContent['buybox'] as { price: number };
      assert.ok((premiumContent['premium_price'] as number) < buybox.price);
      const context = contextFor('cz');
      const top = contentOf(
        await source05Driver.crawl(context, shopQuery(source05Driver, 'cz', 'id', many.product_id)),
      );
      assert.equal((top['offers'] as unknown[]).length, 3);
      assert.deepEqual(
        context.requests.map((request) => request.jobType),
        ['product'],
      );
      const all = contentOf(
        await source05Driver.crawl(
          contextFor('cz'),
          shopQuery(source05Driver, 'cz', 'id', many.product_id, 'search_and_offers'),
        ),
      );
      assert.equal((all['offers'] as unknown[]).length, many.content['offers_count_all']);
      assert.equal(all['price_avg'], top['price_avg']);
    });

    it('caches the product id a GTIN resolves to and skips the search next time', async () => {
      const truth = await truthOf('pl');
      const product = truth.products[20]!;
      const context = contextFor('pl');
      const query = shopQuery(source05Driver, 'pl', 'gtin', product.gtin!);
      await source05Driver.crawl(context, query);
      assert.equal(await context.conversions.get('source_05', 'pl', product.gtin!), product.product_id);
      context.requests.length = 0;
      assert.equal(contentOf(await source05Driver.crawl(context, query))['product_id'], product.product_id);
      assert.deepEqual(
        context.requests.map((request) => request.jobType),
        ['product'],
      );
    });
  },
});
