import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalDecimal, judge, metricsOf } from './score.ts';

describe('benchmark scoring', () => {
  it('compares prices as decimal numbers, as Python Decimal does', () => {
    assert.equal(canonicalDecimal('450'), canonicalDecimal('450.00'));
    assert.equal(canonicalDecimal(' 229.99 '), canonicalDecimal('229.99'));
    assert.equal(canonicalDecimal('0.50'), canonicalDecimal('.5'));
    assert.notEqual(canonicalDecimal('23.450'), canonicalDecimal('23450'));
    assert.equal(canonicalDecimal('1,299.00'), null);
    assert.equal(canonicalDecimal('€12'), null);
  });

  it('counts a wrong value as a false positive and a false negative', () => {
    assert.deepEqual(judge('price', ['450'], '450.0'), { tp: 1, fp: 0, fn: 0, support: 1 });
    assert.deepEqual(judge('price', ['450'], '12,50'), { tp: 0, fp: 1, fn: 1, support: 1 });
    assert.deepEqual(judge('price', ['450'], null), { tp: 0, fp: 0, fn: 1, support: 1 });
    assert.deepEqual(judge('price', [], '9.99'), { tp: 0, fp: 1, fn: 0, support: 0 });
    assert.deepEqual(judge('price', [], null), { tp: 0, fp: 0, fn: 0, support: 0 });
  });

  it('matches sku and availability as exact strings', () => {
    assert.equal(judge('sku', ['9249556', '924/9556'], '924/9556').tp, 1);
    assert.equal(judge('availability', ['InStock'], 'in stock').fp, 1);
  });

  it('matches a currency symbol with its ISO code, and an ambiguous symbol with any of its codes', () => {
    assert.equal(judge('currency', ['€'], 'EUR').tp, 1);
    assert.equal(judge('currency', ['Lei'], 'RON').tp, 1);
    assert.equal(judge('currency', ['$'], 'CLP').tp, 1);
    assert.equal(judge('currency', ['$'], '$').tp, 1);
    assert.equal(judge('currency', ['£'], 'EUR').fp, 1);
    assert.equal(judge('currency', ['$'], 'EUR').fp, 1);
  });

  it('matches GTINs as numbers, whatever leading zeros pad them', () => {
    assert.equal(judge('gtin', ['099482467999'], '0099482467999').tp, 1);
    assert.equal(judge('gtin', ['099482467999'], '99482467998').fp, 1);
  });

  it('leaves out pages without a recorded currency or GTIN instead of counting a prediction as wrong', () => {
    assert.deepEqual(judge('gtin', [], '4006381333931'), { tp: 0, fp: 0, fn: 0, support: 0 });
    assert.deepEqual(judge('currency', [], 'EUR'), { tp: 0, fp: 0, fn: 0, support: 0 });
  });

  it('derives precision, recall and F1 from summed counts', () => {
    const m = metricsOf([
      { tp: 1, fp: 0, fn: 0, support: 1 },
      { tp: 0, fp: 1, fn: 1, support: 1 },
      { tp: 0, fp: 0, fn: 1, support: 1 },
    ]);
    assert.equal(m.precision, 0.5);
    assert.equal(m.recall, 1 / 3);
    assert.ok(Math.abs(m.f1 - 0.4) < 1e-12);
    assert.equal(m.support, 3);
  });

  it('treats a run with no errors as perfect and one with no hits as zero', () => {
    assert.equal(metricsOf([{ tp: 0, fp: 0, fn: 0, support: 0 }]).f1, 1);
    assert.equal(metricsOf([{ tp: 0, fp: 0, fn: 2, support: 2 }]).f1, 0);
  });
});
