import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anyGtin } from '../sources.validators.ts';
import {
  contentOf,
  expectedContent,
  shopDriverSuite,
  shopQuery,
  type ShopProductTruth,
} from '../../../../test/support/shop-driver-suite.ts';
import { gtin13Form, source09Driver } from './source-09.driver.ts';

describe('gtin13Form', () => {
  it('pads EAN-8 and UPC-12 and drops the zero indicator of a GTIN-14', () => {
    assert.equal(gtin13Form('96385074'), '0000096385074');
    assert.equal(gtin13Form('036000291452'), '0036000291452');
    assert.equal(gtin13Form('4006381333931'), '4006381333931');
    assert.equal(gtin13Form('04006381333931'), '4006381333931');
    assert.equal(gtin13Form('14006381333938'), '14006381333938');
  });
});

shopDriverSuite({
  driver: source09Driver,
  countries: ['us'],
  keys: ['term', 'id', 'gtin'],
  topics: ['search'],
  extra: ({ contextFor, truthOf }) => {
    it('finds products by their GTIN-14 form', async () => {
      const truth = await truthOf('us');
      for (const product of truth.products.slice(40, 43) as (ShopProductTruth & { gtin14: string })[]) {
        assert.equal(anyGtin(product.gtin14), null, 'a valid GTIN-14');
        const outcome = await source09Driver.crawl(
          contextFor('us'),
          shopQuery(source09Driver, 'us', 'gtin', product.gtin14),
        );
        assert.deepEqual(contentOf(outcome), expectedContent(product, 'search'));
      }
    });

    it('answers not found for unknown EAN-8, UPC-12 and GTIN-14 values', async () => {
      const truth = await truthOf('us');
      const gtins = truth.not_found['gtin'] ?? [];
      for (const length of [8, 12, 14]) {
        const values = gtins.filter((gtin) => gtin.length === length).slice(0, 3);
        assert.equal(values.length, 3, `truth lists ${length}-digit not-found GTINs`);
        for (const value of values) {
          assert.equal(anyGtin(value), null, `${value} passes the service's validation`);
          const outcome = await source09Driver.crawl(
            contextFor('us'),
            shopQuery(source09Driver, 'us', 'gtin', value),
          );
          assert.equal(outcome.status, 'not_found', value);
        }
      }
    });

    it('reports members-only buy boxes with their ValueMart+ price', async () => {
      const truth = await truthOf('us');
      const premium = truth.products.find((product) => product.content['is_premium'] === true);
      assert.ok(premium, 'the catalogue has a members-only buy box');
      const content = contentOf(
        await source09Driver.crawl(
          contextFor('us'),
          shopQuery(source09Driver, 'us', 'id', premium.product_id),
        ),
      );
      assert.equal(content['is_premium'], true);
      assert.ok((content['premium_price'] as number) < (content['buybox'] as { price: number }).price);
    });
  },
});
