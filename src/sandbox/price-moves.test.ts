import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getCatalogue } from './catalogue/catalogue.ts';
import { parsePriceMoves, PriceMoves } from './price-moves.ts';
import { source01Site } from './sites/source-01.site.ts';

describe('sandbox price moves', () => {
  const seeded = getCatalogue(source01Site.profile, 'de', 5);
  const product = seeded.products[0];
  assert.ok(product);

  it('scales every offer of the moved product and leaves the seeded catalogue alone', () => {
    const moves = new PriceMoves();
    moves.replace([{ source: 'source_01', storefront: 'de', product_id: product.id, percent: 10 }]);
    const moved = moves.apply('source_01', seeded);
    const after = moved.productById.get(product.id);
    assert.ok(after);
    assert.deepEqual(
      after.offers.map((offer) => offer.priceMinor),
      product.offers.map((offer) => Math.round(offer.priceMinor * 1.1)),
    );
    assert.equal(moved.productByGtin.get(product.gtin), after, 'every index finds the moved product');
    assert.equal(getCatalogue(source01Site.profile, 'de', 5).productById.get(product.id), product);
    assert.equal(moves.apply('source_02', seeded), seeded, 'another source is untouched');
    moves.replace([]);
    assert.equal(moves.apply('source_01', seeded), seeded, 'an empty list restores the seeded prices');
  });

  it('refuses a body without moves or with a move that would make a price vanish', () => {
    assert.deepEqual(parsePriceMoves({}), { error: 'body must be {"moves": [...]}' });
    const gone = parsePriceMoves({
      moves: [{ source: 'source_01', storefront: 'de', product_id: 'x', percent: -100 }],
    });
    assert.deepEqual(gone, { error: 'moves[0].percent must be a number above -100' });
  });
});
