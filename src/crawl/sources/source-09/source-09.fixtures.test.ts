import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  marketplaceFetched,
  marketplacePages,
  skipWithoutMarketplacePages,
} from '../../../../test/support/marketplace-pages.ts';
import { parseProductPage } from './source-09.parse.ts';

/**
 * Every real page of Walmart (G34: source_09) the fixtures hold, read by the driver's parser from
 * the page's `__NEXT_DATA__`. The manifest writes the seller with its kind (`Clove Brothers LLC
 * (marketplace)`): the name is checked, and the kind against the seller type.
 */
describe('source_09 parser on real Walmart pages', { skip: skipWithoutMarketplacePages() }, () => {
  const pages = marketplacePages('source_09');

  it('finds the Walmart pages of the manifest', () => {
    assert.ok(pages.length >= 2, `${pages.length} pages of source_09 in the manifest`);
  });

  for (const fixture of pages) {
    it(`reads the item, price, seller and UPC of ${fixture.file}`, () => {
      const facts = fixture.facts as Record<string, string | number>;
      const content = parseProductPage(marketplaceFetched(fixture));
      const offers = content['offers'] as Record<string, unknown>[];
      assert.equal(content['product_id'], facts['product_id']);
      assert.equal(content['name'], facts['name']);
      assert.equal(content['brand_name'], facts['brand']);
      assert.equal(content['gtin'], facts['upc']);
      assert.deepEqual(
        content['buybox'] && (content['buybox'] as { price: number }).price,
        facts['main_price'],
      );
      assert.equal(offers[0]?.['currency'], facts['currency']);
      const [sellerName, kind] = /^(.*?)(?:\s+\((\w+)\))?$/u.exec(String(facts['seller']))!.slice(1);
      assert.equal((content['buybox'] as { seller_name: string }).seller_name, sellerName);
      assert.equal(
        content['seller_type'] === 'marketplace_operator' ? undefined : 'marketplace',
        kind,
        'Walmart sells, or a marketplace seller does',
      );
    });
  }
});
