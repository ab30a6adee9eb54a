import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanOfferIndices, withTrustedFigures } from './figures.ts';

const offer = (price: number, condition?: string) => ({
  price,
  shipping: 0,
  total: price,
  ...(condition === undefined ? {} : { condition }),
});

describe('decisions G38 price figures', () => {
  it('counts an offer as clean when it is new or shows no condition, and trust set nothing of it apart', () => {
    const offers = [offer(10, 'used'), offer(11, 'new'), offer(12), offer(13, 'Refurbished'), offer(99)];
    assert.deepEqual(cleanOfferIndices(offers, { wrong: [2], outliers: [4] }), [1]);
  });

  it('takes a driver figure over more offers than it lists as the figure over every offer', () => {
    const content = {
      product_id: 'p',
      name: 'Pan',
      price_min: 5,
      price_max: 50,
      price_avg: 20,
      offers_count: 9,
      offers: [offer(10), offer(12, 'used'), offer(14)],
    };
    const finished = withTrustedFigures('id', content, { wrong: [1], outliers: [] });
    assert.deepEqual(Object.keys(finished), [
      'product_id',
      'name',
      'price_min',
      'price_max',
      'price_avg',
      'offers_count',
      'price_min_all',
      'price_max_all',
      'price_avg_all',
      'offers_count_all',
      'offers',
    ]);
    assert.deepEqual(
      [finished['price_min'], finished['price_max'], finished['price_avg'], finished['offers_count']],
      [10, 14, 12, 2],
    );
    assert.deepEqual(
      [
        finished['price_min_all'],
        finished['price_max_all'],
        finished['price_avg_all'],
        finished['offers_count_all'],
      ],
      [5, 50, 20, 9],
    );
  });

  it('answers null figures when no offer is clean', () => {
    const content = { name: 'Pan', price_min: 8, offers_count: 1, offers: [offer(8, 'used')] };
    const finished = withTrustedFigures('id', content, { wrong: [], outliers: [] });
    assert.deepEqual(
      [finished['price_min'], finished['price_max'], finished['price_avg'], finished['offers_count']],
      [null, null, null, 0],
    );
    assert.equal(finished['price_min_all'], 8);
  });

  it('leaves a search result list and content without figures as they are', () => {
    const list = {
      query: 'pan',
      offers_count: 2,
      offers: [
        { name: 'Pan A', price: 3 },
        { name: 'Pan B', price: 4 },
      ],
    };
    assert.equal(withTrustedFigures('term', list, { wrong: [1], outliers: [] }), list);
    const offersOnly = { product_id: 'B0', name: 'Pan', offers: [offer(3)] };
    assert.equal(withTrustedFigures('item_code', offersOnly, { wrong: [], outliers: [] }), offersOnly);
  });
});
