import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { completeness, expectedFields, isPopulated, populatedShare } from './completeness.ts';
import { queryFor } from '../../../test/support/value-query.ts';

const SOURCE_01_OFFER = {
  position: 1,
  price: 99.99,
  currency: 'EUR',
  shipping: 4.99,
  total: 104.98,
  seller_name: 'Technikwelt',
  seller_url: 'https://technikwelt.example/',
  seller_type: 'standalone-shop',
  seller_rating: 4.6,
  seller_rating_count: 1200,
  voucher: false,
  free_return: true,
  availability_code: 'green',
  availability_text: 'Auf Lager',
};
const SOURCE_01_PRODUCT = {
  id: '42',
  product_id: '42',
  name: 'Sonora Aria 300 Kabellose Kopfhörer, schwarz',
  url: 'https://compare.example/42',
  category_ids: ['2520'],
  categories: ['Kopfhörer'],
  price_min: 99.99,
  price_max: 99.99,
  price_avg: 99.99,
  offers_count: 1,
  offers: [SOURCE_01_OFFER],
};

describe('completeness', () => {
  it('counts null, blank text, empty arrays and NaN as missing, false and 0 as present', () => {
    assert.deepEqual([null, undefined, '  ', [], Number.NaN].map(isPopulated), [
      false,
      false,
      false,
      false,
      false,
    ]);
    assert.deepEqual([false, 0, 'x', ['a'], {}].map(isPopulated), [true, true, true, true, true]);
  });

  it('is 1 for a fully populated source_01 product with its offers', () => {
    assert.equal(completeness(queryFor('source_01', 'id', '42'), SOURCE_01_PRODUCT), 1);
  });

  it('expects categories only on de/at product results and ratings only on keyword results', () => {
    assert.ok(expectedFields(queryFor('source_01', 'id', '42')).product.includes('categories'));
    assert.ok(
      !expectedFields(queryFor('source_01', 'id', '42', { country: 'fr' })).product.includes('categories'),
    );
    assert.ok(expectedFields(queryFor('source_01', 'term', 'sonora')).product.includes('rating'));
    assert.ok(!expectedFields(queryFor('source_01', 'id', '42')).product.includes('rating'));
  });

  it('expects a marketplace name only from marketplace sellers', () => {
    const fields = expectedFields(queryFor('source_01', 'id', '42')).offer;
    assert.equal(populatedShare(SOURCE_01_OFFER, fields), 1);
    const marketplace = { ...SOURCE_01_OFFER, seller_type: 'marketplace-shop', marketplace_name: null };
    assert.equal(populatedShare(marketplace, fields), 14 / 15);
  });

  it('weighs product fields and offer fields half each', () => {
    const offer = { ...SOURCE_01_OFFER, seller_name: null, seller_url: null };
    const content = { ...SOURCE_01_PRODUCT, url: '', offers: [offer] };
    const value = completeness(queryFor('source_01', 'id', '42'), content);
    assert.equal(value, (10 / 11 + 12 / 14) / 2);
  });

  it('reads nested buy-box fields and alternative field names', () => {
    const content = {
      product_id: 'B0ABCDEFGH',
      brand_name: 'Sonora',
      category: 'Elektronik',
      buybox: { price: 99, seller_name: 'Shop', seller_id: 'S1' },
      seller_type: 'fulfilled_by_seller',
      is_premium: false,
    };
    assert.equal(completeness(queryFor('source_02', 'item_code', 'B0ABCDEFGH'), content), 1);
    const noBuybox = { ...content, buybox: null };
    assert.equal(completeness(queryFor('source_02', 'item_code', 'B0ABCDEFGH'), noBuybox), 5 / 8);
    assert.equal(populatedShare({ title: 'x' }, ['name|title']), 1);
  });

  it('expects offers from source_02 only with search_and_offers', () => {
    assert.ok(!expectedFields(queryFor('source_02', 'term', 'x')).product.includes('offers'));
    assert.ok(
      expectedFields(queryFor('source_02', 'term', 'x', { topic: 'search_and_offers' })).product.includes(
        'offers',
      ),
    );
  });

  it('falls back to a generic list for other sources', () => {
    const content = {
      product_id: '1',
      name: 'x',
      price: 5,
      offers: [{ price: 5, currency: 'EUR', seller_id: 'a' }],
    };
    assert.equal(completeness(queryFor('source_07', 'id', '1'), content), 1);
    assert.equal(completeness(queryFor('source_07', 'id', '1'), { product_id: '1' }), 0.25);
  });

  it('has a table for source_04 listings, catalogue products and result lists', () => {
    const listing = {
      item_id: '5187',
      title: 'x',
      url: 'u',
      price: 10,
      shipping: 0,
      total: 10,
      currency: 'EUR',
      condition: 'new',
      listing_type: 'auction',
      seller_name: 's',
    };
    const product = {
      product_id: '5187',
      name: 'x',
      url: 'u',
      price_min: 10,
      offers_count: 1,
      offers: [listing],
    };
    assert.equal(completeness(queryFor('source_04', 'gtin', '4006381333931'), product), 1);
    assert.equal(
      completeness(queryFor('source_04', 'id', '5187'), {
        ...listing,
        product_id: '5187',
        offers: [listing],
      }),
      1,
    );
    assert.equal(
      completeness(queryFor('source_04', 'term', 'x'), { query: 'x', offers_count: 1, offers: [listing] }),
      1,
    );
  });
});
