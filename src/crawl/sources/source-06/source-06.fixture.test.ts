import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  marketplaceFetched,
  marketplacePages,
  skipWithoutMarketplacePages,
} from '../../../../test/support/marketplace-pages.ts';
import { parseProductPage } from './source-06.parse.ts';

/** The leading token of a fact ("2800395267 (sku; …)" is 2800395267). */
const leading = (fact: unknown): string => String(fact).split(/\s/)[0] ?? '';

describe('source_06 parser on the real otto.de page of the fixtures', () => {
  it(
    'reads the id, name, price, currency and availability the manifest states',
    { skip: skipWithoutMarketplacePages() },
    () => {
      const pages = marketplacePages('source_06');
      assert.ok(pages.length > 0, 'the manifest lists a page of source_06');
      for (const entry of pages) {
        const { facts } = entry;
        const fetched = marketplaceFetched(entry);
        const content = parseProductPage(fetched);
        const offers = content['offers'] as Record<string, unknown>[];
        assert.equal(content['product_id'], leading(facts['product_id']), entry.file);
        assert.equal(content['name'], facts['product_name']);
        assert.equal(content['price_min'], facts['main_price']);
        assert.equal(offers.length, 1, 'one offer: the page shows no other sellers');
        assert.equal(offers[0]!['currency'], facts['currency']);
        assert.equal(offers[0]!['price'], facts['main_price'], 'the buy-box price, not the UVP');
        const inStock = /^InStock/.test(String(facts['availability']));
        assert.equal(offers[0]!['availability'], inStock ? 'in_stock' : 'out_of_stock');
        assert.equal(content['url'], fetched.url.replace(/#.*$/, ''), 'the canonical product URL');
      }
    },
  );
});
