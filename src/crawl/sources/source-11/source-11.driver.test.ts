import assert from 'node:assert/strict';
import { it } from 'node:test';
import { contentOf, shopDriverSuite, shopQuery } from '../../../../test/support/shop-driver-suite.ts';
import { source11Driver } from './source-11.driver.ts';

shopDriverSuite({
  driver: source11Driver,
  countries: ['us'],
  keys: ['term', 'id'],
  topics: ['search'],
  extra: ({ contextFor, truthOf }) => {
    it('reads the JSON API, and its product url opens the product page', async () => {
      const truth = await truthOf('us');
      const term = truth.terms[1]!;
      const context = contextFor('us');
      const content = contentOf(
        await source11Driver.crawl(context, shopQuery(source11Driver, 'us', 'term', term.term)),
      );
      assert.ok(
        context.requests.every((request) =>
          request.url.startsWith(`${context.baseUrl}/redsky_aggregations/v1/web/`),
        ),
      );
      const page = await fetch(content['url'] as string);
      assert.equal(page.status, 200);
      assert.match(await page.text(), new RegExp(`data-tcin="${term.product_id}"`));
    });
  },
});
