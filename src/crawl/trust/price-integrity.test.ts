import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readOffers } from './content.ts';
import { consistencyChecks, priceIntegrity } from './price-integrity.ts';

const offer = (price: number, shipping: number, total = price + shipping) => ({ price, shipping, total });
const consistent = {
  price_min: 100,
  price_max: 120,
  price_avg: 110,
  offers_count: 3,
  offers: [offer(100, 4.99), offer(110, 0), offer(120, 0)],
};

function integrity(content: Record<string, unknown>, outliers = 0): number {
  const offers = readOffers(content);
  return priceIntegrity(content, offers, outliers, offers.length);
}

describe('price integrity', () => {
  it('is 1 for consistent totals and aggregates that agree with the offers', () => {
    assert.equal(integrity(consistent), 1);
    assert.ok(consistencyChecks(consistent, readOffers(consistent)).length >= 10);
  });

  it('drops when a total is not price plus shipping', () => {
    const broken = { ...consistent, offers: [offer(100, 4.99, 100), offer(110, 0), offer(120, 0)] };
    const value = integrity(broken);
    assert.ok(value < 1 && value > 0.8, String(value));
  });

  it('tolerates a cent of rounding in a total', () => {
    const rounded = { ...consistent, offers: [offer(100, 4.99, 104.98), offer(110, 0), offer(120, 0)] };
    assert.equal(integrity(rounded), 1);
  });

  it('drops when the aggregates are out of order or disagree with the offers', () => {
    assert.ok(integrity({ ...consistent, price_avg: 130 }) < 1, 'avg above max');
    assert.ok(integrity({ ...consistent, price_min: 90 }) < 1, 'min below every offer');
    assert.ok(integrity({ ...consistent, price_avg: 112 }) < 1, 'avg is not the mean');
  });

  it('accepts aggregates computed on totals instead of prices', () => {
    assert.equal(integrity({ ...consistent, price_min: 104.99, price_avg: (104.99 + 110 + 120) / 3 }), 1);
  });

  it('only bounds the aggregates when not every offer is listed', () => {
    const paged = { ...consistent, offers_count: 30, price_min: 89, price_max: 140, price_avg: 111 };
    assert.equal(integrity(paged), 1);
    assert.ok(integrity({ ...paged, price_min: 108 }) < 1);
  });

  it('drops by the share of outliers among the priced offers', () => {
    assert.equal(integrity(consistent, 1), 1 - 1 / 3);
  });

  it('checks a buy box and a members-only price', () => {
    const buybox = { buybox: { price: 99 }, is_premium: true, premium_price: 89 };
    assert.equal(integrity(buybox), 1);
    assert.equal(integrity({ ...buybox, premium_price: 109 }), 0.5);
    assert.equal(integrity({ ...buybox, premium_price: null }), 0.5);
  });

  it('is 0 without any price and never NaN', () => {
    assert.equal(integrity({ offers: [] }), 0);
    assert.equal(integrity({}), 0);
    assert.equal(integrity({ offers: [{ price: 'n/a' }, null] }), 0);
  });
});
