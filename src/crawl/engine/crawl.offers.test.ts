import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sortOffers, summarizePrices } from './crawl.offers.ts';

const offers = [
  { position: 1, seller: 'a', price: 20, shipping: 5, total: 25, seller_rating: 4.1 },
  { position: 2, seller: 'b', price: 18, shipping: 9, total: 27, seller_rating: 4.8 },
  { position: 3, seller: 'c', price: 20, shipping: 0, total: 20, seller_rating: null },
  { position: 4, seller: 'd', price: null, shipping: 0, total: null, seller_rating: 4.8 },
  { position: 5, seller: 'e', price: 15, shipping: 0, total: 15, seller_rating: 3.0 },
];
const sellers = (sorted: readonly { seller: string }[]): string[] => sorted.map((offer) => offer.seller);

describe('sortOffers', () => {
  it('keeps the source ranking for ranking_descending', () => {
    assert.deepEqual(sellers(sortOffers(offers, 'ranking_descending')), ['a', 'b', 'c', 'd', 'e']);
  });

  it('orders by price both ways, offers without a price last and ties in source order', () => {
    assert.deepEqual(sellers(sortOffers(offers, 'price_ascending')), ['e', 'b', 'a', 'c', 'd']);
    assert.deepEqual(sellers(sortOffers(offers, 'price_descending')), ['a', 'c', 'b', 'e', 'd']);
  });

  it('orders by total price including shipping', () => {
    assert.deepEqual(sellers(sortOffers(offers, 'total_ascending')), ['e', 'c', 'a', 'b', 'd']);
  });

  it('computes the total from price and shipping when an offer has none', () => {
    const withoutTotals = [
      { seller: 'x', price: 10, shipping: 8 },
      { seller: 'y', price: 12, shipping: 0 },
    ];
    assert.deepEqual(sellers(sortOffers(withoutTotals, 'total_ascending')), ['y', 'x']);
  });

  it('orders by seller rating, or by the offer rating where there is no seller rating', () => {
    assert.deepEqual(sellers(sortOffers(offers, 'rating_descending')), ['b', 'd', 'a', 'e', 'c']);
    const rated = [
      { seller: 'p', rating: 3.9 },
      { seller: 'q', rating: 4.6 },
    ];
    assert.deepEqual(sellers(sortOffers(rated, 'rating_descending')), ['q', 'p']);
  });

  it('renumbers positions from 1 without changing the input', () => {
    const sorted = sortOffers(offers, 'price_ascending');
    assert.deepEqual(
      sorted.map((offer) => offer.position),
      [1, 2, 3, 4, 5],
    );
    assert.equal(sorted[0]?.seller, 'e');
    assert.equal(offers[4]?.position, 5, 'input offers keep their positions');
  });

  it('answers an empty list for no offers', () => {
    assert.deepEqual(sortOffers([], 'total_ascending'), []);
  });
});

describe('summarizePrices', () => {
  it('gives min, max and the mean rounded to cents, ignoring offers without a price', () => {
    assert.deepEqual(summarizePrices(offers), { price_min: 15, price_max: 20, price_avg: 18.25 });
  });

  it('rounds half cents of the mean up, independent of floating-point sums', () => {
    assert.deepEqual(summarizePrices([{ price: 0.1 }, { price: 0.2 }, { price: 0.3 }, { price: 1.005 }]), {
      price_min: 0.1,
      price_max: 1.01,
      price_avg: 0.4,
    });
    assert.equal(summarizePrices([{ price: 12.34 }, { price: 12.35 }]).price_avg, 12.35);
  });

  it('keeps half units of whole-number currencies as cents', () => {
    assert.equal(summarizePrices([{ price: 12800 }, { price: 12991 }]).price_avg, 12895.5);
  });

  it('answers nulls without prices', () => {
    assert.deepEqual(summarizePrices([{ price: null }]), {
      price_min: null,
      price_max: null,
      price_avg: null,
    });
  });
});
