import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { priceFiguresOf } from './changes.figures.ts';

describe('price figures of an observation', () => {
  it("takes the content's own figures where the source gives them", () => {
    const content = {
      price_min: 10,
      price_avg: 12.5,
      price_max: 15,
      offers_count: 7,
      offers: [{ price: 11, currency: 'EUR' }],
    };
    assert.deepEqual(priceFiguresOf(content, false), {
      price_min: 10,
      price_avg: 12.5,
      price_max: 15,
      offers_count: 7,
      buybox_price: null,
      currency: 'EUR',
    });
  });

  it('computes them from the offers, and reads the buy-box price', () => {
    const content = {
      buybox: { price: 19.99, seller_name: 'A' },
      offers: [{ price: 19.99 }, { price: '21.00' }, { price: 25.5 }, { price: null }],
      currency: 'USD',
    };
    assert.deepEqual(priceFiguresOf(content, false), {
      price_min: 19.99,
      price_avg: 22.16,
      price_max: 25.5,
      offers_count: 4,
      buybox_price: 19.99,
      currency: 'USD',
    });
  });

  it('gives a not-found lookup zero offers and no prices', () => {
    assert.deepEqual(priceFiguresOf(null, true), {
      price_min: null,
      price_avg: null,
      price_max: null,
      offers_count: 0,
      buybox_price: null,
      currency: null,
    });
  });
});
