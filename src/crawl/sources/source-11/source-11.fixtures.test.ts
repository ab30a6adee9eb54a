import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  marketplaceFetched,
  marketplacePages,
  skipWithoutMarketplacePages,
} from '../../../../test/support/marketplace-pages.ts';
import { extractedContent } from '../kit/fallback.kit.ts';
import { decodeEntities, parseProductAnswer, parseSearchAnswer } from './source-11.parse.ts';

/**
 * Every real RedSky answer of Target (G34: source_11) the fixtures hold, read by the driver's
 * parsers. The manifest keeps titles as the API sends them (`USB &#38; USB-C`); the driver reports
 * the text people read, so the facts are decoded before they are compared. The manifest's rendered
 * product page (`boty_control-dust-cloths.html.gz`) is not an API answer: the driver never reads
 * it; the generic extractor reads it when the API answer cannot be read (the fallback's human page).
 */
describe('source_11 parsers on real Target API answers', { skip: skipWithoutMarketplacePages() }, () => {
  const pages = marketplacePages('source_11');

  it('finds the Target answers of the manifest', () => {
    assert.ok(pages.filter((page) => page.file.endsWith('.json.gz')).length >= 2);
  });

  for (const fixture of pages.filter((page) => page.page_type.startsWith('product API'))) {
    it(`reads the TCIN, title, dollar price and brand of ${fixture.file}`, () => {
      const facts = fixture.facts as Record<string, string | number | null>;
      const content = parseProductAnswer(marketplaceFetched(fixture));
      const offers = content['offers'] as Record<string, unknown>[];
      assert.equal(content['product_id'], facts['tcin']);
      assert.equal(content['name'], decodeEntities(String(facts['title'])));
      assert.equal(content['brand_name'], facts['brand']);
      assert.equal(content['price_min'], facts['price']);
      assert.equal(facts['offers_array'], null, 'the answer has no offers list');
      assert.deepEqual(
        offers.map((offer) => [offer['price'], offer['currency'], offer['seller_name']]),
        [[facts['price'], facts['currency'], 'Target']],
      );
    });
  }

  for (const fixture of pages.filter((page) => page.page_type.startsWith('search API'))) {
    it(`reads every product of ${fixture.file}`, () => {
      const facts = fixture.facts as {
        products: number;
        first: { tcin: string; title: string; price: number };
      };
      const cards = parseSearchAnswer(marketplaceFetched(fixture));
      assert.equal(cards.length, facts.products);
      assert.deepEqual(
        { tcin: cards[0]!.product_id, title: cards[0]!.name, price: cards[0]!.price },
        facts.first,
      );
      assert.ok(cards.every((card) => /^\d{8,10}$/u.test(card.product_id) && card.price > 0));
      assert.ok(cards.every((card) => card.url.startsWith('https://www.target.com/p/')));
    });
  }

  for (const fixture of pages.filter((page) => page.file.endsWith('.html.gz'))) {
    it(`answers the rendered page ${fixture.file} with the fallback extractor`, () => {
      const facts = fixture.facts as Record<string, string | number>;
      const content = extractedContent(marketplaceFetched(fixture), { product_id: String(facts['tcin']) });
      assert.equal(content?.['name'], facts['name']);
      assert.equal(content?.['price_min'], facts['main_price']);
      assert.equal(content?.['currency'], facts['currency']);
      assert.match(String(content?.['url']), new RegExp(`/A-${facts['tcin']}$`, 'u'));
    });
  }
});
