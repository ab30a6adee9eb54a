import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anyGtin, gtin13, itemCode, numericId, productRecord, pzn } from './sources.validators.ts';

describe('value validators', () => {
  it('accepts a GTIN-13 with a correct check digit', () => {
    assert.equal(gtin13('4006381333931'), null);
    assert.equal(gtin13('4054278533728'), null);
  });

  it('rejects a GTIN-13 with a wrong check digit or length', () => {
    assert.match(gtin13('4006381333932') ?? '', /check digit/);
    assert.match(gtin13('400638133393') ?? '', /13 digits/);
    assert.match(gtin13('40063813339a1') ?? '', /13 digits/);
  });

  it('accepts EAN-8, UPC-12 and GTIN-14 where the source allows EAN/UPC', () => {
    assert.equal(anyGtin('96385074'), null);
    assert.equal(anyGtin('036000291452'), null);
    assert.equal(anyGtin('10036000291459'), null);
    assert.match(anyGtin('036000291453') ?? '', /check digit/);
  });

  it('checks PZN mod-11 and accepts the 7-digit form', () => {
    assert.equal(pzn('01234562'), null);
    assert.equal(pzn('1234562'), null);
    assert.match(pzn('01234563') ?? '', /check digit/);
    assert.match(pzn('123') ?? '', /7 or 8 digits/);
  });

  it('rejects a PZN whose weighted sum leaves 10', () => {
    // 7 × 3 = 21 and 21 mod 11 = 10: no check digit can match.
    assert.match(pzn('00000030') ?? '', /check digit/);
  });

  it('requires 10 alphanumerics for an item code', () => {
    assert.equal(itemCode('B07FW264WL'), null);
    assert.notEqual(itemCode('B07FW264W'), null);
    assert.notEqual(itemCode('B07FW264W!'), null);
  });

  it('requires digits for a numeric id', () => {
    assert.equal(numericId('123456'), null);
    assert.notEqual(numericId('12a'), null);
  });

  it('accepts product records with a gtin, an mpn, or brand and name', () => {
    assert.equal(productRecord('4006381333931|||'), null);
    assert.equal(productRecord('||Name|'), 'product record needs a gtin, an mpn, or brand and name');
    assert.equal(productRecord('|Brand|Name, with comma|'), null);
    assert.equal(productRecord('|||MPN-1'), null);
    assert.match(productRecord('4006381333932|Brand|Name|') ?? '', /check digit/);
    assert.match(productRecord('a|b|c|d|e') ?? '', /more than 4 segments/);
  });
});
