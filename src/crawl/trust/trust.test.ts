import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freshness } from './freshness.ts';
import { queryFor } from '../../../test/support/value-query.ts';
import {
  assessResult,
  assessTrust,
  computeTrust,
  FRESHNESS_HALF_LIFE_HOURS,
  round3,
  TRUST_WEIGHTS,
  trustScore,
} from './trust.ts';
import type { Trust } from './trust.ts';

const NOW = new Date('2025-03-01T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const NAME = 'Sonora Aria 300 Kabellose Kopfhörer, schwarz';

function sourceOneOffer(position: number, price: number, title = NAME) {
  return {
    position,
    title,
    price,
    currency: 'EUR',
    shipping: 0,
    total: price,
    seller_name: `Shop ${position}`,
    seller_url: `https://shop${position}.example/`,
    seller_type: 'standalone-shop',
    seller_rating: 4.5,
    seller_rating_count: 100,
    voucher: false,
    free_return: true,
    availability_code: 'green',
    availability_text: 'Auf Lager',
  };
}

function sourceOneProduct(prices: number[]) {
  const offers = prices.map((price, index) => sourceOneOffer(index + 1, price));
  return {
    id: '42',
    product_id: '42',
    name: NAME,
    url: 'https://compare.example/42',
    category_ids: ['2520'],
    categories: ['Kopfhörer'],
    price_min: Math.min(...prices),
    price_max: Math.max(...prices),
    price_avg: Math.round((prices.reduce((sum, price) => sum + price, 0) / prices.length) * 100) / 100,
    offers_count: prices.length,
    offers,
  };
}

const input = (content: Record<string, unknown> | null, overrides = {}) => ({
  query: queryFor('source_01', 'id', '42'),
  success: true,
  reason: null,
  content,
  observedAt: NOW,
  now: NOW,
  ...overrides,
});

function assertWellFormed(trust: Trust): void {
  for (const value of [trust.score, ...Object.values(trust.components)]) {
    assert.ok(Number.isFinite(value) && value >= 0 && value <= 1, `out of range: ${value}`);
    assert.equal(round3(value), value, `not rounded to 3 decimals: ${value}`);
  }
}

describe('trust', () => {
  it('has weights that sum to 1, as spec 2.5 gives them', () => {
    assert.deepEqual(TRUST_WEIGHTS, {
      identity: 0.25,
      completeness: 0.2,
      price_integrity: 0.25,
      offer_contamination: 0.15,
      freshness: 0.15,
    });
    const sum = Object.values(TRUST_WEIGHTS).reduce((total, weight) => total + weight, 0);
    assert.equal(Math.round(sum * 1e9) / 1e9, 1);
  });

  it('scores the weighted average of the rounded components', () => {
    const components = {
      identity: 1,
      completeness: 0.8,
      price_integrity: 0.5,
      offer_contamination: 0.9,
      freshness: 0.25,
    };
    assert.equal(trustScore(components), round3(0.25 + 0.16 + 0.125 + 0.135 + 0.0375));
    const trust = computeTrust(input(sourceOneProduct([100, 102, 105]), { observedAt: hoursAgo(5) }));
    const {
      identity,
      completeness,
      price_integrity,
      offer_contamination,
      freshness: fresh,
    } = trust.components;
    const expected =
      0.25 * identity +
      0.2 * completeness +
      0.25 * price_integrity +
      0.15 * offer_contamination +
      0.15 * fresh;
    assert.equal(trust.score, round3(expected));
  });

  it('halves freshness every half-life and exports the half-life', () => {
    assert.equal(FRESHNESS_HALF_LIFE_HOURS, 24);
    assert.equal(freshness(NOW, NOW), 1);
    assert.equal(freshness(hoursAgo(24), NOW), 0.5);
    assert.equal(freshness(hoursAgo(48), NOW), 0.25);
    assert.equal(freshness(hoursAgo(-2), NOW), 1, 'a future date is fresh');
    assert.equal(freshness(null, NOW), 0);
    assert.equal(freshness(new Date('invalid'), NOW), 0);
  });

  it('trusts a clean, complete, fresh product fully', () => {
    const trust = computeTrust(input(sourceOneProduct([100, 102, 105, 99, 101])));
    assert.deepEqual(trust, {
      score: 1,
      components: { identity: 1, completeness: 1, price_integrity: 1, offer_contamination: 1, freshness: 1 },
      flagged_offers: [],
      wrong_product_offers: [],
    });
  });

  it('flags a price outlier by its index and lowers price integrity and contamination', () => {
    const trust = computeTrust(input(sourceOneProduct([100, 102, 290, 99, 101, 104])));
    assert.deepEqual(trust.flagged_offers, [2]);
    assert.equal(trust.components.price_integrity, 0.833);
    assert.equal(trust.components.offer_contamination, 0.833);
    assert.ok(trust.score < 0.96);
  });

  it('keeps wrong-product offers out of flagged_offers and out of outlier detection', () => {
    const content = sourceOneProduct([100, 102, 99, 101, 9.99]);
    content.offers[4] = sourceOneOffer(5, 9.99, `Schutzhülle für ${NAME}`);
    const assessment = assessTrust(input(content));
    assert.deepEqual(assessment.trust.flagged_offers, []);
    assert.deepEqual(assessment.wrongProductOffers, [4]);
    assert.deepEqual(assessment.trust.wrong_product_offers, [4]);
    assert.equal(assessment.trust.components.offer_contamination, 0.8);
    assert.equal(assessment.trust.components.price_integrity, 1);
  });

  it('computes the price figures over the clean offers and keeps the figures over every offer beside them', () => {
    const content = sourceOneProduct([172.99, 284, 290, 296, 288, 840]);
    content.offers[0] = sourceOneOffer(1, 172.99, `${NAME} (Gebraucht - Gut)`);
    const { trust, content: finished } = assessResult(input(content));
    assert.deepEqual(trust.wrong_product_offers, [0]);
    assert.deepEqual(trust.flagged_offers, [5]);
    assert.deepEqual(
      {
        price_min: finished?.['price_min'],
        price_max: finished?.['price_max'],
        price_avg: finished?.['price_avg'],
        offers_count: finished?.['offers_count'],
        price_min_all: finished?.['price_min_all'],
        price_max_all: finished?.['price_max_all'],
        price_avg_all: finished?.['price_avg_all'],
        offers_count_all: finished?.['offers_count_all'],
      },
      {
        price_min: 284,
        price_max: 296,
        price_avg: 289.5,
        offers_count: 4,
        price_min_all: 172.99,
        price_max_all: 840,
        price_avg_all: 361.83,
        offers_count_all: 6,
      },
    );
    assert.equal(trust.components.price_integrity < 1, true, 'the outlier still costs integrity');
    const again = assessResult(input(finished));
    assert.deepEqual(again, { trust, content: finished }, 'finishing finished content changes nothing');
  });

  it('leaves content without offers, and failed results, as they are', () => {
    const bare = { product_id: '42', name: NAME, price_min: 10, price_max: 10, price_avg: 10 };
    assert.deepEqual(assessResult(input(bare)).content, bare);
    assert.equal(assessResult(input(null, { success: false, reason: 'timeout' })).content, null);
  });

  it('lowers price integrity for inconsistent totals', () => {
    const content = sourceOneProduct([100, 102, 105]);
    const clean = computeTrust(input(content));
    content.offers[1] = { ...sourceOneOffer(2, 102), shipping: 4.99, total: 102 };
    const broken = computeTrust(input(content));
    assert.ok(broken.components.price_integrity < clean.components.price_integrity);
    assert.ok(broken.score < clean.score);
  });

  it('gives a failed result zero components except freshness', () => {
    const trust = computeTrust(input(null, { success: false, reason: 'timeout', observedAt: hoursAgo(24) }));
    assert.deepEqual(trust, {
      score: 0.075,
      components: {
        identity: 0,
        completeness: 0,
        price_integrity: 0,
        offer_contamination: 0,
        freshness: 0.5,
      },
      flagged_offers: [],
      wrong_product_offers: [],
    });
    const unobserved = computeTrust(
      input(null, { success: false, reason: 'source currently unavailable', observedAt: null }),
    );
    assert.equal(unobserved.score, 0);
  });

  it('treats a not found result without content like a failure', () => {
    const trust = computeTrust(input(null, { reason: 'not found' }));
    assert.equal(trust.score, 0.15);
    assert.deepEqual(trust.flagged_offers, []);
  });

  it('never produces NaN, whatever the content holds', () => {
    const odd: Record<string, unknown>[] = [
      {},
      { offers: [] },
      { offers: 'none' },
      { offers: [null, 3, 'x', { price: Number.NaN }, { price: -5 }, { price: 0, total: 0 }] },
      { price_min: Number.POSITIVE_INFINITY, price_avg: 'cheap', offers_count: -1, name: 42 },
      { buybox: 'x', is_premium: true },
    ];
    for (const content of odd) {
      for (const key of ['id', 'gtin', 'term', 'product', 'pzn', 'item_code'] as const) {
        const trust = computeTrust({ ...input(content), query: queryFor('source_02', key, 'abc|x|y|z') });
        assertWellFormed(trust);
      }
    }
  });

  it('lets priceless topics keep full price integrity', () => {
    const trust = computeTrust({
      ...input({ id: '42', product_id: '42' }),
      query: queryFor('source_01', 'gtin', '4006381333931', { topic: 'convert' }),
    });
    assert.equal(trust.components.price_integrity, 1);
    assert.equal(trust.components.completeness, 1);
  });

  it('discounts content the generic extractor built after markup drift: identity unverified, completeness halved', () => {
    const query = queryFor('source_06', 'id', 'S0ABCDEFGH');
    const content = {
      product_id: 'S0ABCDEFGH',
      name: NAME,
      url: 'https://shop.example/p/S0ABCDEFGH/',
      price_min: 99.9,
      price_max: 99.9,
      price_avg: 99.9,
      currency: 'EUR',
    };
    const own = computeTrust({ ...input(content), query });
    const fallback = computeTrust({ ...input({ ...content, extracted_by: 'generic_extractor' }), query });
    assert.equal(own.components.identity, 1);
    assert.equal(fallback.components.identity, 0.5);
    assert.equal(fallback.components.completeness, round3(own.components.completeness / 2));
    assert.ok(fallback.components.price_integrity <= 0.5 && fallback.components.offer_contamination <= 0.5);
    assert.ok(fallback.score < own.score);
  });
});
