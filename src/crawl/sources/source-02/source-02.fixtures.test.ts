import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  marketplaceFetched,
  marketplacePages,
  skipWithoutMarketplacePages,
  titlePrefix,
} from '../../../../test/support/marketplace-pages.ts';
import { parseProductPage, parseSearchPage } from './source-02.parse.ts';

interface CardFacts {
  asin: string;
  price: number;
  title: string;
}

/**
 * Every real page of Amazon (G34: source_02) the fixtures hold, read by the driver's parsers and
 * checked against the facts of the manifest. Sellers the manifest describes in words
 * (`Amazon (Dispatched from and sold by Amazon.)`) are checked by the name before the bracket.
 */
describe('source_02 parsers on real Amazon pages', { skip: skipWithoutMarketplacePages() }, () => {
  const pages = marketplacePages('source_02');

  it('finds the Amazon pages of the manifest', () => {
    assert.ok(pages.length >= 10, `${pages.length} pages of source_02 in the manifest`);
  });

  for (const fixture of pages.filter((page) => page.page_type.startsWith('search'))) {
    it(`reads every card, ad and next page of ${fixture.file}`, () => {
      const facts = fixture.facts as {
        result_cards: number;
        sponsored_cards_among_them: number;
        first_card: CardFacts;
        currency: string;
        has_next_page: boolean;
      };
      const read = parseSearchPage(marketplaceFetched(fixture));
      assert.equal(read.cards.length + read.sponsored.length, facts.result_cards, 'cards on the page');
      assert.equal(read.sponsored.length, facts.sponsored_cards_among_them, 'sponsored cards');
      const first = read.firstOnPage!;
      assert.equal(first.product_id, facts.first_card.asin);
      assert.equal(first.price, facts.first_card.price);
      assert.ok(first.name.startsWith(titlePrefix(facts.first_card.title)), first.name);
      assert.equal(read.currency, facts.currency);
      assert.equal(read.nextUrl !== undefined, facts.has_next_page);
      for (const card of [...read.cards, ...read.sponsored]) {
        assert.match(card.product_id, /^[A-Z0-9]{10}$/u);
        assert.notEqual(card.name, '', `a name for ${card.product_id}`);
        assert.ok(!card.name.includes(`${card.name.slice(0, 30)} ${card.name.slice(0, 30)}`), 'not doubled');
      }
    });
  }

  for (const fixture of pages.filter((page) => page.page_type.startsWith('product'))) {
    it(`reads the item, name, buy box and currency of ${fixture.file}`, () => {
      const facts = fixture.facts as Record<string, string | number | null | undefined>;
      const read = parseProductPage(marketplaceFetched(fixture));
      assert.equal(read.product_id, facts['product_id']);
      const name = String(facts['name'] ?? facts['product_name']);
      assert.ok(read.name.startsWith(titlePrefix(name)), `${read.name} starts with ${name}`);
      assert.equal(read.currency, facts['currency']);
      assert.equal(read.buybox?.price ?? null, facts['main_price']);
      if (facts['brand'] !== undefined) assert.equal(read.brand_name, facts['brand']);
      if (facts['condition'] !== undefined) assert.equal(read.buybox?.condition, facts['condition']);
      const seller = facts['seller'];
      if (typeof seller === 'string')
        assert.equal(read.buybox?.seller_name, seller.replace(/\s*\(.*\)$/u, ''));
      const sellerId = facts['buybox_seller_id'] ?? facts['merchant_id'];
      if (sellerId !== undefined) assert.equal(read.buybox?.seller_id, sellerId);
    });
  }

  it('types each buy box by who sells and who ships it', () => {
    const typeOf = (file: string) =>
      parseProductPage(marketplaceFetched(pages.find((page) => page.file.endsWith(file))!)).seller_type;
    // Sold by Amazon.com, no seller profile.
    assert.equal(typeOf('boty_control-aa-batteries.html.gz'), 'marketplace_operator');
    // Sold by Chen Ying Ke Ji, shipped from Amazon.
    assert.equal(typeOf('grmpyktn11_amazon_product.html.gz'), 'fulfilled_by_operator');
    // Sold and shipped by Odiporo de.
    assert.equal(typeOf('mathagmann_amazon_de_B0C6QBTD9B.html.gz'), 'fulfilled_by_seller');
  });
});
