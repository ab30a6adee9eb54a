import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ResultItem } from '../work/work.table.ts';
import { changeFiguresOf, decideChange, type Baseline } from './changes.compare.ts';

const AT = '2026-01-01T10:00:00.000Z';
const LATER = '2026-01-01T11:00:00.000Z';

function item(overrides: Partial<ResultItem>): ResultItem {
  return {
    key: '1',
    success: true,
    reason: null,
    content: null,
    served_from: 'live',
    observed_at: LATER,
    trust: {
      score: 1,
      components: { identity: 1, completeness: 1, price_integrity: 1, offer_contamination: 1, freshness: 1 },
      flagged_offers: [],
      wrong_product_offers: [],
    },
    ...overrides,
  };
}

const content = (price: number, extra: Record<string, unknown> = {}) => ({
  price_min: price,
  price_max: price + 5,
  price_avg: price + 2,
  offers_count: 2,
  offers: [{ price, availability: 'in_stock' }, { price: price + 5 }],
  ...extra,
});

const baselineOf = (price: number): Baseline => ({
  ...changeFiguresOf(item({ content: content(price) })),
  observed_at: AT,
});

describe('what counts as a change (decisions G40)', () => {
  it('delivers a value seen for the first time with previous null', () => {
    const decision = decideChange(undefined, item({ content: content(10) }), LATER);
    assert.equal(decision.deliver, true);
    assert.equal(decision.previous, null);
    assert.equal(decision.baseline?.price_min, 10);
  });

  it('delivers nothing when every compared figure is the same, and moves the baseline to this run', () => {
    const decision = decideChange(baselineOf(10), item({ content: content(10) }), LATER);
    assert.equal(decision.deliver, false);
    assert.equal(decision.baseline?.observed_at, LATER);
  });

  it('delivers a moved price with the figures of the previous run', () => {
    const decision = decideChange(baselineOf(10), item({ content: content(12) }), LATER);
    assert.equal(decision.deliver, true);
    assert.deepEqual(decision.previous, {
      price_min: 10,
      price_max: 15,
      price_avg: 12,
      availability: 'in_stock',
      buybox_price: null,
      observed_at: AT,
    });
  });

  it('counts availability, the buy box and the offer count as changes', () => {
    const cases = [
      content(10, { availability: 'out_of_stock' }),
      content(10, { buybox: { price: 9.5 } }),
      content(10, { offers_count: 3 }),
    ];
    for (const changed of cases) {
      assert.equal(decideChange(baselineOf(10), item({ content: changed }), LATER).deliver, true);
    }
  });

  it('reads a found value turning into not found as a change: no prices, no offers', () => {
    const decision = decideChange(baselineOf(10), item({ reason: 'not found' }), LATER);
    assert.equal(decision.deliver, true);
    assert.deepEqual(changeFiguresOf(item({ reason: 'not found' })), {
      price_min: null,
      price_max: null,
      price_avg: null,
      availability: null,
      buybox_price: null,
      offers_count: 0,
    });
  });

  it('keeps the baseline and delivers nothing when a known value fails', () => {
    const decision = decideChange(baselineOf(10), item({ success: false, reason: 'timeout' }), LATER);
    assert.deepEqual(decision, { deliver: false, previous: null, baseline: undefined });
  });

  it('delivers a failing unknown value once, then its first success with previous null', () => {
    const failed = decideChange(undefined, item({ success: false, reason: 'timeout' }), LATER);
    assert.equal(failed.deliver, true);
    assert.equal(failed.baseline?.observed_at, null);
    assert.equal(
      decideChange(failed.baseline, item({ success: false, reason: 'timeout' }), LATER).deliver,
      false,
    );
    const recovered = decideChange(failed.baseline, item({ content: content(10) }), LATER);
    assert.equal(recovered.deliver, true);
    assert.equal(recovered.previous, null);
  });

  it('stamps a result without its own observation time with the recording time', () => {
    const decision = decideChange(undefined, item({ content: content(10), observed_at: null }), AT);
    assert.equal(decision.baseline?.observed_at, AT);
  });
});
